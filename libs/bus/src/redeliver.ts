import type { DomainEvent } from '../../contracts/src/events';
import type { Db } from '../../db/src';
import { logger, metrics } from '../../kit/src';
import { recordFailure } from './dead-letters';
import { handleOnceIn, Subscription } from './transport';

/** How often a Redeliverer looks for due failed events by default (the backoff starts at 1 s). */
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
          await tx.query(`DELETE FROM "${schema}".failed_events WHERE project_id = $1 AND event_id = $2 AND consumer = $3`, [event.projectId, event.id, sub.service]);
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
 * Retries the failed events of a schema's consumers (see `redeliverDue`), every `pollMs`, and at
 * once again while passes come back full. Subscriptions can be added after start.
 */
export class Redeliverer {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;
  private readonly subs: Subscription[] = [];

  constructor(
    private readonly db: Db,
    private readonly schema: string,
    subs: Subscription[] = [],
    private readonly pollMs = REDELIVERY_POLL_MS,
  ) {
    for (const s of subs) this.add(s);
  }

  add(sub: Subscription) {
    if (sub.schema !== this.schema) throw new Error(`subscription ${sub.service} is in schema ${sub.schema}, not ${this.schema}`);
    this.subs.push(sub);
  }

  start() {
    const run = () => {
      let full = false;
      this.running = redeliverDue(this.db, this.schema, this.subs, { limit: PASS_MAX, stopped: () => this.stopped })
        .then((r) => {
          full = r.handled + r.done + r.failed + r.dead >= PASS_MAX;
          if (r.handled || r.done || r.dead) logger.info({ schema: this.schema, ...r }, 'redelivered failed events');
        })
        .catch((err) => logger.warn({ err: (err as Error).message, schema: this.schema }, 'redelivering failed events failed; trying again'))
        .finally(() => {
          this.running = undefined;
          if (this.stopped) return;
          this.timer = setTimeout(run, full ? 0 : this.pollMs);
          this.timer.unref();
        });
    };
    this.timer = setTimeout(run, 0);
    this.timer.unref();
  }

  /** No new pass or event starts; the event in progress finishes (before the pool closes). */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
