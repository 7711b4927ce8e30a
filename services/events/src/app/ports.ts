/**
 * What the events use cases need from outside, as interfaces: adapters/ implements them and
 * service.ts hands the implementations in. (The inbound side — gRPC handlers, consumers, HTTP
 * routes — is ../ports/.)
 */
import type { Outbox } from '../../../../libs/bus/src';
import type { DomainEvent } from '../../../../libs/contracts/src';
import type { Db, Queryable } from '../../../../libs/db/src';

export interface EventRow {
  id: string;
  contact_id: string;
  name: string;
  data: Record<string, unknown>;
  created_at: Date;
}

/** An event to record, with the envelope of its `events.event.recorded.v1` (written beside it). */
export interface EventInsert {
  projectId: string;
  id: string;
  contactId: string;
  name: string;
  data: Record<string, unknown>;
  outbox: DomainEvent;
}

/**
 * Tracked events in PostgreSQL (adapters/repo.ts). Transactions are `db.tx`; `outbox` publishes
 * this schema's events in them.
 */
export interface EventsStore {
  readonly db: Db;
  readonly outbox: Outbox;

  /** Events and their outbox rows in one statement, on its own or in q's transaction. */
  insertWithOutbox(q: Queryable, rows: EventInsert[]): Promise<void>;
  recent(projectId: string, name: string | undefined, limit: number): Promise<EventRow[]>;
  ofContact(projectId: string, contactId: string, limit: number): Promise<EventRow[]>;
  stats(projectId: string): Promise<Array<{ name: string; count: string }>>;
  names(projectId: string): Promise<string[]>;
  usage(projectId: string, name: string): Promise<{ total: number; contacts: number }>;
  deleteByName(tx: Queryable, projectId: string, name: string): Promise<number>;
}
