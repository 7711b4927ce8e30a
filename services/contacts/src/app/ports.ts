/**
 * What the contacts use cases need from outside, as interfaces: adapters/ implements them and
 * service.ts hands the implementations in. (The inbound side — gRPC handlers, consumers, HTTP
 * routes — is ../ports/.)
 */
import type { NewEvent, Outbox } from '../../../../libs/bus/src';
import type { CompiledCondition, Condition } from '../../../../libs/audience/src';
import type { UnitOfWork, Work } from '../../../../libs/db/src';
import type { JsonObject } from '../domain/data';
import type { SegmentType } from '../domain/segments';
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
 * (adapters/repo.ts). Transactions are units of work (`uow.run`); `outbox` publishes this
 * schema's events in them, `publish` on their own.
 */
export interface ContactsStore {
  readonly uow: UnitOfWork;
  readonly outbox: Outbox;
  /** Writes events to the outbox outside any unit of work (one statement, committed at once). */
  publish(events: NewEvent[]): Promise<void>;

  findByEmail(projectId: string, email: string): Promise<ContactRow | undefined>;
  /** Many upserts in one statement; absent from the result: items for the locked path (see the adapter). */
  upsertBatch(items: ContactBatchItem[]): Promise<ContactBatchRow[]>;
  /** A CSV import's batch (distinct emails of one project) in the caller's transaction; absent from the answer: unchanged. */
  importBatch(
    work: Work,
    projectId: string,
    items: Array<{ ord: number; id: string; email: string; set: JsonObject }>,
  ): Promise<Array<{ ord: number; outcome: 'inserted' | 'updated' }>>;
  findByEmailForUpdate(work: Work, projectId: string, email: string): Promise<ContactRow | undefined>;
  findByIdForUpdate(work: Work, projectId: string, id: string): Promise<ContactRow | undefined>;
  /** Undefined when the email exists (a concurrent insert won). */
  insert(work: Work, projectId: string, c: { id: string; email: string; subscribed: boolean; data: JsonObject }): Promise<ContactRow | undefined>;
  update(work: Work, projectId: string, id: string, c: { email: string; subscribed: boolean; data: JsonObject }): Promise<ContactRow>;
  /** Compare-and-set of a contact's data; undefined when someone changed it meanwhile. */
  updateDataIfUnchanged(projectId: string, id: string, expected: JsonObject, next: JsonObject): Promise<ContactRow | undefined>;
  emailTaken(work: Work, projectId: string, email: string, exceptId: string): Promise<boolean>;
  get(projectId: string, id: string): Promise<ContactRow | undefined>;
  getMany(projectId: string, ids: string[]): Promise<ContactRow[]>;
  /** Deletes the contact, its event facts and its segment memberships. */
  delete(work: Work, projectId: string, id: string): Promise<ContactRow | undefined>;
  /** Newest first, keyset-paginated (one row more than `limit` when there is a next page). */
  list(
    projectId: string,
    q: { limit: number; cursor?: string; search?: string; subscribed?: boolean; withTotal: boolean },
  ): Promise<{ rows: ContactRow[]; total: number }>;
  existingEmails(projectId: string, emails: string[]): Promise<Set<string>>;
  /** Records the type of keys seen for the first time (existing keys keep theirs). */
  recordFieldTypes(projectId: string, all: Array<{ key: string; type: FieldType }>, work?: Work): Promise<void>;
  /** Of these keys, those the project has no field for yet, and how many fields it has (MAX_PROJECT_FIELDS). */
  fieldBudget(projectId: string, keys: string[], work?: Work): Promise<{ total: number; added: string[] }>;
  fieldsWithCoverage(projectId: string): Promise<{ total: number; fields: Array<{ key: string; type: FieldType; count: number }> }>;
  distinctValues(projectId: string, expr: { sql: string; param?: string[] }, limit: number): Promise<{ values: unknown[]; count: number }>;
  /** The project's custom field types (dotted key → type), for conditions. */
  fieldTypes(projectId: string): Promise<Map<string, FieldType>>;
  /** Removes a custom field from every contact and its type; returns how many contacts had it. */
  deleteField(projectId: string, path: string[]): Promise<number>;
}

export type JobKind = 'import' | 'bulk';
export type JobStatus = 'uploading' | 'queued' | 'running' | 'completed' | 'failed';
export type BulkOperation = 'subscribe' | 'unsubscribe' | 'delete';

export interface JobRow {
  project_id: string;
  id: string;
  kind: JobKind;
  operation: string;
  status: JobStatus;
  reason: string | null;
  filename: string | null;
  bytes: string;
  chunks: number;
  contact_ids: string[] | null;
  total: number | null;
  processed: number;
  imported: number;
  updated: number;
  skipped: number;
  succeeded: number;
  failed: number;
  error_count: number;
  attempts: number;
  worker: string | null;
  created_at: Date;
  finished_at: Date | null;
}

/** One error of a job: a row of an import (`n` = its row) or an id of a bulk job (`n` = its position). */
export interface JobError {
  n: number;
  email?: string;
  contactId?: string;
  reason: string;
}

