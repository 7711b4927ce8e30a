import type { Db } from '../../db/src';
import { logger } from '../../kit/src';

/** Rows deleted per statement: each is a short transaction, so consumers never wait long behind one. */
const PRUNE_BATCH = 5000;
const HOUR_MS = 3_600_000;

/**
 * The smallest UUIDv7 of millisecond `ms`: every v7 id made earlier sorts below it. Domain event ids
 * are v7 (`newId`), and PostgreSQL orders uuids bytewise, that is by their time first.
 */
export function uuidV7Floor(ms: number): string {
  const hex = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`;
}

/**
 * Forgets what a consumer handled long ago. The inbox (see busMigration) keeps a row per event a
 * subscriber applied, so that a redelivered event is not applied twice; redeliveries come within
 * seconds or minutes (an unacked message, a relay that published and crashed before its commit), so
 * a row older than the retention only takes space — without this, one per event for ever.
 *
 * Rows go when both their event id (time-ordered) and their `handled_at` are older than the
 * cut-off: the id lets each project's rows be found by the primary key's range (no index on
 * handled_at to maintain on every insert), and handled_at keeps an event that was handled late.
 */
export async function pruneInbox(db: Db, schema: string, retentionMs: number, opts: { now?: number; stopped?: () => boolean } = {}): Promise<number> {
  const { now = Date.now(), stopped = () => false } = opts;
  const cutoff = new Date(now - retentionMs);
  const floor = uuidV7Floor(cutoff.getTime());
  // The projects with inbox rows, one index probe each (a loose scan of the primary key).
  const projects = await db.query<{ id: string }>(
    `WITH RECURSIVE p(id) AS (
       (SELECT project_id FROM "${schema}".inbox ORDER BY project_id LIMIT 1)
       UNION ALL
       SELECT (SELECT project_id FROM "${schema}".inbox WHERE project_id > p.id ORDER BY project_id LIMIT 1) FROM p WHERE p.id IS NOT NULL
     )
     SELECT id FROM p WHERE id IS NOT NULL`,
  );
  let deleted = 0;
  for (const { id } of projects) {
    while (!stopped()) {
      // SKIP LOCKED: a replica pruning at the same time takes other rows instead of waiting.
      const { rowCount } = await db.pool.query(
        `DELETE FROM "${schema}".inbox WHERE ctid = ANY(ARRAY(
           SELECT ctid FROM "${schema}".inbox
           WHERE project_id = $1 AND event_id < $2 AND handled_at < $3
           LIMIT ${PRUNE_BATCH} FOR UPDATE SKIP LOCKED))`,
        [id, floor, cutoff],
      );
      deleted += rowCount ?? 0;
      if ((rowCount ?? 0) < PRUNE_BATCH) break;
    }
  }
  return deleted;
}

/** Prunes a schema's inbox a minute after start, then every hour (`INBOX_RETENTION_DAYS`). */
export class InboxPruner {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly schema: string,
    private readonly retentionMs: number,
    private readonly firstAfterMs = 60_000,
  ) {}

  start() {
    const run = () => {
      this.running = pruneInbox(this.db, this.schema, this.retentionMs, { stopped: () => this.stopped })
        .then((n) => {
          if (n) logger.info({ schema: this.schema, deleted: n }, 'pruned the inbox');
        })
        .catch((err) => logger.warn({ err: (err as Error).message, schema: this.schema }, 'inbox pruning failed; next try in an hour'))
        .finally(() => {
          this.running = undefined;
          if (this.stopped) return;
          this.timer = setTimeout(run, HOUR_MS);
          this.timer.unref();
        });
    };
    this.timer = setTimeout(run, this.firstAfterMs);
    this.timer.unref();
  }

  /** No new round or batch starts; a batch in progress finishes (before the pool closes). */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
