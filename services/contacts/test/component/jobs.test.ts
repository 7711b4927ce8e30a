/**
 * Component test: import jobs (app/jobs.ts) against real PostgreSQL — the upload calls, a job run
 * in batches with its counts and events, the lease that fences a second worker, the sweep that
 * hands an expired job on (and fails one interrupted too often), and a job handed back on
 * shutdown and resumed from its checkpoint, each row applied once. Its own database, dropped.
 */
import { Db, migrate } from '../../../../libs/db/src';
import type { Api } from '../../../../libs/contracts/src';
import { newId } from '../../../../libs/kit/src';
import { expectAppError, scratchDatabase, ScratchDatabase } from '../../../../libs/testing/src';
import { migrationsOf } from '../../../../libs/runtime/src';
import { JobsRepo } from '../../src/adapters/jobs-repo';
import { ContactsRepo } from '../../src/adapters/repo';
import { jobsHandlers, MAX_ATTEMPTS, runJob, type JobsDeps } from '../../src/app/jobs';
import { SCHEMA } from '../../src/migrations';
import { contacts } from '../../src/service';

let scratch: ScratchDatabase;
let db: Db;
let deps: JobsDeps;
let h: Api<'contacts'>;
const LEASE_MS = 400;

beforeAll(async () => {
  scratch = await scratchDatabase({ poolMax: 10 });
  db = scratch.db;
  await migrate(db, SCHEMA, migrationsOf(contacts));
  const repo = new ContactsRepo(db);
  deps = { jobs: new JobsRepo(db, repo.outbox), contacts: repo, maxBytes: 4096, chunkBytes: 64, leaseMs: LEASE_MS, batchRows: 2 };
  h = jobsHandlers(deps) as unknown as Api<'contacts'>;
});
afterAll(async () => {
  await scratch?.drop();
});

const as = (projectId: string) => ({ requestId: 'test', projectId });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const never = () => false;

/** Uploads `csv` as the edge does (64-byte chunks) and returns the queued job's id. */
async function upload(projectId: string, csv: string): Promise<string> {
  const { job_id } = await h.BeginImport({ filename: 'x.csv' }, as(projectId));
  const bytes = Buffer.from(csv);
  let seq = 0;
  for (let i = 0; i < bytes.length; i += 64) await h.AppendImportChunk({ job_id, seq: seq++, data: bytes.subarray(i, i + 64) }, as(projectId));
  await h.CommitImport({ job_id, chunks: seq, bytes: String(bytes.length) }, as(projectId));
  return job_id;
}

const job = async (projectId: string, id: string) => (await db.query('SELECT * FROM contacts.jobs WHERE project_id = $1 AND id = $2', [projectId, id]))[0];
const workItems = async (id: string) =>
  (await db.query(`SELECT 1 FROM contacts.outbox WHERE type = 'contacts.job.queued.v1' AND data->>'jobId' = $1`, [id])).length;

const CSV = ['email,n', 'a@jobs.test,1', 'b@jobs.test,2', 'bad,3', 'a@jobs.test,4', 'c@jobs.test,5', 'd@jobs.test,6', 'e@jobs.test,7'].join('\n');

it('runs an upload in batches: counts, errors by row, subscription events for new contacts, the file gone', async () => {
  const p = newId();
  await deps.contacts.upsertBatch([{ ord: 0, projectId: p, id: newId(), email: 'c@jobs.test', defaultSubscribed: false, set: { n: 5 }, nulls: [] }]);
  const id = await upload(p, CSV);
  expect(await workItems(id)).toBe(1);
  await runJob(deps, p, id, never);
  const status = await h.GetImportJob({ job_id: id }, as(p));
  expect(status).toMatchObject({ status: 'completed', progress: 100, total_rows: 7, imported: 4, updated: 0, skipped: 3, error_count: 2 });
  expect(status.errors).toEqual([
    { row: 4, email: 'bad', reason: 'invalid_email' },
    { row: 5, email: 'a@jobs.test', reason: 'duplicate_email' },
  ]);
  const events = await db.query(
    `SELECT data->>'email' AS email FROM contacts.outbox WHERE project_id = $1 AND type = 'contacts.contact.subscription_changed.v1' ORDER BY seq`,
    [p],
  );
  expect(events.map((e) => e.email).sort()).toEqual(['a@jobs.test', 'b@jobs.test', 'd@jobs.test', 'e@jobs.test']);
  expect((await db.query('SELECT 1 FROM contacts.import_chunks WHERE project_id = $1', [p])).length).toBe(0);
  // The existing contact, unchanged (its n already 5), kept its subscription and updatedAt.
  const [c] = await db.query(`SELECT subscribed, created_at = updated_at AS untouched FROM contacts.contacts WHERE project_id = $1 AND email = 'c@jobs.test'`, [
    p,
  ]);
  expect(c).toEqual({ subscribed: false, untouched: true });
});

it('refuses chunks out of order, past the limit, or for another project; an aborted upload leaves nothing', async () => {
  const p = newId();
  const { job_id } = await h.BeginImport({ filename: 'x.csv' }, as(p));
  await h.AppendImportChunk({ job_id, seq: 0, data: Buffer.alloc(64, 65) }, as(p));
  expect((await expectAppError(h.AppendImportChunk({ job_id, seq: 2, data: Buffer.alloc(8, 65) }, as(p)))).status).toBe(409);
  expect((await expectAppError(h.AppendImportChunk({ job_id, seq: 1, data: Buffer.alloc(8, 65) }, as(newId())))).code).toBe('IMPORT_JOB_NOT_FOUND');
  for (let seq = 1; seq < 64; seq++) await h.AppendImportChunk({ job_id, seq, data: Buffer.alloc(64, 65) }, as(p)); // 4096 bytes
  expect((await expectAppError(h.AppendImportChunk({ job_id, seq: 64, data: Buffer.alloc(1, 65) }, as(p)))).status).toBe(413);
  expect((await expectAppError(h.CommitImport({ job_id, chunks: 63, bytes: '4032' }, as(p)))).status).toBe(409);
  expect((await expectAppError(h.GetImportJob({ job_id }, as(p)))).code).toBe('IMPORT_JOB_NOT_FOUND'); // uploading: not a job yet
  await h.AbortImport({ job_id }, as(p));
  expect(await job(p, job_id)).toBeUndefined();
  expect((await db.query('SELECT 1 FROM contacts.import_chunks WHERE project_id = $1', [p])).length).toBe(0);
});

