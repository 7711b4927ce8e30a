/**
 * CSV import and bulk jobs (their status in Plunk's shape): the calls the edge makes to
 * upload a file and start or read a job, and the worker that runs a job from the contacts.jobs.bulk
 * work queue. See docs/decisions/README.md, "Import and bulk jobs".
 */
import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { parse as parseCsv } from 'fast-csv';
import type { NewEvent } from '../../../../libs/bus/src';
import type { Work } from '../../../../libs/db/src';
import { projectOf, type Handlers } from '../../../../libs/contracts/src';
import { AppError, isUuid, logger, newId, notFound, validationError } from '../../../../libs/kit/src';
import { columnsOf, isHeaderProblem, RecordCounter, rowOf, type ImportColumns } from '../domain/csv';
import { fieldBudgetError } from '../domain/data';
import { flattenLeaves, inferType, type FieldType } from '../domain/types';
import type { JsonObject } from '../domain/data';
import { contactDeleted, contactsChanged, subscriptionChanged } from './events';
import type { BulkOperation, ContactsStore, JobError, JobRow, JobsStore } from './ports';

export const MAX_BULK_IDS = 1000;
/** Errors a job's status lists (the first, by row or position); `errorCount` says how many there are. */
export const MAX_LISTED_ERRORS = 1000;
/** A job whose worker died this many times fails (see JobsStore.sweep). */
export const MAX_ATTEMPTS = 5;
const BULK_BATCH = 250;
const OPERATIONS: Record<string, BulkOperation> = { subscribe: 'subscribe', unsubscribe: 'unsubscribe', delete: 'delete' };

export interface JobsDeps {
  jobs: JobsStore;
  contacts: ContactsStore;
  /** IMPORT_MAX_BYTES. */
  maxBytes: number;
  /** The most bytes one upload chunk carries. */
  chunkBytes: number;
  /** JOB_LEASE_SECONDS, in ms. */
  leaseMs: number;
  /** Rows written per statement and transaction. */
  batchRows: number;
}

export type JobHandlers = Pick<
  Handlers<'contacts'>,
  'ImportLimits' | 'BeginImport' | 'AppendImportChunk' | 'CommitImport' | 'AbortImport' | 'GetImportJob' | 'StartBulkJob' | 'GetBulkJob'
>;

const importNotFound = () => notFound('Import job', 'IMPORT_JOB_NOT_FOUND');
const bulkNotFound = () => notFound('Bulk job', 'BULK_JOB_NOT_FOUND');
const tooLarge = (maxBytes: number) =>
  new AppError({
    code: 'PAYLOAD_TOO_LARGE',
    status: 413,
    message: `The file is larger than ${maxBytes} bytes`,
    errors: [{ field: 'file', message: `must be at most ${maxBytes} bytes`, code: 'too_big' }],
    suggestion: 'Split the file into several imports (IMPORT_MAX_BYTES sets the limit).',
  });

/** 0–100: how far the job got. */
function progressOf(job: JobRow): number {
  if (job.status === 'completed') return 100;
  if (!job.total) return 0;
  return Math.min(99, Math.floor((job.processed * 100) / job.total));
}

