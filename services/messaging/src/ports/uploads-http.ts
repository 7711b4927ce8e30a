import type busboy from 'busboy';
import { z } from 'zod';
import type { Api } from '../../../../libs/contracts/src';
import { on, policy, readFilePart, type FilePart, type Route, type RouteRequest } from '../../../../libs/edge/src';
import { AppError } from '../../../../libs/kit/src';
import {
  IMAGE_CACHE_CONTROL,
  IMAGE_FIELD,
  IMAGE_TYPES,
  imageMissing,
  imageTooLarge,
  MAX_IMAGE_BYTES,
  notAnImage,
  parseImageKey,
  SNIFF_BYTES,
  sniffImage,
  type ImageType,
} from '../domain/images';

/**
 * POST /uploads/image (Plunk's) and the images' public addresses: the edge's side. The upload is
 * read as it arrives: refused by its Content-Length before a byte is read when that says it is too
 * large, by its first bytes as soon as they show it is no image, and once 10 MB have arrived
 * otherwise; so the edge holds at most MAX_IMAGE_BYTES of one upload, never an unbounded body.
 * A whole image then goes to messaging in one call (under gRPC's 64 MB message limit), which
 * checks it again and stores it. See docs/decisions/README.md, "Image uploads".
 */

/** Multipart framing around the file (boundaries, part headers, small fields) when judging Content-Length. */
const MULTIPART_SLACK = 64 * 1024;
/** Storing 10 MB in a bucket far away takes longer than an ordinary call's deadline. */
const IMAGE_DEADLINE_MS = 30_000;

const MALFORMED = 'Send the image as multipart/form-data in a part named image, e.g. curl -F image=@logo.png …';

const uploadForm = z.object({
  image: z.string().meta({
    contentMediaType: 'application/octet-stream',
    description: 'The image: JPEG, PNG, GIF or WebP, recognised by its content (the declared type and the file name are not trusted); at most 10 MB.',
  }),
});

const uploadAnswer = z.strictObject({
  url: z.string().describe('Where the image is served, to anyone.'),
  key: z.string().describe('Its storage key: the project id, 32 random characters and the extension.'),
  filename: z.string().describe('The name it was uploaded with.'),
  contentType: z.enum(IMAGE_TYPES.map((t) => t.contentType) as [ImageType['contentType'], ...ImageType['contentType'][]]).describe('From its content.'),
  size: z.number().int().describe('Bytes.'),
});

const projectIdExample = '01970a3c-1b2c-7d3e-8f40-5a6b7c8d9e0f';
const keyExample = `${projectIdExample}/q3V8mZ0bXcK1nTfP2yHsL7wRuA9eDgJ4.png`;

const imageNotFound = () =>
  new AppError({ code: 'IMAGE_NOT_FOUND', status: 404, message: 'No image has this address', suggestion: 'Use the url an upload answered with.' });

