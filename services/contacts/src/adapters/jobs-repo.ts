import { Outbox } from '../../../../libs/bus/src';
import { Db, prepared, sqlOf, type UnitOfWork, type Work } from '../../../../libs/db/src';
import type { BulkOperation, ChunkRefusal, JobError, JobKind, JobProgress, JobRow, JobsStore } from '../app/ports';
import { SCHEMA } from '../migrations';

const J = `${SCHEMA}.jobs`;
const CHUNKS = `${SCHEMA}.import_chunks`;
const ERRORS = `${SCHEMA}.job_errors`;
const CONTACTS = `${SCHEMA}.contacts`;
const JOB_COLS = `project_id, id, kind, operation, status, reason, filename, bytes, chunks, contact_ids, total, processed,
  imported, updated, skipped, succeeded, failed, error_count, attempts, worker, created_at, finished_at`;

/** An upload nobody finished (the edge died mid-file) is dropped after this long. */
const ABANDONED_UPLOAD = '1 hour';
/** A queued job no worker took within this long gets its work item again (a lost item). */
const QUEUED_TOO_LONG = '5 minutes';

const workItem = (projectId: string, jobId: string, kind: JobKind) => ({
  type: 'contacts.job.queued.v1' as const,
  projectId,
  data: { jobId, kind, lane: 'bulk' as const },
});

/** PostgreSQL access for import and bulk jobs (see JobsStore). */
export class JobsRepo implements JobsStore {
  constructor(
    readonly db: Db,
    readonly outbox: Outbox,
  ) {}

  get uow(): UnitOfWork {
    return this.db;
  }

  async createImport(projectId: string, id: string, filename: string) {
    await this.db.query(`INSERT INTO ${J} (project_id, id, kind, operation, status, filename) VALUES ($1, $2, 'import', 'import', 'uploading', $3)`, [
      projectId,
      id,
      filename,
    ]);
  }

  async appendChunk(projectId: string, jobId: string, seq: number, data: Buffer, maxBytes: number): Promise<ChunkRefusal | undefined> {
    const stored = await this.db.query(
      `WITH j AS (
         UPDATE ${J} SET bytes = bytes + $4, chunks = chunks + 1, updated_at = now()
         WHERE project_id = $1 AND id = $2 AND status = 'uploading' AND chunks = $3 AND bytes + $4 <= $5
         RETURNING id)
       INSERT INTO ${CHUNKS} (project_id, job_id, seq, data) SELECT $1, id, $3, $6 FROM j RETURNING seq`,
      [projectId, jobId, seq, data.length, maxBytes, data],
    );
    if (stored.length) return undefined;
    const job = (await this.db.query(`SELECT status, chunks, bytes FROM ${J} WHERE project_id = $1 AND id = $2`, [projectId, jobId]))[0];
    if (!job || job.status !== 'uploading') return 'not_found';
    if (job.chunks !== seq) return 'out_of_order';
    return 'too_large';
  }

  async commitImport(projectId: string, jobId: string, chunks: number, bytes: number): Promise<boolean> {
    return this.db.tx(async (tx) => {
      const r = await tx.query(
        `UPDATE ${J} SET status = 'queued', enqueued_at = now(), updated_at = now()
         WHERE project_id = $1 AND id = $2 AND status = 'uploading' AND chunks = $3 AND bytes = $4`,
        [projectId, jobId, chunks, bytes],
      );
      if (!r.rowCount) return false;
      await this.outbox.enqueue(tx, [workItem(projectId, jobId, 'import')]);
      return true;
    });
  }

  async abortImport(projectId: string, jobId: string) {
    await this.db.tx(async (tx) => {
      const r = await tx.query(`DELETE FROM ${J} WHERE project_id = $1 AND id = $2 AND status = 'uploading'`, [projectId, jobId]);
      if (r.rowCount) await tx.query(`DELETE FROM ${CHUNKS} WHERE project_id = $1 AND job_id = $2`, [projectId, jobId]);
    });
  }

  async createBulk(projectId: string, id: string, operation: BulkOperation, ids: string[]) {
    await this.db.tx(async (tx) => {
      await tx.query(
        `INSERT INTO ${J} (project_id, id, kind, operation, status, contact_ids, total, enqueued_at)
         VALUES ($1, $2, 'bulk', $3, 'queued', $4::text[], $5, now())`,
        [projectId, id, operation, ids, ids.length],
      );
      await this.outbox.enqueue(tx, [workItem(projectId, id, 'bulk')]);
    });
  }

  async get(projectId: string, id: string): Promise<JobRow | undefined> {
    return (await this.db.query(`SELECT ${JOB_COLS} FROM ${J} WHERE project_id = $1 AND id = $2`, [projectId, id]))[0];
  }

