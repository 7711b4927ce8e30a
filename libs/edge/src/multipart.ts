import { AsyncResource } from 'node:async_hooks';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { badRequest } from '../../kit/src/errors';
import type { RouteRequest } from './route';

export type FilePart = Readable & { truncated?: boolean };

export interface FilePartOptions<T> {
  /** The part's name (`image`, `file`). */
  field: string;
  /** busboy's limit per file: a file that reaches it is marked `truncated` and emits `limit`. */
  fileSize: number;
  /** Reads the part (in the request's context): what the route works with, or its refusal. */
  take(stream: FilePart, info: busboy.FileInfo): Promise<T>;
  /** The refusal when the request has no such part. */
  missing(): Error;
  /** The suggestion of a 400 for a malformed multipart body. */
  suggestion: string;
}

/**
 * Streams a multipart/form-data request through busboy to the first part named `field` and
 * answers what `take` makes of it; other parts are skipped unread. Fails with `missing()` when no
 * such part comes, with a 400 when the body is malformed or cut off, and with whatever `take`
 * throws; on any failure the rest of the request is drained (not kept), so the client gets the
 * answer. The caller checks the Content-Type and Content-Length first.
 */
export async function readFilePart<T>(req: RouteRequest, opts: FilePartOptions<T>): Promise<T> {
  let bb: busboy.Busboy;
  try {
    bb = busboy({ headers: req.headers, limits: { files: 3, fileSize: opts.fileSize, fields: 20, fieldSize: 64 * 1024, parts: 30 } });
  } catch (err) {
    req.resume();
    throw badRequest(`Malformed multipart request: ${(err as Error).message}`, opts.suggestion);
  }
  try {
    return await new Promise<T>((resolve, reject) => {
      let taken = false;
      // busboy emits from the socket's data events, outside the request's context (its project,
      // which every call to a service carries): the handler is bound to it.
      const onFile = AsyncResource.bind((name: string, stream: FilePart, info: busboy.FileInfo) => {
        if (name !== opts.field || taken) return void stream.resume();
        taken = true;
        opts.take(stream, info).then(resolve, reject);
      });
      bb.on('file', onFile);
      bb.on('error', (err) => reject(badRequest(`Malformed multipart request: ${(err as Error).message}`, opts.suggestion)));
      bb.on('close', () => taken || reject(opts.missing()));
      req.on('close', () => req.complete || reject(badRequest('The upload was cut off before its end')));
      req.pipe(bb);
    });
  } catch (err) {
    req.unpipe(bb);
    req.resume();
    throw err;
  }
}