/** Counter increments and the new checkpoint a batch commits with its effects. */
export interface JobProgress {
  processed: number;
  total?: number;
  imported?: number;
  updated?: number;
  skipped?: number;
  succeeded?: number;
  failed?: number;
  errors: JobError[];
}

/** Why an import chunk was refused. */
export type ChunkRefusal = 'not_found' | 'out_of_order' | 'too_large';

/**
 * Import and bulk jobs in PostgreSQL (adapters/jobs-repo.ts), every statement scoped by
 * project_id, except the sweep's, which looks for due work across projects.
 */
export interface JobsStore {
  readonly uow: UnitOfWork;
  readonly outbox: Outbox;

  createImport(projectId: string, id: string, filename: string): Promise<void>;
  /** Stores chunk `seq` (the next one) unless the file would exceed maxBytes. */
  appendChunk(projectId: string, jobId: string, seq: number, data: Buffer, maxBytes: number): Promise<ChunkRefusal | undefined>;
  /** `uploading` → `queued` when the stored file is what the edge sent; its work item in the same transaction. */
  commitImport(projectId: string, jobId: string, chunks: number, bytes: number): Promise<boolean>;
  /** Deletes an `uploading` job and its chunks. */
  abortImport(projectId: string, jobId: string): Promise<void>;
  createBulk(projectId: string, id: string, operation: BulkOperation, ids: string[]): Promise<void>;
  get(projectId: string, id: string): Promise<JobRow | undefined>;
  errors(projectId: string, id: string, limit: number): Promise<JobError[]>;

  /** Takes the job (queued, or running with its lease expired) for `worker`; undefined if it is not to be run. */
  claim(projectId: string, id: string, worker: string, leaseMs: number): Promise<JobRow | undefined>;
  /** Extends the lease; false when the job is no longer this worker's. */
  heartbeat(projectId: string, id: string, worker: string, leaseMs: number): Promise<boolean>;
  /** Locks the job row in the unit of work if `worker` still holds it (the fence of every batch). */
  holds(work: Work, projectId: string, id: string, worker: string): Promise<boolean>;
  /** Adds a batch's counts and errors and moves the checkpoint, in the batch's transaction. */
  progress(work: Work, projectId: string, id: string, p: JobProgress, leaseMs: number): Promise<void>;
  /** Ends the job (its chunks go); false if `worker` no longer held it. */
  finish(projectId: string, id: string, worker: string, outcome: { status: 'completed' | 'failed'; reason?: string; total?: number }): Promise<boolean>;
  /** Gives the job back (status `queued`, its work item queued again) for another worker to resume. */
  release(projectId: string, id: string, worker: string): Promise<void>;
  chunk(projectId: string, id: string, seq: number): Promise<Buffer | undefined>;

  /** Subscribes or unsubscribes the given contacts (locked); returns each found contact and whether it changed. */
  setSubscribed(
    work: Work,
    projectId: string,
    ids: string[],
    subscribed: boolean,
  ): Promise<Array<{ id: string; email: string; subscribed: boolean; changed: boolean }>>;
  /** Deletes the given contacts, their event facts and segment memberships; returns those deleted. */
  deleteMany(work: Work, projectId: string, ids: string[]): Promise<Array<{ id: string; email: string }>>;

  /**
   * The sweep: work items for jobs whose lease expired (or were queued long ago with no worker
   * taking them, or whose item a restart of all-in-one lost), marked enqueued; jobs interrupted
   * `maxAttempts` times fail; uploads abandoned for an hour go. Across projects.
   */
  sweep(leaseMs: number, maxAttempts: number): Promise<{ requeued: number; failed: number; abandoned: number }>;
  /** All-in-one start: queued jobs lost their in-memory work items; the next sweep queues them again. */
  forgetEnqueued(): Promise<number>;
}