export function jobsHandlers(d: JobsDeps): JobHandlers {
  const { jobs } = d;
  return {
    async ImportLimits() {
      return { max_bytes: String(d.maxBytes), chunk_bytes: d.chunkBytes };
    },

    async BeginImport(req, meta) {
      const id = newId();
      // A name for people to read: control characters (NUL, which PostgreSQL text cannot hold, included) go.
      const filename =
        req.filename
          // eslint-disable-next-line no-control-regex -- the control characters are what it removes
          .replace(/[\u0000-\u001f\u007f]/g, '')
          .trim()
          .slice(0, 255) || 'import.csv';
      await jobs.createImport(projectOf(meta), id, filename);
      return { job_id: id };
    },

    async AppendImportChunk(req, meta) {
      const projectId = projectOf(meta);
      if (!isUuid(req.job_id)) throw importNotFound();
      const data = Buffer.from(req.data);
      if (data.length === 0 || data.length > d.chunkBytes)
        throw validationError([{ field: 'data', message: `a chunk holds 1 to ${d.chunkBytes} bytes`, code: 'too_big' }]);
      const refused = await jobs.appendChunk(projectId, req.job_id, req.seq, data, d.maxBytes);
      if (refused === 'not_found') throw importNotFound();
      if (refused === 'out_of_order')
        throw new AppError({
          code: 'CONFLICT',
          status: 409,
          message: `Chunk ${req.seq} is not the next one of this upload`,
          suggestion: 'Upload the file again.',
        });
      if (refused === 'too_large') throw tooLarge(d.maxBytes);
      return {};
    },

    async CommitImport(req, meta) {
      const projectId = projectOf(meta);
      if (!isUuid(req.job_id)) throw importNotFound();
      if (!(await jobs.commitImport(projectId, req.job_id, req.chunks, Number(req.bytes)))) {
        throw new AppError({ code: 'CONFLICT', status: 409, message: 'The stored file is not the one sent', suggestion: 'Upload the file again.' });
      }
      return { job_id: req.job_id };
    },

    async AbortImport(req, meta) {
      if (isUuid(req.job_id)) await jobs.abortImport(projectOf(meta), req.job_id);
      return {};
    },

    async GetImportJob(req, meta) {
      const projectId = projectOf(meta);
      if (!isUuid(req.job_id)) throw importNotFound();
      const job = await jobs.get(projectId, req.job_id);
      if (!job || job.kind !== 'import' || job.status === 'uploading') throw importNotFound();
      const errors = job.error_count ? await jobs.errors(projectId, job.id, MAX_LISTED_ERRORS) : [];
      return {
        job_id: job.id,
        status: job.status,
        progress: progressOf(job),
        total_rows: job.total ?? 0,
        imported: job.imported,
        updated: job.updated,
        skipped: job.skipped,
        errors: errors.map((e) => ({ row: e.n, email: e.email ?? '', reason: e.reason })),
        error_count: job.error_count,
        reason: job.reason ?? '',
        created_at: job.created_at.toISOString(),
        finished_at: job.finished_at?.toISOString() ?? '',
      };
    },

    async StartBulkJob(req, meta) {
      const projectId = projectOf(meta);
      const operation = OPERATIONS[req.operation];
      if (!operation) throw validationError([{ field: 'operation', message: 'must be subscribe, unsubscribe or delete', code: 'invalid_enum_value' }]);
      if (req.contact_ids.length < 1 || req.contact_ids.length > MAX_BULK_IDS) {
        throw validationError(
          [{ field: 'contactIds', message: `must hold 1 to ${MAX_BULK_IDS} contact ids`, code: req.contact_ids.length ? 'too_big' : 'too_small' }],
          `Send contactIds: an array of 1 to ${MAX_BULK_IDS} ids; split a longer list into several jobs.`,
        );
      }
      // The same id twice is one id (compared as UUIDs are: case-insensitively).
      const seen = new Set<string>();
      const ids = req.contact_ids
        .map((id) => id.trim())
        .filter((id) => {
          const key = id.toLowerCase();
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        });
      const id = newId();
      await jobs.createBulk(projectId, id, operation, ids);
      return { job_id: id };
    },

    async GetBulkJob(req, meta) {
      const projectId = projectOf(meta);
      if (!isUuid(req.job_id)) throw bulkNotFound();
      const job = await jobs.get(projectId, req.job_id);
      if (!job || job.kind !== 'bulk') throw bulkNotFound();
      const errors = job.error_count ? await jobs.errors(projectId, job.id, MAX_LISTED_ERRORS) : [];
      return {
        job_id: job.id,
        operation: job.operation,
        status: job.status,
        progress: progressOf(job),
        total_requested: job.total ?? 0,
        succeeded: job.succeeded,
        failed: job.failed,
        errors: errors.map((e) => ({ contact_id: e.contactId ?? '', reason: e.reason })),
        reason: job.reason ?? '',
        created_at: job.created_at.toISOString(),
        finished_at: job.finished_at?.toISOString() ?? '',
      };
    },
  };
}

/** The job is no longer this worker's (its lease expired and another took it): stop, write nothing more. */
class LostLease extends Error {}

/** A job that cannot go on, with the reason its status shows. */
class JobFailed extends Error {}

const DEADLOCK = '40P01';

/**
 * The work handler of contacts.jobs.bulk: claims the job (queued, or running with its lease
 * expired), runs it from its checkpoint in batches — each batch's effects, its counts and the new
 * checkpoint in one transaction, fenced by the claim — and ends it completed or failed. When the
 * process drains, it gives the job back between batches for another worker (or the next start)
 * to resume. A lease heartbeat runs meanwhile.
 */
