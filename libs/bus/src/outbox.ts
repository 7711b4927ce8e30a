import { afterCommit, Queryable } from '../../db/src';
import type { Migration } from '../../db/src';
import { newId } from '../../kit/src';
import { DomainEvent, DomainEventData, DomainEventType, DomainEvents } from '../../contracts/src/events';
import { failedEventsMigration } from './dead-letters';

/** The relays of this process, by schema (a schema's outbox is written only by its own module). */
const wakers = new Map<string, Set<() => void>>();

/** Called by a relay: `fn` runs whenever this process commits rows to the schema's outbox. */
export function onOutboxWrite(schema: string, fn: () => void): () => void {
  if (!wakers.has(schema)) wakers.set(schema, new Set());
  wakers.get(schema)!.add(fn);
  return () => wakers.get(schema)?.delete(fn);
}

/**
 * Wakes this process's relay of `schema` once `q`'s writes are committed. Only the module that owns
 * a schema writes its outbox, and it runs that schema's relay in the same process, so no NOTIFY is
 * needed (NOTIFY serializes every committing transaction of the cluster); rows written anyway by
 * another process are found by the relay's poll.
 */
export function outboxWritten(q: Queryable, schema: string) {
  afterCommit(q, () => wakers.get(schema)?.forEach((fn) => fn()));
}

/** The outbox and inbox tables every service schema carries (see `busMigrations`). */
export const busMigration = (schema: string): Migration => ({
  id: '000_bus',
  sql: `
    CREATE TABLE "${schema}".outbox (
      seq bigserial PRIMARY KEY,
      id uuid NOT NULL,
      type text NOT NULL,
      project_id uuid NOT NULL,
      occurred_at timestamptz NOT NULL,
      data jsonb NOT NULL,
      attempts int NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_error text
    );
    CREATE INDEX outbox_due ON "${schema}".outbox (next_attempt_at, seq);
    -- Consumers remember what they handled: redelivery is harmless (at-least-once + dedupe).
    CREATE TABLE "${schema}".inbox (
      project_id uuid NOT NULL,
      event_id uuid NOT NULL,
      consumer text NOT NULL,
      handled_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (project_id, event_id, consumer)
    );
  `,
});

/**
 * Every bus table of a service schema, to spread into its migrations: `000_bus`, then
 * `000_bus_failed_events` (added later; it applies on top of an existing `000_bus`).
 */
export const busMigrations = (schema: string): Migration[] => [busMigration(schema), failedEventsMigration(schema)];

export interface NewEvent<T extends DomainEventType = DomainEventType> {
  type: T;
  projectId: string;
  data: DomainEventData<T>;
}

/** Validated envelopes (id, time) for new events. */
export function envelopesOf(events: NewEvent[], at = new Date()): DomainEvent[] {
  const occurredAt = at.toISOString();
  return events.map((e) => {
    DomainEvents[e.type].parse(e.data);
    return { id: newId(), type: e.type, occurredAt, projectId: e.projectId, data: e.data } as DomainEvent;
  });
}

/**
 * Envelopes as the five column arrays of an outbox insert — `unnest($n::uuid[], $n+1::text[],
 * $n+2::uuid[], $n+3::timestamptz[], $n+4::jsonb[])` as (id, type, project_id, occurred_at, data) —
 * for statements that write their own rows and the outbox together.
 */
export function outboxColumns(envelopes: DomainEvent[]): unknown[] {
  return [
    envelopes.map((e) => e.id),
    envelopes.map((e) => e.type),
    envelopes.map((e) => e.projectId),
    envelopes.map((e) => e.occurredAt),
    envelopes.map((e) => JSON.stringify(e.data)),
  ];
}

/**
 * Records domain events in the caller's transaction, next to the state change that caused them.
 * The relay publishes them after commit.
 */
export async function enqueue(tx: Queryable, schema: string, events: NewEvent[]): Promise<DomainEvent[]> {
  if (events.length === 0) return [];
  const envelopes = envelopesOf(events);
  await tx.query(
    `INSERT INTO "${schema}".outbox (id, type, project_id, occurred_at, data)
     SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::timestamptz[], $5::jsonb[])`,
    outboxColumns(envelopes),
  );
  outboxWritten(tx, schema);
  return envelopes;
}