  async errors(projectId: string, id: string, limit: number): Promise<JobError[]> {
    const rows = await this.db.query(`SELECT n, email, contact_id, reason FROM ${ERRORS} WHERE project_id = $1 AND job_id = $2 ORDER BY n LIMIT $3`, [
      projectId,
      id,
      limit,
    ]);
    return rows.map((r) => ({ n: r.n, email: r.email ?? undefined, contactId: r.contact_id ?? undefined, reason: r.reason }));
  }

  async claim(projectId: string, id: string, worker: string, leaseMs: number): Promise<JobRow | undefined> {
    return (
      await this.db.query(
        `UPDATE ${J} SET status = 'running', worker = $3, lease_until = now() + $4 * interval '1 millisecond', attempts = attempts + 1, updated_at = now()
         WHERE project_id = $1 AND id = $2 AND (status = 'queued' OR (status = 'running' AND lease_until < now()))
         RETURNING ${JOB_COLS}`,
        [projectId, id, worker, leaseMs],
      )
    )[0];
  }

  async heartbeat(projectId: string, id: string, worker: string, leaseMs: number): Promise<boolean> {
    const rows = await this.db.query(
      `UPDATE ${J} SET lease_until = now() + $4 * interval '1 millisecond' WHERE project_id = $1 AND id = $2 AND worker = $3 AND status = 'running' RETURNING id`,
      [projectId, id, worker, leaseMs],
    );
    return rows.length > 0;
  }

  async holds(work: Work, projectId: string, id: string, worker: string): Promise<boolean> {
    const tx = sqlOf(work);
    const r = await tx.query(
      prepared(`SELECT 1 FROM ${J} WHERE project_id = $1 AND id = $2 AND worker = $3 AND status = 'running' FOR UPDATE`, [projectId, id, worker]),
    );
    return (r.rowCount ?? 0) > 0;
  }

  async progress(work: Work, projectId: string, id: string, p: JobProgress, leaseMs: number) {
    const tx = sqlOf(work);
    if (p.errors.length) {
      await tx.query(
        prepared(
          `INSERT INTO ${ERRORS} (project_id, job_id, n, email, contact_id, reason)
           SELECT $1, $2, * FROM unnest($3::int[], $4::text[], $5::text[], $6::text[]) ON CONFLICT DO NOTHING`,
          [
            projectId,
            id,
            p.errors.map((e) => e.n),
            p.errors.map((e) => e.email ?? null),
            p.errors.map((e) => e.contactId ?? null),
            p.errors.map((e) => e.reason),
          ],
        ),
      );
    }
    await tx.query(
      prepared(
        `UPDATE ${J} SET processed = $3, total = coalesce($4, total), imported = imported + $5, updated = updated + $6, skipped = skipped + $7,
           succeeded = succeeded + $8, failed = failed + $9, error_count = error_count + $10,
           lease_until = now() + $11 * interval '1 millisecond', updated_at = now()
         WHERE project_id = $1 AND id = $2`,
        [
          projectId,
          id,
          p.processed,
          p.total ?? null,
          p.imported ?? 0,
          p.updated ?? 0,
          p.skipped ?? 0,
          p.succeeded ?? 0,
          p.failed ?? 0,
          p.errors.length,
          leaseMs,
        ],
      ),
    );
  }

  async finish(projectId: string, id: string, worker: string, outcome: { status: 'completed' | 'failed'; reason?: string; total?: number }): Promise<boolean> {
    return this.db.tx(async (tx) => {
      const r = await tx.query(
        `UPDATE ${J} SET status = $4, reason = $5, total = coalesce($6, total), worker = NULL, lease_until = NULL, finished_at = now(), updated_at = now()
         WHERE project_id = $1 AND id = $2 AND worker = $3 AND status = 'running'`,
        [projectId, id, worker, outcome.status, outcome.reason ?? null, outcome.total ?? null],
      );
      if (!r.rowCount) return false;
      await tx.query(`DELETE FROM ${CHUNKS} WHERE project_id = $1 AND job_id = $2`, [projectId, id]);
      return true;
    });
  }

  async release(projectId: string, id: string, worker: string) {
    await this.db.tx(async (tx) => {
      const r = await tx.query(
        `UPDATE ${J} SET status = 'queued', worker = NULL, lease_until = NULL, attempts = greatest(attempts - 1, 0), enqueued_at = now(), updated_at = now()
         WHERE project_id = $1 AND id = $2 AND worker = $3 AND status = 'running' RETURNING kind`,
        [projectId, id, worker],
      );
      if (r.rows[0]) await this.outbox.enqueue(tx, [workItem(projectId, id, r.rows[0].kind)]);
    });
  }

