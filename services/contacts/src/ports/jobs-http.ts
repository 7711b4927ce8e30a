import { AsyncResource } from 'node:async_hooks';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import { z } from 'zod';
import type { Api } from '../../../../libs/contracts/src';
import { on, policy, type Route, type RouteRequest } from '../../../../libs/edge/src';
import { AppError, badRequest, logger, validationError } from '../../../../libs/kit/src';
import type { BulkOperation, JobStatus } from '../app/ports';
import { columnsOf, firstRecordEnd, isHeaderProblem, splitRecord } from '../domain/csv';

/**
 * Import and bulk jobs, in Plunk's shapes: the edge's side. The upload is streamed: the
 * header is checked as soon as it has arrived (a 422 before any job exists), then the file goes
 * to the contacts service in chunks, one call at a time, and is queued once complete. The edge
 * holds at most one chunk of it in memory. See docs/decisions/README.md, "Import and bulk jobs".
 */

/** The longest header the edge waits for before deciding the file is no CSV. */
const MAX_HEADER_BYTES = 64 * 1024;
/** Multipart framing around the file (boundaries, part headers) when judging Content-Length. */
const MULTIPART_SLACK = 64 * 1024;

const FILE_SUGGESTION = 'Send the CSV as multipart/form-data in a part named file, e.g. curl -F file=@contacts.csv …';

const fileProblem = (message: string, suggestion = FILE_SUGGESTION) => validationError([{ field: 'file', message, code: 'invalid_file' }], suggestion);

const tooLarge = (maxBytes: number) =>
  new AppError({
    code: 'PAYLOAD_TOO_LARGE',
    status: 413,
    message: `The file is larger than ${maxBytes} bytes`,
    errors: [{ field: 'file', message: `must be at most ${maxBytes} bytes`, code: 'too_big' }],
    suggestion: `Split the file into imports of at most ${maxBytes} bytes each.`,
  });

const contactIdExample = '01970a3c-5e1f-7b2a-9c44-2f6b1d7e8a90';

const bulkBody = z.object({
  mode: z.literal('ids').optional(),
  contactIds: z
    .array(z.string().max(100), { error: 'must be an array of 1 to 1,000 contact ids' })
    .min(1, 'must name 1 to 1,000 contact ids')
    .max(1000, 'must name 1 to 1,000 contact ids: split larger lists into several jobs'),
});

/** What the API shows of a job's status (an `uploading` import is not visible yet). */
const JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const satisfies readonly JobStatus[];
const BULK_OPERATIONS = ['subscribe', 'unsubscribe', 'delete'] as const satisfies readonly BulkOperation[];
type Shown = (typeof JOB_STATUSES)[number];

const progressField = z.number().int().min(0).max(100).describe('Percent done, 0 to 100.');
const reasonField = z.string().nullable().describe('Why a failed job failed; null otherwise.');
const finishedAtField = z.iso.datetime().nullable().describe('null until the job ends.');

const importAnswer = z.strictObject({
  jobId: z.string(),
  status: z.enum(JOB_STATUSES),
  progress: progressField,
  totalRows: z.number().int().describe('The rows of the file, header excluded (0 until counted); imported + updated + skipped once completed.'),
  imported: z.number().int().describe('Contacts created.'),
  updated: z.number().int().describe('Existing contacts patched.'),
  skipped: z.number().int().describe('Rows refused (see errors).'),
  errors: z
    .array(z.strictObject({ row: z.number().int().describe('The row of the file, the header being row 1.'), email: z.string(), reason: z.string() }))
    .describe('The first 1,000 row errors.'),
  errorCount: z.number().int().describe('How many row errors there are in all.'),
  reason: reasonField,
  createdAt: z.iso.datetime(),
  finishedAt: finishedAtField,
});