export interface SegmentRow {
  id: string;
  name: string;
  description: string | null;
  type: SegmentType;
  condition: Condition | null;
  track_membership: boolean;
  /** STATIC: its membership rows now; DYNAMIC: as last counted. */
  member_count: string;
  computed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** What conditions need of a segment: no member count (STATIC counts cost a count of their rows). */
export type SegmentRef = Pick<SegmentRow, 'id' | 'name' | 'type' | 'condition'>;

/** A project taken for a recompute, and the lease it was taken with (millisecond precision, as stored). */
export interface DueProject {
  projectId: string;
  lease: Date;
}

/**
 * Segments, their membership rows and the queue of projects due a recompute, in PostgreSQL
 * (adapters/segments-repo.ts), every statement scoped by project_id except `takeDue` and
 * `markStale`, which look for due work across projects.
 */
export interface SegmentsStore {
  readonly uow: UnitOfWork;
  list(projectId: string): Promise<SegmentRow[]>;
  /** The project's segments without their counts: for resolving references, usage. */
  conditions(projectId: string): Promise<SegmentRef[]>;
  get(projectId: string, id: string): Promise<SegmentRow | undefined>;
  /** The segment, locked in the unit of work. */
  getForUpdate(work: Work, projectId: string, id: string): Promise<SegmentRow | undefined>;
  insert(
    work: Work,
    projectId: string,
    s: { id: string; name: string; description: string | null; type: SegmentType; condition: Condition | null; trackMembership: boolean; memberCount: number },
  ): Promise<void>;
  /** `conditionChanged`: the last compute no longer describes the condition. */
  update(
    work: Work,
    projectId: string,
    id: string,
    s: { name: string; description: string | null; condition: Condition | null; trackMembership: boolean; memberCount: number; conditionChanged: boolean },
  ): Promise<void>;
  /** Deletes the segment and its membership rows. */
  delete(work: Work, projectId: string, id: string): Promise<void>;
  clearMembers(work: Work, projectId: string, id: string): Promise<void>;
  setMemberCount(projectId: string, id: string, n: number): Promise<void>;
  count(projectId: string, compiled: CompiledCondition): Promise<number>;
  /** The count and, of those, the subscribed: one statement, so the two agree. */
  countWithSubscribed(projectId: string, compiled: CompiledCondition): Promise<{ total: number; subscribed: number }>;
  /** The campaigns projection (campaigns.campaign.changed.v1): each campaign's audience and status; newer versions win. */
  saveCampaignAudience(work: Work, projectId: string, c: CampaignAudience & { campaignId: string; version: number }): Promise<void>;
  deleteCampaignAudience(work: Work, projectId: string, campaignId: string): Promise<void>;
  campaignAudiences(projectId: string): Promise<Array<CampaignAudience & { id: string }>>;
  /** The workflows projection (workflows.workflow.changed.v1): what each workflow reads; newer versions win. */
  saveWorkflowRefs(work: Work, projectId: string, w: WorkflowRefs & { version: number }): Promise<void>;
  /** A tombstone: no change of an older version brings the workflow back. */
  deleteWorkflowRefs(work: Work, projectId: string, workflowId: string): Promise<void>;
  /** The project's workflows (not deleted), in id order. */
  workflowRefs(projectId: string): Promise<WorkflowRefs[]>;
  /** For one contact of the project, whether it matches each condition (compiled chained: see matchEachSql); undefined when it is not one of the project's. */
  matchEach(projectId: string, contactId: string, compiled: CompiledCondition[]): Promise<boolean[] | undefined>;
  /** Up to `limit` ids of matching contacts after `afterId`, in id order (a campaign walks its audience so). */
  audienceIds(projectId: string, compiled: CompiledCondition, afterId: string | undefined, limit: number): Promise<string[]>;
  /** A page of the contacts matching now, newest first, and how many there are. */
  livePage(projectId: string, compiled: CompiledCondition, page: { page: number; pageSize: number }): Promise<{ rows: ContactRow[]; total: number }>;
  /** A page of the membership rows' contacts, newest first, and how many there are. */
  memberPage(projectId: string, id: string, page: { page: number; pageSize: number }): Promise<{ rows: ContactRow[]; total: number }>;
  contactsByEmail(projectId: string, emails: string[]): Promise<Array<{ id: string; email: string }>>;
  addMembers(work: Work, projectId: string, id: string, contactIds: string[]): Promise<number>;
  removeMembers(work: Work, projectId: string, id: string, contactIds: string[]): Promise<number>;
  /** A tracked segment's rows made the contacts matching now; who entered, who left, how many now. */
  writeMembership(work: Work, projectId: string, id: string, compiled: CompiledCondition): Promise<{ entered: string[]; exited: string[]; total: number }>;
  /** The segment's compute failed (its condition no longer compiles): tried again after the interval, not at every tick. */
  computeFailed(projectId: string, id: string): Promise<void>;
  /** The project's tracked DYNAMIC segments. */
  trackedIds(projectId: string): Promise<string[]>;
  /** These projects (those with a tracked segment) are due a recompute after `debounceMs`. */
  markDue(projectIds: string[], debounceMs: number, work?: Work): Promise<void>;
  /** Projects with a tracked segment not computed for `intervalMs` (or never) are due now. */
  markStale(intervalMs: number): Promise<void>;
  /** A project due now, taken for `leaseMs` (another replica skips it); undefined when none is. */
  takeDue(leaseMs: number): Promise<DueProject | undefined>;
  /** The project's recompute is done: gone from the queue, or due again if changes came meanwhile (only while the lease is still this one). */
  doneDue(due: DueProject, debounceMs: number): Promise<void>;
  /** Gives the project back undone (shutdown): another run takes it at once. */
  releaseDue(due: DueProject): Promise<void>;
}

/**
 * Who else uses a segment as an audience. Campaigns fill this in when they exist (a segment
 * an active campaign sends to cannot be deleted: 409); until then nothing does.
 */
/** A campaign's audience as contacts knows it (from the campaigns service's events). */
export interface CampaignAudience {
  segmentId: string | null;
  audienceFilter: Record<string, unknown> | null;
  name: string;
  status: string;
}

/** What a workflow reads, as contacts knows it (from the workflows service's events). */
export interface WorkflowRefs {
  id: string;
  name: string;
  /** Contact fields its CONDITION steps read, canonical. */
  fields: string[];
  /** Event names its trigger, WAIT_FOR_EVENT and CONDITION steps name. */
  eventNames: string[];
}