export function uploadRoutes(messaging: () => Api<'messaging'>): Route[] {
  return [
    on.post(
      '/uploads/image',
      policy.secret,
      {
        tag: 'Uploads',
        summary: 'Upload an image for emails',
        description:
          "Multipart upload, part `image`: a JPEG, PNG, GIF or WebP file of at most 10 MB, recognised by its first bytes — the declared content type and the file name are not trusted, and anything else (an HTML or SVG file declared `image/png` too) is refused with 415. The image is stored under a new, unguessable key prefixed with the project id, and served to anyone at `url` (cacheable; `GET /uploads/{projectId}/{file}`, or the S3 bucket's public address when `S3_PUBLIC_URL` is set).",
        forwardedBody: uploadForm,
        example: { image: '<the bytes of logo.png>' },
        responses: {
          200: {
            description: 'The stored image: where it is served, its key, the name it was uploaded with, its type (from its content) and its size in bytes.',
            schema: uploadAnswer,
            example: { url: `https://mail.example.com/uploads/${keyExample}`, key: keyExample, filename: 'logo.png', contentType: 'image/png', size: 48213 },
          },
        },
        errors: {
          413: { code: 'PAYLOAD_TOO_LARGE', description: 'The image is larger than 10 MB.' },
          415: { code: 'UNSUPPORTED_MEDIA_TYPE', description: 'The file is no JPEG, PNG, GIF or WebP image, judged by its content.' },
          503: { code: 'STORAGE_UNAVAILABLE', description: 'The image storage (upload directory or S3 bucket) cannot take it now.' },
        },
      },
      async (req, res) => {
        const file = await readImage(req);
        const out = await messaging().PutImage({ data: file.data, filename: file.filename }, { deadlineMs: IMAGE_DEADLINE_MS });
        res.json({ url: out.url, key: out.key, filename: out.filename, contentType: out.content_type, size: Number(out.size) });
      },
      { body: 'multipart' },
    ),
    on.get(
      '/uploads/:projectId/:file',
      policy.public,
      {
        tag: 'Uploads',
        summary: 'An uploaded image',
        description:
          'Public, for mail clients and browsers: the image with its type (from its content at upload), `Cache-Control: public, max-age=31536000, immutable` (a key is never reused) and `X-Content-Type-Options: nosniff`. Only addresses of the shape uploads answer with name an image.',
        params: {
          projectId: "The project the image was uploaded to (the key's prefix).",
          file: 'The rest of the key: 32 random characters and the extension.',
        },
        responses: { 200: { description: 'The image.', type: 'image/png' } },
        errors: { 404: { code: 'IMAGE_NOT_FOUND', description: 'No image has this address.' } },
      },
      async (req, res) => {
        const key = `${req.params.projectId}/${req.params.file}`;
        if (!parseImageKey(key)) throw imageNotFound();
        // What is under a key never changes: the key is the validator, and a client holding it needs no bytes.
        const etag = `"${String(req.params.file).split('.')[0]}"`;
        if (req.headers['if-none-match']?.split(',').some((v) => v.trim() === etag || v.trim() === `W/${etag}`)) {
          return void res.status(304).set({ ETag: etag, 'Cache-Control': IMAGE_CACHE_CONTROL }).end();
        }
        const image = await messaging().GetImage({ key }, { deadlineMs: IMAGE_DEADLINE_MS });
        res
          .set({
            'Content-Type': image.content_type,
            'Cache-Control': IMAGE_CACHE_CONTROL,
            ETag: etag,
            'X-Content-Type-Options': 'nosniff',
            // Should a browser open it as a document anyway: no scripts, no subresources.
            'Content-Security-Policy': "default-src 'none'; sandbox",
            // Dashboards and web mail on other origins show it.
            'Cross-Origin-Resource-Policy': 'cross-origin',
          })
          .send(Buffer.from(image.data));
      },
    ),
  ];
}

/**
 * The `image` part of a multipart upload, whole, once its first bytes showed an image and it
 * stayed within MAX_IMAGE_BYTES; else the refusal, as early as it can be known. Whatever of the
 * request is left unread is drained (not kept), so the client gets the answer.
 */
async function readImage(req: RouteRequest): Promise<{ data: Buffer; filename: string }> {
  if (!/^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')) {
    req.resume();
    throw imageMissing('is missing: the request is not multipart/form-data');
  }
  if (Number(req.headers['content-length']) > MAX_IMAGE_BYTES + MULTIPART_SLACK) {
    req.resume();
    throw imageTooLarge();
  }
  // One byte over the limit: busboy marks a file that reaches its limit as truncated, and a file of exactly 10 MB is accepted.
  return readFilePart(req, {
    field: IMAGE_FIELD,
    fileSize: MAX_IMAGE_BYTES + 1,
    take: collect,
    missing: () => imageMissing('is missing: no part named image'),
    suggestion: MALFORMED,
  });
}

/** Reads one file part: refused at its first bytes when they are no image, at the limit when too large. */
async function collect(stream: FilePart, info: busboy.FileInfo): Promise<{ data: Buffer; filename: string }> {
  let truncated = false;
  stream.on('limit', () => (truncated = true));
  const pieces: Buffer[] = [];
  let bytes = 0;
  let sniffed = false;
  try {
    for await (const piece of stream as AsyncIterable<Buffer>) {
      if (truncated) break;
      pieces.push(piece);
      bytes += piece.length;
      if (!sniffed && bytes >= SNIFF_BYTES) {
        const head = Buffer.concat(pieces);
        if (!sniffImage(head.subarray(0, SNIFF_BYTES))) throw notAnImage(head.subarray(0, 256), info.mimeType);
        sniffed = true;
      }
    }
  } finally {
    stream.resume();
  }
  if (truncated || bytes > MAX_IMAGE_BYTES) throw imageTooLarge();
  if (bytes === 0) throw imageMissing('is empty');
  const data = Buffer.concat(pieces, bytes);
  if (!sniffed && !sniffImage(data)) throw notAnImage(data, info.mimeType);
  return { data, filename: info.filename ?? '' };
}
