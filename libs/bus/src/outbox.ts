import { afterCommit, prepared, Queryable, sqlOf, Work } from '../../db/src';
import type { Db, Migration } from '../../db/src';
import { metrics, newId, traceparentOf } from '../../kit/src';
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
export const busMigrations = (schema: string): Migration[] => [busMigration(schema), failedEventsMigration(schema), traceMigration(schema)];

/** Each outbox row keeps the trace context of the span that wrote it (null when traces are off). */
const traceMigration = (schema: string): Migration => ({
  id: '000_bus_trace',
  sql: `ALTER TABLE "${schema}".outbox ADD COLUMN traceparent text`,
});

export interface NewEvent<T extends DomainEventType = DomainEventType> {
  type: T;
  projectId: string;
  data: DomainEventData<T>;
  /** The trace the event continues; by default the current span's (see libs/kit tracing.ts). */
  traceparent?: string;
}

/** The SQL types a key of the caller's rows may have (see `Outbox.insertSql`). */
export type OutboxKey = 'uuid' | 'int' | 'text';

/**
 * The one way to publish domain events: a schema's outbox, written in the caller's transaction
 * next to the state change that caused the events (the relay publishes them after commit). Every
 * event is checked against its schema in `DomainEvents` before anything is written.
 */
export class Outbox {
  constructor(readonly schema: string) {}

  /** Validated envelopes (id, time) for new events: throws on a payload its schema rejects. */
  envelopes(events: NewEvent[], at = new Date()): DomainEvent[] {
    const occurredAt = at.toISOString();
    const current = traceparentOf();
    return events.map((e) => {
      DomainEvents[e.type].parse(e.data);
      const traceparent = e.traceparent ?? current;
      return { id: newId(), type: e.type, occurredAt, projectId: e.projectId, data: e.data, ...(traceparent ? { traceparent } : {}) } as DomainEvent;
    });
  }

  /**
   * Records events in q's transaction (or on their own, if q is not in one); wakes the relay on
   * commit. `afterMs`: the relay publishes them no sooner (found by its poll). q: a unit of work
   * (app code), or a client or pool (adapters).
   */
  async enqueue(at: Queryable | Work, events: NewEvent[], opts: { afterMs?: number } = {}): Promise<DomainEvent[]> {
    if (events.length === 0) return [];
    const q = 'query' in at ? at : sqlOf(at);
    const envelopes = this.envelopes(events);
    await q.query(prepared(this.insertSql(1), this.params(envelopes)));
    if (opts.afterMs) {
      await q.query(`UPDATE "${this.schema}".outbox SET next_attempt_at = now() + $2 * interval '1 millisecond' WHERE id = ANY($1::uuid[])`, [
        envelopes.map((e) => e.id),
        opts.afterMs,
      ]);
    } else {
      this.written(q);
    }
    return envelopes;
  }

  /**
   * The INSERT of envelopes passed as `params(envelopes, keys)` from `$first`, for statements that
   * write their own rows and their events together (one round trip, atomic without a transaction).
   * With `key`, each envelope carries a key of the caller's rows, and `where` (given the key's
   * column) picks the envelopes to write, e.g. those of the rows the statement actually changed.
   * Rows go in envelope order whatever plan the filter gets (consumers see them in seq order). The
   * text depends on the arguments only, never on the values, so call sites can run it `prepared`.
   */
  insertSql(first: number, opts: { key?: OutboxKey; where?: (key: string) => string } = {}): string {
    if (opts.where && !opts.key) throw new Error('Outbox.insertSql: a filter needs a key');
    const types = ['uuid', 'text', 'uuid', 'timestamptz', 'jsonb', 'text', ...(opts.key ? [opts.key] : [])];
    const arrays = types.map((t, k) => `$${first + k}::${t}[]`).join(', ');
    return `INSERT INTO "${this.schema}".outbox (id, type, project_id, occurred_at, data, traceparent)
       SELECT o.id, o.type, o.project_id, o.occurred_at, o.data, o.traceparent
       FROM unnest(${arrays}) WITH ORDINALITY AS o(id, type, project_id, occurred_at, data, traceparent, ${opts.key ? 'key, ' : ''}n)
       ${opts.where ? `WHERE ${opts.where('o.key')}` : ''}
       ORDER BY o.n`;
  }

  /** The parameters of `insertSql`: envelopes as column arrays, then the keys (one per envelope) if keyed. */
  params(envelopes: DomainEvent[], keys?: unknown[]): unknown[] {
    if (keys && keys.length !== envelopes.length) throw new Error(`Outbox.params: ${keys.length} keys for ${envelopes.length} envelopes`);
    return [
      envelopes.map((e) => e.id),
      envelopes.map((e) => e.type),
      envelopes.map((e) => e.projectId),
      envelopes.map((e) => e.occurredAt),
      envelopes.map((e) => JSON.stringify(e.data)),
      envelopes.map((e) => e.traceparent ?? null),
      ...(keys ? [keys] : []),
    ];
  }

  /**
   * Wakes this process's relay of the schema once q's writes are committed (nothing on rollback).
   * Only the module that owns a schema writes its outbox, and it runs that schema's relay in the
   * same process, so no NOTIFY is needed (NOTIFY serializes every committing transaction of the
   * cluster); rows written anyway by another process are found by the relay's poll.
   */
  written(q: Queryable) {
    afterCommit(q, () => wakers.get(this.schema)?.forEach((fn) => fn()));
  }
}

/** Sets herald_outbox_backlog and herald_outbox_oldest_seconds of a schema: its unrelayed events. One query. */
export async function sampleOutbox(db: Db, schema: string): Promise<void> {
  const [r] = await db.query<{ n: number; oldest: number }>(
    `SELECT count(*)::int AS n, coalesce(extract(epoch FROM now() - min(occurred_at)), 0)::float8 AS oldest FROM "${schema}".outbox`,
  );
  metrics.outboxBacklog.set({ schema }, r.n);
  metrics.outboxOldest.set({ schema }, Math.max(0, r.oldest));
}
