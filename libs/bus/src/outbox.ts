import type { Queryable } from '../../db/src';
import type { Migration } from '../../db/src';
import { newId } from '../../kit/src';
import { DomainEvent, DomainEventData, DomainEventType, DomainEvents } from '../../contracts/src/events';

export const NOTIFY_CHANNEL = 'herald_outbox';

/** The outbox and inbox tables every service schema carries (include in its migrations). */
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
 * Records domain events in the caller's transaction, next to the state change that caused them.
 * The relay publishes them after commit (woken by NOTIFY, which PostgreSQL delivers on commit).
 */
export async function enqueue(tx: Queryable, schema: string, events: NewEvent[]): Promise<DomainEvent[]> {
  if (events.length === 0) return [];
  const envelopes = envelopesOf(events);
  // One round trip: the rows and the wake-up (NOTIFY is delivered at commit).
  await tx.query(
    `WITH rows AS (
       INSERT INTO "${schema}".outbox (id, type, project_id, occurred_at, data)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::uuid[], $4::timestamptz[], $5::jsonb[])
       RETURNING 1
     ) SELECT pg_notify($6, $7) FROM (SELECT count(*) FROM rows) AS n`,
    [
      envelopes.map((e) => e.id),
      envelopes.map((e) => e.type),
      envelopes.map((e) => e.projectId),
      envelopes.map((e) => e.occurredAt),
      envelopes.map((e) => JSON.stringify(e.data)),
      NOTIFY_CHANNEL,
      schema,
    ],
  );
  return envelopes;
}
