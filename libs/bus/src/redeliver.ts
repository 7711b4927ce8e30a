import type { DomainEvent } from '../../contracts/src/events';
import type { Db } from '../../db/src';
import { logger, metrics, type Timer } from '../../kit/src';
import { recordFailure } from './dead-letters';
import { handleOnceIn, Subscription } from './transport';

/** How often the redelivery timer looks for due failed events by default (the backoff starts at 1 s). */
export const REDELIVERY_POLL_MS = 1000;
/** Events a pass takes at most by default, each in a transaction of its own; the rest go in the next. */
const PASS_MAX = 200;

export interface Redelivered {
  /** Applied now. */
  handled: number;
  /** Applied meanwhile (a redelivery by the transport), or no longer this consumer's: the row just went. */
  done: number;
  /** Failed again: due later, after the backoff. */
  failed: number;
  /** Failed for the DELIVERY_LIMIT-th time: now dead letters. */
  dead: number;
}

/**
 * One pass over the failed events of `subs` (consumers in `schema` on `db`) that are due: each is
 * claimed in a transaction of its own (FOR UPDATE SKIP LOCKED, so replicas share them) and run
 * through the consumer's inbox, in a savepoint. Applied (or found applied already): the row goes
 * with the inbox row in one commit. Failed: the savepoint is rolled back and the failure recorded
 * with the claim — one more attempt, due again after the backoff, or dead at DELIVERY_LIMIT (see
 * dead-letters.ts). Rows of consumers not in `subs` are left to the process that serves them. If
 * the database fails under it the pass throws, leaving the row as it was.
 */
export async function redeliverDue(db: Db, schema: string, subs: Subscription[], opts: { limit?: number; stopped?: () => boolean } = {}): Promise<Redelivered> {
  const { limit = PASS_MAX, stopped = () => false } = opts;
  const result: Redelivered = { handled: 0, done: 0, failed: 0, dead: 0 };
  const consumers = new Map(subs.map((s) => [s.service, s]));
  for (const s of subs) if (s.schema !== schema) throw new Error(`subscription ${s.service} is in schema ${s.schema}, not ${schema}`);
  if (consumers.size === 0) return result;
  for (let n = 0; n < limit && !stopped(); n++) {
    const outcome = await db.tx(async (tx): Promise<keyof Redelivered | undefined> => {
      const { rows } = await tx.query<{ consumer: string; envelope: DomainEvent }>(
        `SELECT consumer, envelope FROM "${schema}".failed_events
         WHERE dead_at IS NULL AND next_attempt_at <= now() AND consumer = ANY($1::text[])
         ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [[...consumers.keys()]],
      );
      if (rows.length === 0) return undefined;
      const sub = consumers.get(rows[0].consumer)!;
      const event = rows[0].envelope;
      await tx.query('SAVEPOINT redelivery');
      try {
        // The inbox claim deletes the row too (the row lock is this transaction's).
        const handled = await handleOnceIn(sub, event, tx);
        await tx.query('RELEASE SAVEPOINT redelivery');
        metrics.busConsumed.inc({ consumer: sub.service, outcome: handled });
        if (handled === 'handled') return 'handled';
        if (handled === 'ignored') {
          logger.warn({ consumer: sub.service, type: event.type, eventId: event.id }, 'failed event no longer handled by its consumer; dropped');
          await tx.query(`DELETE FROM "${schema}".failed_events WHERE project_id = $1 AND event_id = $2 AND consumer = $3`, [
            event.projectId,
            event.id,
            sub.service,
          ]);
        }
        return 'done';
      } catch (err) {
        await tx.query('ROLLBACK TO SAVEPOINT redelivery');
        metrics.busConsumed.inc({ consumer: sub.service, outcome: 'failed' });
        logger.warn({ err: (err as Error).message, consumer: sub.service, type: event.type, eventId: event.id }, 'event handler failed again');
        return (await recordFailure(tx, sub, event, err)).dead ? 'dead' : 'failed';
      }
    });
    if (!outcome) break;
    result[outcome]++;
  }
  return result;
}

/**
 * Retries the failed events of a schema's consumers (see `redeliverDue`): a pass every `pollMs`,
 * and passes one after another while they come back full. `subs` may grow until the timer starts.
 */
export function redeliveryTimer(db: Db, schema: string, subs: Subscription[], pollMs = REDELIVERY_POLL_MS): Timer {
  return {
    name: `${schema}.redelivery`,
    everyMs: pollMs,
    firstAfterMs: 0,
    async run(stopped) {
      while (!stopped()) {
        const r = await redeliverDue(db, schema, subs, { limit: PASS_MAX, stopped });
        if (r.handled || r.done || r.dead) logger.info({ schema, ...r }, 'redelivered failed events');
        if (r.handled + r.done + r.failed + r.dead < PASS_MAX) return;
      }
    },
  };
}
