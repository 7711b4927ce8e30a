import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../db/src';
import { logger, type Timer } from '../../kit/src';

/** Rows deleted per statement: each is a short transaction, so consumers never wait long behind one. */
const PRUNE_BATCH = 5000;
const HOUR_MS = 3_600_000;

/**
 * The smallest UUIDv7 of millisecond `ms`: every v7 id made earlier sorts below it. Domain event ids
 * are v7 (`newId`), and PostgreSQL orders uuids bytewise, that is by their time first.
 */
export const uuidV7Floor = (ms: number): string => uuidv7({ msecs: Math.max(0, Math.floor(ms)), random: new Uint8Array(16) });

/**
 * The statements of a prune: the projects with inbox rows, and one batch of one project's old rows.
 * A batch takes the oldest rows in the primary key's order, from where the last batch ended: a
 * plain index scan that reads what it takes. Without the order the planner reads the project's
 * whole old range for each batch (a bitmap scan) or the table from its start, every deleted row
 * again until VACUUM (a sequential scan).
 */
export function inboxPruneSql(schema: string) {
  const inbox = `"${schema}".inbox`;
  return {
    // One index probe per project (a loose scan of the primary key).
    projects: `WITH RECURSIVE p(id) AS (
        (SELECT project_id FROM ${inbox} ORDER BY project_id LIMIT 1)
        UNION ALL
        SELECT (SELECT project_id FROM ${inbox} WHERE project_id > p.id ORDER BY project_id LIMIT 1) FROM p WHERE p.id IS NOT NULL
      )
      SELECT id FROM p WHERE id IS NOT NULL`,
    // $1 project, $2 the event id to start from, $3 the floor of the cut-off, $4 the cut-off.
    // SKIP LOCKED: a replica pruning at the same time takes other rows instead of waiting. The
    // last id as text: fixed-width lowercase hex orders as the uuid does (PostgreSQL 15 has no max(uuid)).
    batch: `WITH gone AS (
        DELETE FROM ${inbox} WHERE ctid = ANY(ARRAY(
          SELECT ctid FROM ${inbox}
          WHERE project_id = $1 AND event_id >= $2 AND event_id < $3 AND handled_at < $4
          ORDER BY event_id LIMIT ${PRUNE_BATCH} FOR UPDATE SKIP LOCKED))
        RETURNING event_id)
      SELECT count(*)::int AS n, max(event_id::text) AS last FROM gone`,
  };
}

/**
 * Forgets what a consumer handled long ago. The inbox (see busMigration) keeps a row per event a
 * subscriber applied, so that a redelivered event is not applied twice; redeliveries come within
 * seconds or minutes (an unacked message, a relay that published and crashed before its commit), so
 * a row older than the retention only takes space — without this, one per event for ever.
 *
 * Rows go when both their event id (UUIDv7, time-ordered) and their `handled_at` are older than
 * the cut-off: the id lets each project's rows be taken by the primary key's range (no index on
 * handled_at to maintain at every insert), and handled_at keeps an event that was handled late.
 * The space is reused after VACUUM (autovacuum, where it runs).
 */
export async function pruneInbox(db: Db, schema: string, retentionMs: number, opts: { now?: number; stopped?: () => boolean } = {}): Promise<number> {
  const { now = Date.now(), stopped = () => false } = opts;
  const cutoff = new Date(now - retentionMs);
  const floor = uuidV7Floor(cutoff.getTime());
  const sql = inboxPruneSql(schema);
  const projects = await db.query<{ id: string }>(sql.projects);
  let deleted = 0;
  for (const { id } of projects) {
    let from = '00000000-0000-0000-0000-000000000000';
    while (!stopped()) {
      const [{ n, last }] = await db.query<{ n: number; last: string | null }>(sql.batch, [id, from, floor, cutoff]);
      deleted += n;
      if (n < PRUNE_BATCH || !last) break;
      // From the last id taken, not after it: that event's rows of other consumers may be left.
      from = last;
    }
  }
  return deleted;
}

/** Prunes a schema's inbox a minute after start, then every hour (`INBOX_RETENTION_DAYS`). */
export function inboxPruneTimer(db: Db, schema: string, retentionMs: number, firstAfterMs = 60_000): Timer {
  return {
    name: `${schema}.inbox-prune`,
    everyMs: HOUR_MS,
    firstAfterMs,
    async run(stopped) {
      const n = await pruneInbox(db, schema, retentionMs, { stopped });
      if (n) logger.info({ schema, deleted: n }, 'pruned the inbox');
    },
  };
}
