import type { DomainEvent } from '../../contracts/src/events';
import { prepared, type Db } from '../../db/src';
import type { PoolClient } from 'pg';
import { logger, metrics } from '../../kit/src';
import { recordFailure } from './dead-letters';
import { inConsumerSpans } from './trace';
import type { Subscription, WorkSubscription } from './subscription';

export type { BatchEventHandler, EventHandler, Subscription, WorkHandler, WorkSubscription } from './subscription';

export const routingKeyOf = (e: DomainEvent) => {
  const lane = (e.data as { lane?: unknown }).lane;
  return typeof lane === 'string' ? `${e.type}.${lane}` : e.type;
};

/**
 * The relay transaction that claimed (deleted) the events from their outbox. An in-process
 * subscriber on the same database handles them in it: the outbox rows go and the handler's writes
 * land in one commit, so the event is applied exactly once without an inbox row and two round
 * trips. Only events on their first attempt (`firstAttempts`, by id): a row the relay tried before
 * may have been handled already by a subscriber in a transaction of its own (with an inbox row),
 * so its retries go that way again. Decided per row, so a first attempt never goes the other way.
 */
export interface Origin {
  db: Db;
  tx: PoolClient;
  firstAttempts: Set<string>;
}

/** Moves published events to subscribers: in process (all-in-one) or through RabbitMQ (split). */
export interface Transport {
  readonly name: 'memory' | 'amqp';
  start(): Promise<void>;
  /**
   * Resolves once every event is safely handed over (handled in process, or confirmed by the
   * broker). `from` is the relay's open transaction; see `Origin`.
   */
  publish(events: DomainEvent[], from?: Origin): Promise<void>;
  subscribe(sub: Subscription): Promise<void>;
  work(sub: WorkSubscription): Promise<void>;
  ready(): boolean;
  /**
   * Graceful shutdown, first step: take no new events or work items, and wait (up to `timeoutMs`)
   * for the handlers already running, so an email being sent is sent and recorded, not cut off.
   * What was not started stays where it is durable (RabbitMQ, or PostgreSQL for all-in-one).
   */
  quiesce(timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

/** Resolves once `busy()` is false, or after `timeoutMs`. */
export async function settled(busy: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (busy() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

/**
 * Claims events in a consumer's inbox, in the caller's transaction; returns the ids not handled
 * before. The rows the consumer has for them in its failed_events go in the same statement: an
 * event handled now or before is no longer to be retried (a redelivery of an event that failed
 * here). A row a redeliverer holds at that moment is left to it (SKIP LOCKED, so neither waits for
 * the other): it finds the event handled and deletes the row itself.
 */
async function claim(sub: Subscription, events: DomainEvent[], tx: PoolClient): Promise<Set<string>> {
  const r = await tx.query(
    prepared(
      `WITH settled AS (
       DELETE FROM "${sub.schema}".failed_events WHERE ctid = ANY(ARRAY(
         SELECT ctid FROM "${sub.schema}".failed_events
         WHERE consumer = $3 AND (project_id, event_id) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[]))
         FOR UPDATE SKIP LOCKED)))
     INSERT INTO "${sub.schema}".inbox (project_id, event_id, consumer)
     SELECT p, e, $3 FROM unnest($1::uuid[], $2::uuid[]) AS x(p, e) ON CONFLICT DO NOTHING RETURNING event_id`,
      [events.map((e) => e.projectId), events.map((e) => e.id), sub.service],
    ),
  );
  return new Set(r.rows.map((row) => row.event_id));
}

/** Runs a handler exactly once per (event, consumer): the inbox row and the handler's writes commit together. */
export async function handleOnce(sub: Subscription, event: DomainEvent): Promise<'handled' | 'duplicate' | 'ignored'> {
  if (!sub.handlers[event.type]) return 'ignored';
  return sub.db.tx((tx) => handleOnceIn(sub, event, tx));
}

/** `handleOnce` in the caller's transaction `tx`. */
export async function handleOnceIn(sub: Subscription, event: DomainEvent, tx: PoolClient): Promise<'handled' | 'duplicate' | 'ignored'> {
  const handler = sub.handlers[event.type];
  if (!handler) return 'ignored';
  if ((await claim(sub, [event], tx)).size === 0) return 'duplicate';
  await inConsumerSpans(sub.service, [event], () => handler(event, tx));
  return 'handled';
}

/**
 * Handles a batch of events for one consumer in one transaction: the inbox rows are claimed in one
 * statement and only first deliveries are handled. All or nothing; returns how many were new.
 */
export async function handleBatch(sub: Subscription, events: DomainEvent[]): Promise<number> {
  return sub.db.tx(async (tx) => {
    const fresh = await claim(sub, events, tx);
    const count = fresh.size;
    // Each new event once: a batch can hold two copies of one (a redelivery next to the original).
    await apply(
      sub,
      events.filter((e) => fresh.delete(e.id)),
      tx,
    );
    return count;
  });
}

/**
 * Runs the handlers in tx, in order; a run of consecutive events of a type with a batch handler goes
 * in one call. `at.run`: the events of the call running (the one that failed, if it throws).
 */
async function apply(sub: Subscription, events: DomainEvent[], tx: PoolClient, at: { run?: DomainEvent[] } = {}) {
  for (let i = 0; i < events.length;) {
    const batchHandler = sub.batchHandlers?.[events[i].type];
    if (!batchHandler) {
      const event = events[i];
      at.run = [event];
      await inConsumerSpans(sub.service, at.run, () => sub.handlers[event.type]!(event, tx));
      i++;
      continue;
    }
    let j = i + 1;
    while (j < events.length && events[j].type === events[i].type) j++;
    const run = events.slice(i, j);
    at.run = run;
    await inConsumerSpans(sub.service, run, () => batchHandler(run, tx));
    i = j;
  }
}

/**
 * Handles the events this consumer takes in the relay's transaction (see `Origin`); a failure fails
 * the relay's batch. `onFailure` learns the events of the handler call that failed.
 */
export async function applyInRelayTx(sub: Subscription, events: DomainEvent[], tx: PoolClient, onFailure?: (events: DomainEvent[]) => void): Promise<void> {
  const mine = events.filter((e) => sub.handlers[e.type]);
  if (mine.length === 0) return;
  const at: { run?: DomainEvent[] } = {};
  try {
    await apply(sub, mine, tx, at);
  } catch (err) {
    onFailure?.(at.run ?? mine);
    throw failed(sub, (at.run ?? mine)[0], err);
  }
  metrics.busConsumed.inc({ consumer: sub.service, outcome: 'handled' }, mine.length);
  observeAge(sub, mine);
}

/** herald_bus_event_age_seconds: how old the events a consumer just handled were (its lag). */
export function observeAge(sub: Subscription, events: DomainEvent[], now = Date.now()) {
  for (const e of events) {
    const at = Date.parse(e.occurredAt);
    if (Number.isFinite(at)) metrics.busEventAge.observe({ consumer: sub.service }, Math.max(0, now - at) / 1000);
  }
}

/**
 * Delivers events to one consumer: the whole batch in one transaction, or — if that fails — one
 * transaction per event, so one bad event does not hold up the rest. An event whose handler fails
 * is recorded in the consumer's failed_events, to be retried by its redeliverer (see
 * redeliver.ts), and counts as done here: the transport goes on with the other consumers and the
 * later events. Per event, in order: an error only when its handler failed and that could not be
 * recorded (the database is down: the transport tries it again, as before), or undefined when it
 * is done with (handled now or before, recorded as failed, or not this consumer's).
 *
 * `failedBefore`: failed attempts of an event this delivery repeats that were not recorded (see
 * MemoryTransport), counted with this one.
 */
export async function deliver(
  sub: Subscription,
  events: DomainEvent[],
  opts: { failedBefore?: (event: DomainEvent) => number } = {},
): Promise<Array<Error | undefined>> {
  const mine = events.filter((e) => sub.handlers[e.type]);
  if (mine.length === 0) return events.map(() => undefined);
  try {
    const fresh = await handleBatch(sub, mine);
    metrics.busConsumed.inc({ consumer: sub.service, outcome: 'handled' }, fresh);
    metrics.busConsumed.inc({ consumer: sub.service, outcome: 'duplicate' }, mine.length - fresh);
    observeAge(sub, mine);
    return events.map(() => undefined);
  } catch (err) {
    if (mine.length === 1) {
      const error = await contain(sub, mine[0], err, opts.failedBefore);
      return events.map((e) => (e === mine[0] ? error : undefined));
    }
  }
  const outcomes: Array<Error | undefined> = [];
  for (const event of events) {
    if (!sub.handlers[event.type]) {
      outcomes.push(undefined);
      continue;
    }
    try {
      metrics.busConsumed.inc({ consumer: sub.service, outcome: await handleOnce(sub, event) });
      observeAge(sub, [event]);
      outcomes.push(undefined);
    } catch (err) {
      outcomes.push(await contain(sub, event, err, opts.failedBefore));
    }
  }
  return outcomes;
}

/** Records a failed event for its redeliverer (undefined: done for the transport), or the error if that fails too. */
async function contain(sub: Subscription, event: DomainEvent, err: unknown, failedBefore?: (event: DomainEvent) => number): Promise<Error | undefined> {
  const error = failed(sub, event, err);
  try {
    await recordFailure(sub.db.pool, sub, event, error, 1 + (failedBefore?.(event) ?? 0));
    return undefined;
  } catch (recordErr) {
    logger.warn(
      { err: (recordErr as Error).message, consumer: sub.service, eventId: event.id },
      'could not record a failed event; the transport tries it again',
    );
    return error;
  }
}

function failed(sub: Subscription, event: DomainEvent, err: unknown): Error {
  metrics.busConsumed.inc({ consumer: sub.service, outcome: 'failed' });
  logger.warn({ err: (err as Error).message, consumer: sub.service, type: event.type, eventId: event.id }, 'event handler failed');
  return err instanceof Error ? err : new Error(String(err));
}