export async function runJob(d: JobsDeps, projectId: string, jobId: string, stopping: () => boolean): Promise<void> {
  const worker = newId();
  const job = await d.jobs.claim(projectId, jobId, worker, d.leaseMs);
  if (!job) return; // done, running elsewhere, or not ours to run
  let lost = false;
  const beat = setInterval(
    () => {
      d.jobs.heartbeat(projectId, jobId, worker, d.leaseMs).then(
        (held) => (lost ||= !held),
        (err) => logger.warn({ err: (err as Error).message, jobId }, 'job lease heartbeat failed'),
      );
    },
    Math.max(200, Math.floor(d.leaseMs / 3)),
  );
  const run: JobRun = { d, job, worker, stopping: () => stopping() || lost };
  try {
    const outcome = job.kind === 'import' ? await runImport(run) : await runBulk(run);
    if (outcome === 'released') await d.jobs.release(projectId, jobId, worker);
    else await d.jobs.finish(projectId, jobId, worker, outcome);
    logger.info({ jobId, kind: job.kind, outcome: typeof outcome === 'string' ? outcome : outcome.status }, 'contacts job ran');
  } catch (err) {
    if (err instanceof LostLease) return void logger.warn({ jobId }, 'contacts job: lease lost to another worker; stopped');
    if (err instanceof JobFailed) return void (await d.jobs.finish(projectId, jobId, worker, { status: 'failed', reason: err.message }));
    // PostgreSQL refused the data itself (a data exception, a value past a limit): trying again
    // would fail the same way.
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && /^(22|54)/.test(code)) {
      logger.warn({ err, jobId }, 'contacts job: the database refused its data');
      return void (await d.jobs.finish(projectId, jobId, worker, {
        status: 'failed',
        reason: `rejected_data: the database refused a row of this batch (${(err as Error).message})`,
      }));
    }
    // The database unreachable, or a bug: the job stays `running` until its lease expires, and
    // the sweep queues it again (and fails it after MAX_ATTEMPTS interruptions).
    logger.error({ err, jobId }, 'contacts job stopped by an error; it resumes after its lease');
  } finally {
    clearInterval(beat);
  }
}

interface JobRun {
  d: JobsDeps;
  job: JobRow;
  worker: string;
  stopping(): boolean;
}

type Outcome = 'released' | { status: 'completed' | 'failed'; reason?: string; total?: number };

/** Runs fn in a transaction that holds the job (else LostLease); a deadlock is retried. */
async function fenced<T>(run: JobRun, fn: (work: Work) => Promise<T>): Promise<T> {
  const { d, job, worker } = run;
  for (let attempt = 1; ; attempt++) {
    try {
      return await d.jobs.uow.run(async (work) => {
        if (!(await d.jobs.holds(work, job.project_id, job.id, worker))) throw new LostLease();
        return fn(work);
      });
    } catch (err) {
      if ((err as { code?: string }).code !== DEADLOCK || attempt >= 3) throw err;
    }
  }
}

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

// ---------------------------------------------------------------------------------------------
// Import

/** The stored file, chunk by chunk, in order. */
async function* fileChunks(run: JobRun): AsyncGenerator<Buffer> {
  for (let seq = 0; seq < run.job.chunks; seq++) {
    const chunk = await run.d.jobs.chunk(run.job.project_id, run.job.id, seq);
    if (!chunk) throw new JobFailed(`missing_file: part ${seq} of the uploaded file is gone; upload it again`);
    yield chunk;
  }
}

/**
 * Before any row is written: the file must be UTF-8 (a BOM is fine) without NUL bytes (which
 * PostgreSQL text cannot hold) and parse as CSV to its end (every quote closed). Returns its data
 * rows (records after the header, blank ones not counted).
 */
