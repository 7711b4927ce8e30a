/**
 * What the contacts use cases need from outside, as interfaces: adapters/ implements them and
 * service.ts hands the implementations in. (The inbound side — gRPC handlers, consumers, HTTP
 * routes — is ../ports/.)
 */
import type { PoolClient } from 'pg';
import type { Outbox } from '../../../../libs/bus/src';
import type { Db, Queryable } from '../../../../libs/db/src';
import type { JsonObject } from '../domain/data';
import type { FieldType } from '../domain/types';

export interface ContactRow {
  id: string;
  email: string;
  subscribed: boolean;
  data: JsonObject;
  created_at: Date;
  updated_at: Date;
}

/** One item of `ContactsStore.upsertBatch`, at position `ord` of the request. */
export interface ContactBatchItem {
  ord: number;
  projectId: string;
  id: string;
  email: string;
  subscribed?: boolean;
  defaultSubscribed: boolean;
  set: JsonObject;
  nulls: string[];
}

/** What `upsertBatch` settled for the item at `ord`. */
export type ContactBatchRow = ContactRow & { ord: number; outcome: 'inserted' | 'updated' | 'unchanged' };

/**
 * Contacts and their custom field types in PostgreSQL, every statement scoped by project_id
 * (adapters/repo.ts). Transactions are `db.tx`; `outbox` publishes this schema's events in them.
 */
export interface ContactsStore {
  readonly db: Db;
  readonly outbox: Outbox;

  findByEmail(projectId: string, email: string): Promise<ContactRow | undefined>;
  /** Many upserts in one statement; absent from the result: items for the locked path (see the adapter). */
  upsertBatch(items: ContactBatchItem[]): Promise<ContactBatchRow[]>;
  findByEmailForUpdate(tx: PoolClient, projectId: string, email: string): Promise<ContactRow | undefined>;
  findByIdForUpdate(tx: PoolClient, projectId: string, id: string): Promise<ContactRow | undefined>;
  /** Undefined when the email exists (a concurrent insert won). */
  insert(tx: PoolClient, projectId: string, c: { id: string; email: string; subscribed: boolean; data: JsonObject }): Promise<ContactRow | undefined>;
  update(tx: PoolClient, projectId: string, id: string, c: { email: string; subscribed: boolean; data: JsonObject }): Promise<ContactRow>;
  /** Compare-and-set of a contact's data; undefined when someone changed it meanwhile. */
  updateDataIfUnchanged(projectId: string, id: string, expected: JsonObject, next: JsonObject): Promise<ContactRow | undefined>;
  emailTaken(tx: Queryable, projectId: string, email: string, exceptId: string): Promise<boolean>;
  get(projectId: string, id: string): Promise<ContactRow | undefined>;
  getMany(projectId: string, ids: string[]): Promise<ContactRow[]>;
  /** Deletes the contact and its event facts. */
  delete(tx: PoolClient, projectId: string, id: string): Promise<ContactRow | undefined>;
  /** Newest first, keyset-paginated (one row more than `limit` when there is a next page). */
  list(projectId: string, q: { limit: number; cursor?: string; search?: string; subscribed?: boolean; withTotal: boolean }): Promise<{ rows: ContactRow[]; total: number }>;
  existingEmails(projectId: string, emails: string[]): Promise<Set<string>>;
  /** Records the type of keys seen for the first time (existing keys keep theirs). */
  recordFieldTypes(tx: Queryable, projectId: string, all: Array<{ key: string; type: FieldType }>): Promise<void>;
  fieldsWithCoverage(projectId: string): Promise<{ total: number; fields: Array<{ key: string; type: FieldType; count: number }> }>;
  distinctValues(projectId: string, expr: { sql: string; param?: string[] }, limit: number): Promise<{ values: unknown[]; count: number }>;
  /** Removes a custom field from every contact and its type; returns how many contacts had it. */
  deleteField(projectId: string, path: string[]): Promise<number>;
}
