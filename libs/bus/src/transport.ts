import type { DomainEvent } from '../../contracts/src/events';
import { prepared, type Db } from '../../db/src';
import type { PoolClient } from 'pg';
import { logger, metrics } from '../../kit/src';

export type EventHandler = (event: DomainEvent<any>, tx: PoolClient) => Promise<void>;

/** Handles many events of one type in one go (a projection that writes one statement per batch). */
export type BatchEventHandler = (events: DomainEvent<any>[], tx: PoolClient) => Promise<void>;

export type WorkHandler = (event: DomainEvent<any>, info: { redelivered: boolean }) => Promise<void>;

/** What one service consumes: handled in its own schema, deduped by its inbox. */
export interface Subscription {
  service: string;
  db: Db;
  schema: string;
  handlers: Partial<Record<string, EventHandler>>;
  /** Optional: used instead of `handlers[type]` for runs of consecutive events of that type in a batch. */
  batchHandlers?: Partial<Record<string, BatchEventHandler>>;
  /** First wait before an event this consumer failed on is tried again (see dead-letters.ts; RETRY_BACKOFF_MS by default). */
  retryBackoffMs?: number;
}

/**
 * A work queue (e.g. `messaging.send.transactional`): competing workers, no inbox — the handler
 * owns its idempotency (it claims a row) and may take long (SMTP). Work items carry a `lane` in
 * their data; the routing key is `<type>.<lane>`, so each lane has its own queue and a backlog in
 * one never delays another.
 */
export interface WorkSubscription {
  queue: string;
  type: string;
  lane: string;
  /** Handlers running at once in this process (items, whatever messages they came in). */
  concurrency: number;
  handler: WorkHandler;
}

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

/** Runs a handler exactly once per (event, consumer): the inbox row and the handler's writes commit together. */
export async function handleOnce(sub: Subscription, event: DomainEvent): Promise<'handled' | 'duplicate' | 'ignored'> {
  const handler = sub.handlers[event.type];
  if (!handler) return 'ignored';
  return sub.db.tx(async (tx) => {
    const r = await tx.query(prepared(
      `INSERT INTO "${sub.schema}".inbox (project_id, event_id, consumer) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [event.projectId, event.id, sub.service],
    ));
    if (r.rowCount === 0) return 'duplicate';
    await handler(event, tx);
    return 'handled';
  });
}

/**
 * Handles a batch of events for one consumer in one transaction: the inbox rows are claimed in one
 * statement and only first deliveries are handled. All or nothing; returns how many were new.
 */
export async function handleBatch(sub: Subscription, events: DomainEvent[]): Promise<number> {
  return sub.db.tx(async (tx) => {
    const r = await tx.query(prepared(
      `INSERT INTO "${sub.schema}".inbox (project_id, event_id, consumer)
       SELECT p, e, $3 FROM unnest($1::uuid[], $2::uuid[]) AS x(p, e) ON CONFLICT DO NOTHING RETURNING event_id`,
      [events.map((e) => e.projectId), events.map((e) => e.id), sub.service],
    ));
    const fresh = new Set(r.rows.map((row) => row.event_id));
    const count = fresh.size;
    // Each new event once: a batch can hold two copies of one (a redelivery next to the original).
    await apply(sub, events.filter((e) => fresh.delete(e.id)), tx);
    return count;
  });
}

/** Runs the handlers in tx, in order; a run of consecutive events of a type with a batch handler goes in one call. */
async function apply(sub: Subscription, events: DomainEvent[], tx: PoolClient) {
  for (let i = 0; i < events.length; ) {
    const batchHandler = sub.batchHandlers?.[events[i].type];
    if (!batchHandler) {
      await sub.handlers[events[i].type]!(events[i], tx);
      i++;
      continue;
    }
    let j = i + 1;
    while (j < events.length && events[j].type === events[i].type) j++;
    await batchHandler(events.slice(i, j), tx);
    i = j;
  }
}

/** Handles the events this consumer takes in the relay's transaction (see `Origin`); a failure fails the relay's batch. */
export async function applyInRelayTx(sub: Subscription, events: DomainEvent[], tx: PoolClient): Promise<void> {
  const mine = events.filter((e) => sub.handlers[e.type]);
  if (mine.length === 0) return;
  try {
    await apply(sub, mine, tx);
  } catch (err) {
    throw failed(sub, mine[0], err);
  }
  metrics.busConsumed.inc({ consumer: sub.service, outcome: 'handled' }, mine.length);
}

/**
 * Delivers events to one consumer: the whole batch in one transaction, or — if that fails — one
 * transaction per event, so one bad event does not hold up the rest. Per event, in order: the
 * error its handler failed with, or undefined when it is done with (handled now or before, or not
 * this consumer's).
 */
export async function deliver(sub: Subscription, events: DomainEvent[]): Promise<Array<Error | undefined>> {
  const mine = events.filter((e) => sub.handlers[e.type]);
  if (mine.length === 0) return events.map(() => undefined);
  try {
    const fresh = await handleBatch(sub, mine);
    metrics.busConsumed.inc({ consumer: sub.service, outcome: 'handled' }, fresh);
    metrics.busConsumed.inc({ consumer: sub.service, outcome: 'duplicate' }, mine.length - fresh);
    return events.map(() => undefined);
  } catch (err) {
    if (mine.length === 1) return events.map((e) => (e === mine[0] ? failed(sub, e, err) : undefined));
  }
  const outcomes: Array<Error | undefined> = [];
  for (const event of events) {
    if (!sub.handlers[event.type]) {
      outcomes.push(undefined);
      continue;
    }
    try {
      metrics.busConsumed.inc({ consumer: sub.service, outcome: await handleOnce(sub, event) });
      outcomes.push(undefined);
    } catch (err) {
      outcomes.push(failed(sub, event, err));
    }
  }
  return outcomes;
}

function failed(sub: Subscription, event: DomainEvent, err: unknown): Error {
  metrics.busConsumed.inc({ consumer: sub.service, outcome: 'failed' });
  logger.warn({ err: (err as Error).message, consumer: sub.service, type: event.type, eventId: event.id }, 'event handler failed');
  return err instanceof Error ? err : new Error(String(err));
}