const bulkAnswer = z.strictObject({
  jobId: z.string(),
  operation: z.enum(BULK_OPERATIONS),
  status: z.enum(JOB_STATUSES),
  progress: progressField,
  totalRequested: z.number().int().describe('The distinct ids sent.'),
  succeeded: z.number().int(),
  failed: z.number().int(),
  errors: z.array(z.strictObject({ contactId: z.string(), reason: z.string() })).describe('The first 1,000 per-id errors.'),
  reason: reasonField,
  createdAt: z.iso.datetime(),
  finishedAt: finishedAtField,
});

const queuedAnswer = z.strictObject({ jobId: z.string(), status: z.literal('queued') });

const importView = (j: Awaited<ReturnType<Api<'contacts'>['GetImportJob']>>): z.infer<typeof importAnswer> => ({
  jobId: j.job_id,
  status: j.status as Shown,
  progress: j.progress,
  totalRows: j.total_rows,
  imported: j.imported,
  updated: j.updated,
  skipped: j.skipped,
  errors: j.errors.map((e) => ({ row: e.row, email: e.email, reason: e.reason })),
  errorCount: j.error_count,
  reason: j.reason || null,
  createdAt: j.created_at,
  finishedAt: j.finished_at || null,
});

const bulkView = (j: Awaited<ReturnType<Api<'contacts'>['GetBulkJob']>>): z.infer<typeof bulkAnswer> => ({
  jobId: j.job_id,
  operation: j.operation as BulkOperation,
  status: j.status as Shown,
  progress: j.progress,
  totalRequested: j.total_requested,
  succeeded: j.succeeded,
  failed: j.failed,
  errors: j.errors.map((e) => ({ contactId: e.contact_id, reason: e.reason })),
  reason: j.reason || null,
  createdAt: j.created_at,
  finishedAt: j.finished_at || null,
});

/** The upload's one part, for the reference (the handler streams it: busboy, not this schema, reads it). */
const importForm = z.object({
  file: z.string().meta({ contentMediaType: 'text/csv', description: 'The CSV file: a header row naming the columns, one of them `email`; UTF-8.' }),
});

const JOB_ID = { jobId: 'The job id the upload or bulk request answered.' };
const importExample = {
  jobId: '01970a3c-7d21-7c3e-8b10-4a5e6f708192',
  status: 'completed',
  progress: 100,
  totalRows: 3,
  imported: 1,
  updated: 1,
  skipped: 1,
  errors: [{ row: 4, email: 'not-an-email', reason: 'invalid_email' }],
  errorCount: 1,
  reason: null,
  createdAt: '2025-06-01T09:30:00.000Z',
  finishedAt: '2025-06-01T09:30:01.250Z',
};
const bulkExample = {
  jobId: '01970a3c-8e32-7d4f-9c21-5b6f7a8193a3',
  operation: 'unsubscribe',
  status: 'completed',
  progress: 100,
  totalRequested: 2,
  succeeded: 1,
  failed: 1,
  errors: [{ contactId: '01970a3c-0000-7000-8000-000000000000', reason: 'not_found' }],
  reason: null,
  createdAt: '2025-06-01T09:30:00.000Z',
  finishedAt: '2025-06-01T09:30:00.410Z',
};
const queued = (what: string) => ({
  202: { description: `${what} is queued; poll its status.`, schema: queuedAnswer, example: { jobId: bulkExample.jobId, status: 'queued' } },
});

