/**
 * What the events use cases need from outside, as interfaces: adapters/ implements them and
 * service.ts hands the implementations in. (The inbound side — gRPC handlers, consumers, HTTP
 * routes — is ../ports/.)
 */
import type { Outbox } from '../../../../libs/bus/src';
import type { DomainEvent } from '../../../../libs/contracts/src';
import type { UnitOfWork, Work } from '../../../../libs/db/src';
import type { Counts } from '../domain/activity';

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
 * Tracked events in PostgreSQL (adapters/repo.ts). Transactions are units of work (`uow.run`);
 * `outbox` publishes this schema's events in them.
 */
export interface EventsStore {
  readonly uow: UnitOfWork;
  readonly outbox: Outbox;

  /** Events and their outbox rows in one statement, on its own or in the unit of work. */
  insertWithOutbox(rows: EventInsert[], work?: Work): Promise<void>;
  recent(projectId: string, name: string | undefined, limit: number): Promise<EventRow[]>;
  ofContact(projectId: string, contactId: string, limit: number): Promise<EventRow[]>;
  stats(projectId: string): Promise<Array<{ name: string; count: string }>>;
  names(projectId: string): Promise<string[]>;
  usage(projectId: string, name: string): Promise<{ total: number; contacts: number }>;
  deleteByName(work: Work, projectId: string, name: string): Promise<number>;
}

/** Email counts to add, per project and 15-minute bucket and per campaign (domain/activity `emailCounts`). */
export interface EmailCountRows {
  buckets: Array<{ key: { projectId: string; bucket: Date }; counts: Counts }>;
  campaigns: Array<{ key: { projectId: string; campaignId: string }; counts: Counts }>;
}

/** A campaign as its latest `campaigns.campaign.changed.v1` describes it; `at`: when that happened. */
export interface CampaignChange {
  projectId: string;
  id: string;
  name: string;
  subject: string;
  status: string;
  audienceType: string;
  scheduledAt: string | null;
  sentAt: string | null;
  totalRecipients: number;
  version: number;
  at: string;
}

export interface CampaignRow {
  id: string;
  name: string;
  subject: string;
  status: string;
  audience_type: string;
  scheduled_at: Date | null;
  sent_at: Date | null;
  total_recipients: number;
}

/**
 * A row of the feed: an event (`source` 'event'), or activity of its own — a workflow run, a
 * sending domain's deliverability change (no contact's: `contact_id` null) — whose `name` is its
 * activity type and `data` its metadata.
 */
export type FeedRow = Omit<EventRow, 'contact_id'> & { contact_id: string | null; source: 'event' | 'workflow' | 'deliverability' };

/** A workflow run to show in the feed (workflows.execution.started.v1); `at`: when it started. */
export interface WorkflowActivity {
  projectId: string;
  id: string;
  type: string;
  contactId: string;
  executionId: string;
  data: Record<string, unknown>;
  at: string;
}

/** A deliverability change to show in the feed; `eventId`: the domain event's (once each); `at`: when it happened. */
export interface DeliverabilityActivity {
  projectId: string;
  id: string;
  type: string;
  eventId: string;
  data: Record<string, unknown>;
  at: string;
}

/** A page of the feed: `before` the previous page's last id; date bounds as instants and id bounds. */
export interface FeedQuery {
  limit: number;
  before?: string;
  contactId?: string;
  types?: string[];
  start?: { at: Date; idFloor: string };
  end?: { at: Date; idCeiling: string };
}

/** The read models of activity and analytics (adapters/activity-repo.ts). */
export interface ActivityStore {
  addEmailCounts(work: Work, rows: EmailCountRows): Promise<void>;
  upsertCampaigns(work: Work, rows: CampaignChange[]): Promise<void>;
  deleteCampaigns(work: Work, rows: Array<{ projectId: string; id: string; at: string }>): Promise<void>;
  /** Records workflow runs (once per execution and type) and counts the started ones. */
  addWorkflowActivity(work: Work, rows: WorkflowActivity[]): Promise<void>;
  /** Records deliverability changes, once per source event. */
  addDeliverabilityActivity(work: Work, rows: DeliverabilityActivity[]): Promise<void>;
  /** A deleted contact's workflow activity goes (its counts stay, as its emails' do). */
  deleteContactActivity(work: Work, projectId: string, contactId: string): Promise<void>;
  feed(projectId: string, q: FeedQuery): Promise<FeedRow[]>;
  countSince(projectId: string, idFloor: string): Promise<number>;
  emailTotals(projectId: string, start: Date, end: Date): Promise<Counts>;
  eventTotal(projectId: string, from: string, to: string): Promise<number>;
  /** Workflow runs started in the 15-minute buckets of [start, end). */
  workflowsStarted(projectId: string, start: Date, end: Date): Promise<number>;
  daily(
    projectId: string,
    tz: string,
    from: string,
    to: string,
  ): Promise<
    Array<{ date: Date; sent: string; delivered: string; opened: string; clicked: string; bounced: string; human_opened: string; human_clicked: string }>
  >;
  topNames(projectId: string, from: string, to: string, prevFrom: string, limit: number): Promise<Array<{ name: string; count: string; previous: string }>>;
  scheduled(projectId: string, limit: number): Promise<CampaignRow[]>;
  topCampaigns(
    projectId: string,
    start: Date,
    end: Date,
    limit: number,
  ): Promise<Array<{ id: string; name: string; subject: string; sent: string; opened: string; clicked: string; human_opened: string; human_clicked: string }>>;
  campaignTotals(
    projectId: string,
    start: Date,
    end: Date,
  ): Promise<{ total: number; active: number; completed: number; sent: number; opened: number; clicked: number }>;
}
