import type { DomainEvent } from '../../contracts/src/events';
import type { Db, Migration, Queryable } from '../../db/src';
import { logger, metrics } from '../../kit/src';
import type { Subscription } from './subscription';

/**
 * Attempts a consumer gets at an event before the event is dead, the same in both topologies: the
 * redeliverer's limit (see redeliver.ts), and RabbitMQ's `x-delivery-limit` behind it for what
 * could not be recorded (see AmqpTransport).
 */
export const DELIVERY_LIMIT = 5;
/**
 * After a failure an event is due again after `Subscription.retryBackoffMs` (this by default),
 * twice as long after each further one, at most RETRY_BACKOFF_CAP_MS: 1, 2, 4 and 8 s, so a
 * poison event is dead about 15 s after its first failure, while a brief outage (a lock timeout,
 * a restarting dependency) has passed.
 */
export const RETRY_BACKOFF_MS = 1000;
export const RETRY_BACKOFF_CAP_MS = 60_000;
const ERROR_CHARS = 2000;

/**
 * The events a schema's consumers failed on: a row per (event, consumer) until the consumer applies
 * the event (the row goes in that transaction; see `handleOnce`), with its envelope, so it can be
 * retried without its outbox row or its message. `dead_at` is set at DELIVERY_LIMIT attempts.
 */
export const failedEventsMigration = (schema: string): Migration => ({
  id: '000_bus_failed_events',
  sql: `
    CREATE TABLE "${schema}".failed_events (
      project_id uuid NOT NULL,
      event_id uuid NOT NULL,
      consumer text NOT NULL,
      envelope jsonb NOT NULL,
      attempts int NOT NULL,
      last_error text NOT NULL,
      first_failed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      last_failed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      next_attempt_at timestamptz NOT NULL,
      dead_at timestamptz,
      PRIMARY KEY (project_id, event_id, consumer)
    );
    -- What the redeliverer claims: the live rows, by when they are due.
    CREATE INDEX failed_events_due ON "${schema}".failed_events (next_attempt_at) WHERE dead_at IS NULL;
  `,
});

/** `attempts` failed attempts as an interval: base × 2^(attempts − 1), at most the cap ($7, $8 in ms). */
const backoff = (attempts: string) => `least($8::float8, $7::float8 * power(2, least(${attempts} - 1, 30))) * interval '1 millisecond'`;

/**
 * Records that `sub`'s handler failed on `event` (`attempts`: how many failed attempts this was —
 * 1, or 2 when a try in the relay's transaction failed before; see MemoryTransport), in `q`: a new
 * row, or more attempts on the row the event has (a redelivery that failed again). Due again after
 * the backoff; dead once it has DELIVERY_LIMIT attempts, which is logged and counted
 * (`herald_bus_dead_letters_total`). Throws if it cannot be recorded.
 */
export async function recordFailure(
  q: Queryable,
  sub: Subscription,
  event: DomainEvent,
  err: unknown,
  attempts = 1,
): Promise<{ attempts: number; dead: boolean }> {
  const message = String(err instanceof Error ? err.message : err).slice(0, ERROR_CHARS);
  const { rows } = await q.query<{ attempts: number; dead: boolean }>(
    `INSERT INTO "${sub.schema}".failed_events AS f (project_id, event_id, consumer, envelope, attempts, last_error, next_attempt_at, dead_at)
     VALUES ($1, $2, $3, $4, $5::int, $6, clock_timestamp() + ${backoff('$5::int')}, CASE WHEN $5::int >= ${DELIVERY_LIMIT} THEN clock_timestamp() END)
     ON CONFLICT (project_id, event_id, consumer) DO UPDATE SET
       attempts = f.attempts + $5::int,
       last_error = $6,
       last_failed_at = clock_timestamp(),
       next_attempt_at = clock_timestamp() + ${backoff('(f.attempts + $5::int)')},
       dead_at = coalesce(f.dead_at, CASE WHEN f.attempts + $5::int >= ${DELIVERY_LIMIT} THEN clock_timestamp() END)
     RETURNING attempts, dead_at IS NOT NULL AS dead`,
    [event.projectId, event.id, sub.service, JSON.stringify(event), attempts, message, sub.retryBackoffMs ?? RETRY_BACKOFF_MS, RETRY_BACKOFF_CAP_MS],
  );
  const row = rows[0];
  // Dead by this failure (not one more failure of an event dead already): once per death.
  if (row.dead && row.attempts - attempts < DELIVERY_LIMIT) {
    metrics.busDeadLetters.inc({ consumer: sub.service });
    logger.error(
      { err: message, consumer: sub.service, schema: sub.schema, type: event.type, eventId: event.id, projectId: event.projectId, attempts: row.attempts },
      `event handler failed ${row.attempts} times; the event is dead (list and replay its dead letters)`,
    );
  }
  return row;
}