async function checkFile(run: JobRun): Promise<number> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const counter = new RecordCounter();
  let offset = 0;
  for await (const chunk of fileChunks(run)) {
    try {
      decoder.decode(chunk, { stream: true });
    } catch {
      throw new JobFailed(`invalid_utf8: the file is not UTF-8 text (the bytes after offset ${offset} are not); save it as CSV UTF-8 and import it again`);
    }
    const nul = chunk.indexOf(0);
    if (nul >= 0)
      throw new JobFailed(
        `not_csv: the file holds a NUL byte (at offset ${offset + nul}), so it is no CSV text; export the sheet as CSV UTF-8 and import that`,
      );
    counter.feed(chunk);
    offset += chunk.length;
  }
  try {
    decoder.decode();
  } catch {
    throw new JobFailed('invalid_utf8: the file ends in the middle of a UTF-8 character; save it as CSV UTF-8 and import it again');
  }
  const records = counter.end();
  if (counter.malformedAt !== undefined) {
    throw new JobFailed(
      `malformed_csv: row ${counter.malformedAt} has a quote that is not closed, or text after a closing quote; fix that row and import the file again`,
    );
  }
  return Math.max(0, records - 1);
}

/** One data row: its index among the data rows (1 = the row after the header) and its cells. */
interface Row {
  index: number;
  cells: string[];
}

/**
 * Reads the file through fast-csv and imports it in batches, one batch's statement in flight
 * while the next batch is read and checked (the rows of a batch are judged before it is sent, in
 * file order, so duplicates are found in order whatever is in flight).
 */
async function runImport(run: JobRun): Promise<Outcome> {
  const { d, job } = run;
  const started = performance.now();
  // The stored file never changes: a job resumed after a restart was checked when it first ran.
  const total = job.total ?? (await checkFile(run));
  const checkMs = performance.now() - started;
  if (job.total !== total)
    await fenced(run, (work) => d.jobs.progress(work, job.project_id, job.id, { processed: job.processed, total, errors: [] }, d.leaseMs));

  const state: ImportState = { columns: undefined, seen: new Set(), index: 0 };
  const parser = Readable.from(withoutBom(fileChunks(run))).pipe(parseCsv({ headers: false, ignoreEmpty: true }));
  let batch: Row[] = [];
  let inflight: Promise<void> | undefined;
  let waitMs = 0;
  /** Waits for the batch in flight (its error surfaces here); false when the job is to be handed back. */
  const settled = async () => {
    const before = performance.now();
    if (inflight) await inflight;
    inflight = undefined;
    waitMs += performance.now() - before;
    return !run.stopping();
  };
  const send = (rows: Row[]) => {
    inflight = importBatch(run, state, rows);
    inflight.catch(() => undefined); // handled when awaited
  };
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      if (!state.columns) {
        const columns = columnsOf(cells);
        if (isHeaderProblem(columns)) throw new JobFailed(`invalid_header: ${columns.message}`);
        // Its columns are the fields it would add: all of them fit in the project's, or none is imported.
        const { total, added } = await d.contacts.fieldBudget(
          job.project_id,
          columns.data.map((c) => c.key),
        );
        const tooMany = fieldBudgetError(total, added);
        if (tooMany) throw new JobFailed(`too_many_fields: ${tooMany.message}`);
        state.columns = columns;
        continue;
      }
      const index = ++state.index;
      if (index <= job.processed) {
        remember(state, cells); // done before the interruption: only what duplicates need
        continue;
      }
      batch.push({ index, cells });
      if (batch.length >= d.batchRows) {
        if (!(await settled())) return 'released';
        send(batch);
        batch = [];
        await yieldToOthers();
      }
    }
    if (!state.columns) throw new JobFailed('invalid_header: the file is empty');
    if (!(await settled())) return 'released';
    if (batch.length) send(batch);
    await settled();
  } catch (err) {
    parser.destroy();
    await inflight?.catch(() => undefined);
    if (err instanceof JobFailed || err instanceof LostLease) throw err;
    if (isParseError(err)) throw new JobFailed(`malformed_csv: ${(err as Error).message}`);
    throw err;
  }
  logger.info(
    { jobId: job.id, rows: state.index - job.processed, checkMs: Math.round(checkMs), waitMs: Math.round(waitMs), ms: Math.round(performance.now() - started) },
    'contacts import: where the time went',
  );
  return { status: 'completed', total: state.index };
}

const isParseError = (err: unknown) => err instanceof Error && /^Parse Error/.test(err.message);

async function* withoutBom(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let first = true;
  for await (const chunk of chunks) {
    yield first && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf ? chunk.subarray(3) : chunk;
    first = false;
  }
}