  async chunk(projectId: string, id: string, seq: number): Promise<Buffer | undefined> {
    return (await this.db.query(prepared(`SELECT data FROM ${CHUNKS} WHERE project_id = $1 AND job_id = $2 AND seq = $3`, [projectId, id, seq])))[0]?.data;
  }

  async setSubscribed(work: Work, projectId: string, ids: string[], subscribed: boolean) {
    const tx = sqlOf(work);
    const r = await tx.query(
      prepared(
        `WITH cur AS (
           SELECT c.id, c.email, c.subscribed FROM ${CONTACTS} c
           WHERE c.project_id = $1 AND c.id = ANY($2::uuid[]) ORDER BY c.id FOR UPDATE OF c
         ), upd AS (
           UPDATE ${CONTACTS} c SET subscribed = $3, updated_at = now() FROM cur
           WHERE c.project_id = $1 AND c.id = cur.id AND cur.subscribed <> $3 RETURNING c.id
         )
         SELECT cur.id, cur.email, $3::bool AS subscribed, (upd.id IS NOT NULL) AS changed FROM cur LEFT JOIN upd ON upd.id = cur.id`,
        [projectId, ids, subscribed],
      ),
    );
    return r.rows;
  }

  async deleteMany(work: Work, projectId: string, ids: string[]) {
    const tx = sqlOf(work);
    const r = await tx.query(prepared(`DELETE FROM ${CONTACTS} WHERE project_id = $1 AND id = ANY($2::uuid[]) RETURNING id, email`, [projectId, ids]));
    if (r.rows.length) {
      await tx.query(
        prepared(`DELETE FROM ${SCHEMA}.event_facts WHERE project_id = $1 AND contact_id = ANY($2::uuid[])`, [projectId, r.rows.map((x) => x.id)]),
      );
      await tx.query(
        prepared(`DELETE FROM ${SCHEMA}.segment_members WHERE project_id = $1 AND contact_id = ANY($2::uuid[])`, [projectId, r.rows.map((x) => x.id)]),
      );
    }
    return r.rows;
  }

  async sweep(leaseMs: number, maxAttempts: number) {
    return this.db.tx(async (tx) => {
      // Interrupted too often: a file or id list that keeps killing its worker fails with a reason.
      const failed = await tx.query(
        `UPDATE ${J} j SET status = 'failed', reason = $2, worker = NULL, lease_until = NULL, finished_at = now(), updated_at = now()
         FROM (SELECT project_id, id FROM ${J} WHERE status = 'running' AND lease_until < now() AND attempts >= $1 LIMIT 100 FOR UPDATE SKIP LOCKED) due
         WHERE j.project_id = due.project_id AND j.id = due.id RETURNING j.project_id, j.id`,
        [maxAttempts, `interrupted: the worker running this job stopped ${maxAttempts} times before it finished`],
      );
      if (failed.rows.length) {
        await tx.query(`DELETE FROM ${CHUNKS} c USING unnest($1::uuid[], $2::uuid[]) AS f(p, j) WHERE c.project_id = f.p AND c.job_id = f.j`, [
          failed.rows.map((r) => r.project_id),
          failed.rows.map((r) => r.id),
        ]);
      }
      const due = await tx.query(
        `UPDATE ${J} j SET enqueued_at = now()
         FROM (SELECT project_id, id FROM ${J}
               WHERE (status = 'running' AND lease_until < now() AND (enqueued_at IS NULL OR enqueued_at < now() - $1 * interval '1 millisecond'))
                  OR (status = 'queued' AND (enqueued_at IS NULL OR enqueued_at < now() - interval '${QUEUED_TOO_LONG}'))
               LIMIT 100 FOR UPDATE SKIP LOCKED) due
         WHERE j.project_id = due.project_id AND j.id = due.id RETURNING j.project_id, j.id, j.kind`,
        [leaseMs],
      );
      await this.outbox.enqueue(
        tx,
        due.rows.map((r) => workItem(r.project_id, r.id, r.kind)),
      );
      const abandoned = await tx.query(
        `WITH gone AS (
           DELETE FROM ${J} WHERE (project_id, id) IN (
             SELECT project_id, id FROM ${J} WHERE status = 'uploading' AND updated_at < now() - interval '${ABANDONED_UPLOAD}' LIMIT 100 FOR UPDATE SKIP LOCKED)
           RETURNING project_id, id
         ), files AS (
           DELETE FROM ${CHUNKS} c USING gone WHERE c.project_id = gone.project_id AND c.job_id = gone.id
         )
         SELECT count(*)::int AS n FROM gone`,
      );
      return { requeued: due.rows.length, failed: failed.rows.length, abandoned: abandoned.rows[0].n as number };
    });
  }

  async forgetEnqueued(): Promise<number> {
    const r = await this.db.query(`UPDATE ${J} SET enqueued_at = NULL WHERE status = 'queued' RETURNING id`);
    return r.length;
  }
}
