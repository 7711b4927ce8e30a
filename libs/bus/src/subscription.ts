import type { PoolClient } from 'pg';
import type { DomainEvent } from '../../contracts/src/events';
import type { Db } from '../../db/src';

export type EventHandler = (event: DomainEvent<any>, tx: PoolClient) => Promise<void>;

/** Handles many events of one type in one go (a projection that writes one statement per batch). */
export type BatchEventHandler = (events: DomainEvent<any>[], tx: PoolClient) => Promise<void>;

/**
 * `stopping()` turns true once the process drains (SIGTERM): a handler that runs long (a CSV
 * import) checks it between steps and hands its work back rather than hold up the shutdown.
 */
export type WorkHandler = (event: DomainEvent<any>, info: { redelivered: boolean; stopping(): boolean }) => Promise<void>;

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