it('fences a second worker while the lease holds; the sweep hands an expired job on, and it resumes', async () => {
  const p = newId();
  const id = await upload(p, CSV);
  // A worker claimed it and died at once.
  expect(await deps.jobs.claim(p, id, newId(), LEASE_MS)).toBeDefined();
  await runJob(deps, p, id, never); // its work item again: the lease still holds, nothing happens
  expect(await job(p, id)).toMatchObject({ status: 'running', processed: 0, attempts: 1 });
  await deps.jobs.sweep(LEASE_MS, MAX_ATTEMPTS);
  expect(await workItems(id)).toBe(1); // only the upload's: the lease has not expired
  await sleep(LEASE_MS + 100);
  await deps.jobs.sweep(LEASE_MS, MAX_ATTEMPTS);
  expect(await workItems(id)).toBe(2);
  await runJob(deps, p, id, never);
  expect(await job(p, id)).toMatchObject({ status: 'completed', processed: 7, imported: 5, attempts: 2 });
});

it(`fails a job whose worker died ${MAX_ATTEMPTS} times, with a reason`, async () => {
  const p = newId();
  const id = await upload(p, CSV);
  for (let i = 0; i < MAX_ATTEMPTS; i++) {
    expect(await deps.jobs.claim(p, id, newId(), 1)).toBeDefined();
    await sleep(5);
  }
  await deps.jobs.sweep(LEASE_MS, MAX_ATTEMPTS);
  const status = await h.GetImportJob({ job_id: id }, as(p));
  expect(status).toMatchObject({ status: 'failed', reason: expect.stringMatching(/^interrupted: /) });
  await runJob(deps, p, id, never); // a late work item does nothing
  expect((await job(p, id)).status).toBe('failed');
});

it('hands a job back when the process drains and resumes it from its checkpoint: each row once, duplicates across the checkpoint found', async () => {
  const p = newId();
  const id = await upload(p, CSV);
  let batches = 0;
  const drainAfterFirst = () => ++batches > 1;
  await runJob(deps, p, id, drainAfterFirst);
  const released = await job(p, id);
  expect(released).toMatchObject({ status: 'queued', processed: 2, imported: 2, attempts: 0, worker: null });
  expect(await workItems(id)).toBe(2); // the upload's and the hand-back's
  await runJob(deps, p, id, never);
  const status = await h.GetImportJob({ job_id: id }, as(p));
  expect(status).toMatchObject({ status: 'completed', total_rows: 7, imported: 5, updated: 0, skipped: 2 });
  expect(status.errors.map((e) => e.reason)).toEqual(['invalid_email', 'duplicate_email']);
  expect((await db.query('SELECT count(*)::int AS n FROM contacts.contacts WHERE project_id = $1', [p]))[0].n).toBe(5);
});

it('fails a file that is not UTF-8, or holds a NUL, before writing a row', async () => {
  const p = newId();
  const bad = await upload(p, 'email\nok@jobs.test\n' + String.fromCharCode(0) + 'x@jobs.test\n');
  await runJob(deps, p, bad, never);
  expect(await h.GetImportJob({ job_id: bad }, as(p))).toMatchObject({ status: 'failed', reason: expect.stringMatching(/^not_csv: /), imported: 0 });
  const { job_id } = await h.BeginImport({ filename: 'x.csv' }, as(p));
  const latin1 = Buffer.concat([Buffer.from('email,name\nok@jobs.test,Zo'), Buffer.from([0xeb, 0x0a])]);
  await h.AppendImportChunk({ job_id, seq: 0, data: latin1 }, as(p));
  await h.CommitImport({ job_id, chunks: 1, bytes: String(latin1.length) }, as(p));
  await runJob(deps, p, job_id, never);
  expect(await h.GetImportJob({ job_id }, as(p))).toMatchObject({ status: 'failed', reason: expect.stringMatching(/^invalid_utf8: /) });
  expect((await db.query('SELECT 1 FROM contacts.contacts WHERE project_id = $1', [p])).length).toBe(0);
});

it('keeps a readable file name (control characters go), and the sweep drops an upload abandoned for an hour', async () => {
  const p = newId();
  const { job_id } = await h.BeginImport({ filename: 'list\u0000\n.csv' }, as(p));
  await h.AppendImportChunk({ job_id, seq: 0, data: Buffer.from('email\n') }, as(p));
  expect((await job(p, job_id)).filename).toBe('list.csv');
  expect((await deps.jobs.sweep(LEASE_MS, MAX_ATTEMPTS)).abandoned).toBe(0);
  await db.query(`UPDATE contacts.jobs SET updated_at = now() - interval '61 minutes' WHERE project_id = $1 AND id = $2`, [p, job_id]);
  expect((await deps.jobs.sweep(LEASE_MS, MAX_ATTEMPTS)).abandoned).toBe(1);
  expect(await job(p, job_id)).toBeUndefined();
  expect((await db.query('SELECT 1 FROM contacts.import_chunks WHERE project_id = $1', [p])).length).toBe(0);
});