export function jobsRoutes(contacts: () => Api<'contacts'>): Route[] {
  const auth = policy.secret;
  const bulk = (operation: 'subscribe' | 'unsubscribe' | 'delete') =>
    on.post(
      `/contacts/bulk-${operation}`,
      auth,
      {
        tag: 'Contacts',
        summary: `Bulk-${operation} contacts by id`,
        description: `Up to 1,000 contact ids, handled in the background (\`GET /contacts/bulk/{jobId}\`). Ids of no contact of this project are reported per id (\`not_found\`) and never touched.${operation === 'delete' ? '' : ` Each change emits \`contact.${operation}d\`, as a single update does.`}`,
        body: bulkBody,
        example: { contactIds: [contactIdExample] },
        responses: queued('The job'),
      },
      async (_req, res, { body }) => {
        const out = await contacts().StartBulkJob({ operation, contact_ids: body.contactIds });
        res.status(202).json({ jobId: out.job_id, status: 'queued' });
      },
    );
  return [
    on.post(
      '/contacts/import',
      auth,
      {
        tag: 'Contacts',
        summary: 'Import contacts from a CSV file',
        description:
          'Multipart upload, part `file` (5 MB by default, `IMPORT_MAX_BYTES`). The header is checked on arrival: a file that is not CSV or has no `email` column is refused (422) before any job exists. Every other column becomes `data.<column>`: ISO 8601 dates, true/false/yes/no and plain numbers are typed, everything else stays a string; existing contacts are patched. The rows are imported in the background (`GET /contacts/import/{jobId}`).',
        forwardedBody: importForm,
        example: { file: 'email,plan,seats\njane@example.com,pro,3\n' },
        responses: queued('The import'),
      },
      async (req, res) => {
        const jobId = await upload(contacts(), req);
        res.status(202).json({ jobId, status: 'queued' });
      },
      { body: 'multipart' },
    ),
    on.get(
      '/contacts/import/:jobId',
      auth,
      {
        tag: 'Contacts',
        summary: 'Status of an import',
        description:
          '`totalRows` = `imported` + `updated` + `skipped`; rows count the header as row 1. `errors` lists the first 1,000 row errors, `errorCount` all of them; `reason` says why a failed job failed.',
        params: JOB_ID,
        responses: { 200: { description: 'The job, with its counts and progress (0–100).', schema: importAnswer, example: importExample } },
        errors: { 404: { code: 'IMPORT_JOB_NOT_FOUND', description: 'No import of this project has this id.' } },
      },
      async (req, res) => {
        res.json(importView(await contacts().GetImportJob({ job_id: String(req.params.jobId) })));
      },
    ),
    bulk('subscribe'),
    bulk('unsubscribe'),
    bulk('delete'),
    on.get(
      '/contacts/bulk/:jobId',
      auth,
      {
        tag: 'Contacts',
        summary: 'Status of a bulk job',
        params: JOB_ID,
        responses: { 200: { description: 'The job, with its counts, per-id errors and progress (0–100).', schema: bulkAnswer, example: bulkExample } },
        errors: { 404: { code: 'BULK_JOB_NOT_FOUND', description: 'No bulk job of this project has this id.' } },
      },
      async (req, res) => {
        res.json(bulkView(await contacts().GetBulkJob({ job_id: String(req.params.jobId) })));
      },
    ),
  ];
}

/**
 * Streams the `file` part of a multipart upload into a new import job and queues it; returns its
 * id. Nothing is left behind when it fails: a job is created only once the header passed, and an
 * upload that fails after that (too large, the client gone, a service error) is aborted. Whatever
 * of the request is left unread is drained, so the client gets the answer.
 */
async function upload(api: Api<'contacts'>, req: RouteRequest): Promise<string> {
  if (!/^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')) throw fileProblem('is missing: the request is not multipart/form-data');
  const limits = await api.ImportLimits({});
  const maxBytes = Number(limits.max_bytes);
  const declared = Number(req.headers['content-length']);
  if (declared > maxBytes + MULTIPART_SLACK) {
    req.resume();
    throw tooLarge(maxBytes);
  }
  let bb: busboy.Busboy;
  try {
    bb = busboy({ headers: req.headers, limits: { files: 1, fileSize: maxBytes, fields: 50, fieldSize: 64 * 1024, parts: 60 } });
  } catch (err) {
    req.resume();
    throw badRequest(`Malformed multipart request: ${(err as Error).message}`, FILE_SUGGESTION);
  }
  const upload = new Upload(api, limits.chunk_bytes, maxBytes);
  try {
    return await new Promise<string>((resolve, reject) => {
      let taken = false;
      // Busboy emits from the socket's data events, outside this request's context (its project,
      // which every call to the contacts service carries): bind the handler to it.
      bb.on(
        'file',
        AsyncResource.bind((name: string, stream: Readable & { truncated?: boolean }, info: busboy.FileInfo) => {
          if (name !== 'file' || taken) return void stream.resume();
          taken = true;
          upload.take(stream, info.filename ?? 'import.csv').then(resolve, reject);
        }),
      );
      bb.on('error', (err) => reject(badRequest(`Malformed multipart request: ${(err as Error).message}`, FILE_SUGGESTION)));
      bb.on('close', () => {
        if (!taken) reject(fileProblem('is missing: no part named file'));
      });
      req.on('close', () => {
        if (!req.complete) reject(badRequest('The upload was cut off before its end'));
      });
      req.pipe(bb);
    });
  } catch (err) {
    req.unpipe(bb);
    req.resume();
    await upload.abort();
    throw err;
  }
}

/** One file being uploaded: its header checked, then sent on in chunks. */
class Upload {
  private jobId?: string;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private seq = 0;
  private bytes = 0;

  constructor(
    private readonly api: Api<'contacts'>,
    private readonly chunkBytes: number,
    private readonly maxBytes: number,
  ) {}

  async take(file: NodeJS.ReadableStream & { truncated?: boolean }, filename: string): Promise<string> {
    let truncated = false;
    file.on('limit', () => (truncated = true));
    let head: Buffer | undefined = Buffer.alloc(0);
    for await (const piece of file as AsyncIterable<Buffer>) {
      if (truncated) break;
      this.bytes += piece.length;
      if (head) {
        head = Buffer.concat([head, piece]);
        const end = firstRecordEnd(head);
        if (end < 0 && head.length <= MAX_HEADER_BYTES) continue;
        await this.begin(end < 0 ? head : head.subarray(0, end), filename);
        await this.push(head);
        head = undefined;
      } else {
        await this.push(piece);
      }
    }
    if (truncated || file.truncated) throw tooLarge(this.maxBytes);
    if (head) {
      if (head.length === 0) throw fileProblem('is empty', 'Send a CSV file whose first row names the columns, one of them email.');
      await this.begin(head, filename);
      await this.push(head);
    }
    await this.flush();
    await this.api.CommitImport({ job_id: this.jobId!, chunks: this.seq, bytes: String(this.bytes) });
    return this.jobId!;
  }

  /** Checks the header (UTF-8 text naming an `email` column) and opens the job. */
  private async begin(header: Buffer, filename: string) {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(header);
    } catch {
      throw fileProblem('is not a CSV file (its first row is not UTF-8 text)', 'Export the sheet as CSV UTF-8 (comma-separated) and send that file.');
    }
    if (text.includes('\0') || header.length > MAX_HEADER_BYTES) {
      throw fileProblem('is not a CSV file', 'Export the sheet as CSV UTF-8 (comma-separated) and send that file.');
    }
    const columns = columnsOf(splitRecord(text));
    if (isHeaderProblem(columns)) throw fileProblem(columns.message, columns.suggestion);
    this.jobId = (await this.api.BeginImport({ filename })).job_id;
  }

  private async push(data: Buffer) {
    this.pending.push(data);
    this.pendingBytes += data.length;
    while (this.pendingBytes >= this.chunkBytes) {
      const all = Buffer.concat(this.pending);
      await this.send(all.subarray(0, this.chunkBytes));
      const rest = all.subarray(this.chunkBytes);
      this.pending = rest.length ? [rest] : [];
      this.pendingBytes = rest.length;
    }
  }

  private async flush() {
    if (this.pendingBytes) await this.send(Buffer.concat(this.pending));
    this.pending = [];
    this.pendingBytes = 0;
  }

  private async send(data: Buffer) {
    await this.api.AppendImportChunk({ job_id: this.jobId!, seq: this.seq, data });
    this.seq++;
  }

  /** Drops the job of an upload that failed (best effort: the sweep drops it after an hour anyway). */
  async abort() {
    if (!this.jobId) return;
    await this.api
      .AbortImport({ job_id: this.jobId })
      .catch((err) => logger.warn({ err: (err as Error).message, jobId: this.jobId }, 'could not abort an import upload'));
  }
}