interface ImportState {
  columns?: ImportColumns;
  /** Emails of the rows before, in this file: a later row with one of them is a duplicate. */
  seen: Set<string>;
  /** Data rows read so far. */
  index: number;
}

function remember(state: ImportState, cells: string[]) {
  const row = rowOf(cells, state.columns!);
  if (row.ok) state.seen.add(row.email);
}

/**
 * One batch of rows: the rules of each row (domain/csv.ts), then in one transaction fenced by the
 * claim: the contacts (one multi-row upsert: new ones with their `contact.subscribed` events,
 * data merged into existing ones, see ContactsStore.importBatch), the types of fields seen first,
 * the errors, the counts and the checkpoint.
 */
async function importBatch(run: JobRun, state: ImportState, rows: Row[]) {
  const { d, job } = run;
  const projectId = job.project_id;
  const errors: JobError[] = [];
  const items: Array<{ ord: number; id: string; email: string; set: JsonObject }> = [];
  const types = new Map<string, FieldType>(); // first value in file order fixes a new field's type
  for (const { index, cells } of rows) {
    const row = rowOf(cells, state.columns!);
    const fileRow = index + 1; // the header is row 1
    if (!row.ok) {
      errors.push({ n: fileRow, email: row.email, reason: row.reason });
      continue;
    }
    if (state.seen.has(row.email)) {
      errors.push({ n: fileRow, email: row.email, reason: 'duplicate_email' });
      continue;
    }
    state.seen.add(row.email);
    items.push({ ord: fileRow, id: newId(), email: row.email, set: row.set });
    for (const [key, value] of flattenLeaves(row.set)) {
      const type = inferType(value);
      if (type && !types.has(key)) types.set(key, type);
    }
  }
  await fenced(run, async (work) => {
    let imported = 0;
    let updated = 0;
    for (const r of items.length ? await d.contacts.importBatch(work, projectId, items) : []) {
      if (r.outcome === 'inserted') imported++;
      else updated++;
    }
    const unchanged = items.length - imported - updated;
    await d.contacts.recordFieldTypes(
      projectId,
      [...types].map(([key, type]) => ({ key, type })),
      work,
    );
    if (imported + updated) await d.jobs.outbox.enqueue(work, [contactsChanged(projectId, imported + updated)]);
    await d.jobs.progress(
      work,
      projectId,
      job.id,
      { processed: rows[rows.length - 1].index, imported, updated, skipped: unchanged + errors.length, errors },
      d.leaseMs,
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Bulk

/**
 * Subscribes, unsubscribes or deletes the job's contacts in batches, with the domain events a
 * single update or delete publishes (UpdateContact, DeleteContact). An id of no contact of the
 * project — another project's, unknown or malformed — is an error `not_found` and touches nothing.
 * Subscribing a contact already subscribed succeeds and publishes nothing (no change).
 */
async function runBulk(run: JobRun): Promise<Outcome> {
  const { d, job } = run;
  const ids = job.contact_ids ?? [];
  for (let start = job.processed; start < ids.length; start += BULK_BATCH) {
    const slice = ids.slice(start, start + BULK_BATCH);
    // StartBulkJob stored the ids deduplicated.
    const valid = slice.filter((id) => isUuid(id)).map((id) => id.toLowerCase());
    await fenced(run, async (work) => {
      const events: NewEvent[] = [];
      const found = new Set<string>();
      if (job.operation === 'delete') {
        for (const c of await d.jobs.deleteMany(work, job.project_id, valid)) {
          found.add(c.id);
          events.push(contactDeleted(job.project_id, c));
        }
      } else {
        for (const c of await d.jobs.setSubscribed(work, job.project_id, valid, job.operation === 'subscribe')) {
          found.add(c.id);
          if (c.changed) events.push(subscriptionChanged(job.project_id, c));
        }
      }
      await d.jobs.outbox.enqueue(work, events);
      const errors: JobError[] = slice.flatMap((id, k) => (found.has(id.toLowerCase()) ? [] : [{ n: start + k + 1, contactId: id, reason: 'not_found' }]));
      await d.jobs.progress(
        work,
        job.project_id,
        job.id,
        { processed: start + slice.length, succeeded: slice.length - errors.length, failed: errors.length, errors },
        d.leaseMs,
      );
    });
    if (run.stopping() && start + BULK_BATCH < ids.length) return 'released';
    await yieldToOthers();
  }
  return { status: 'completed' };
}