/** A dead event of a consumer, as `listDeadLetters` shows it. */
export interface DeadLetter {
  consumer: string;
  projectId: string;
  eventId: string;
  type: string;
  event: DomainEvent;
  attempts: number;
  lastError: string;
  firstFailedAt: Date;
  lastFailedAt: Date;
  deadAt: Date;
}

/**
 * The dead events of a schema's consumers (all, or one `consumer`'s), those dead longest first, at
 * most `limit` (100 by default, at most 1000). Needs the database only.
 */
export async function listDeadLetters(db: Db, schema: string, opts: { consumer?: string; limit?: number } = {}): Promise<DeadLetter[]> {
  const limit = Math.min(Math.max(1, Math.floor(opts.limit ?? 100)), 1000);
  const rows = await db.query(
    `SELECT consumer, project_id, event_id, envelope, attempts, last_error, first_failed_at, last_failed_at, dead_at
     FROM "${schema}".failed_events
     WHERE dead_at IS NOT NULL AND ($1::text IS NULL OR consumer = $1)
     ORDER BY dead_at, event_id LIMIT ${limit}`,
    [opts.consumer ?? null],
  );
  return rows.map((r) => ({
    consumer: r.consumer,
    projectId: r.project_id,
    eventId: r.event_id,
    type: r.envelope.type,
    event: r.envelope,
    attempts: r.attempts,
    lastError: r.last_error,
    firstFailedAt: r.first_failed_at,
    lastFailedAt: r.last_failed_at,
    deadAt: r.dead_at,
  }));
}

/**
 * Which dead letters: those of the given events, or all of them (`all: true`, so that no empty list
 * means everything by mistake); of one consumer or of every one.
 */
export type DeadLetterSelector = { eventIds: string[]; consumer?: string } | { all: true; consumer?: string };

const selected = (s: DeadLetterSelector) => ['eventIds' in s ? s.eventIds : null, s.consumer ?? null] as const;
const SELECTED = `dead_at IS NOT NULL AND ($1::uuid[] IS NULL OR event_id = ANY($1::uuid[])) AND ($2::text IS NULL OR consumer = $2)`;

/**
 * Makes dead letters due again with their attempts reset: the consuming service's redeliverer
 * applies them at its next poll (through the inbox, so an event applied meanwhile is not applied
 * again) and, if they still fail, they are dead again after DELIVERY_LIMIT more attempts. Needs the
 * database only (an admin command). How many were replayed.
 */
export async function replayDeadLetters(db: Db, schema: string, which: DeadLetterSelector): Promise<number> {
  const rows = await db.query(
    `UPDATE "${schema}".failed_events SET attempts = 0, dead_at = NULL, next_attempt_at = clock_timestamp() WHERE ${SELECTED} RETURNING 1`,
    [...selected(which)],
  );
  return rows.length;
}

/** Forgets dead letters that should never be applied. How many went. */
export async function discardDeadLetters(db: Db, schema: string, which: DeadLetterSelector): Promise<number> {
  const rows = await db.query(`DELETE FROM "${schema}".failed_events WHERE ${SELECTED} RETURNING 1`, [...selected(which)]);
  return rows.length;
}

/**
 * Sets herald_bus_dead_letters for the consumers of one schema (0 for one with none): dead
 * letters present now. One query, on the consumers' schema.
 */
export async function sampleDeadLetters(db: Db, schema: string, consumers: string[]): Promise<void> {
  const rows = await db.query<{ consumer: string; n: number }>(
    `SELECT consumer, count(*)::int AS n FROM "${schema}".failed_events WHERE dead_at IS NOT NULL GROUP BY consumer`,
  );
  for (const consumer of consumers) metrics.busDeadLetterCount.set({ consumer }, rows.find((r) => r.consumer === consumer)?.n ?? 0);
}
