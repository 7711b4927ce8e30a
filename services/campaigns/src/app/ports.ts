/**
 * What the campaigns use cases need from outside, as interfaces: adapters/ implements them and
 * service.ts hands the implementations in.
 */
import type { Outbox } from '../../../../libs/bus/src';
import type { UnitOfWork, Work } from '../../../../libs/db/src';
import type { AudienceType, Status } from '../domain/campaign';

export interface CampaignRow {
  project_id: string;
  id: string;
  name: string;
  description: string | null;
  subject: string;
  body: string;
  from_email: string;
  from_name: string | null;
  reply_to: string | null;
  template_id: string | null;
  audience_type: AudienceType;
  segment_id: string | null;
  audience_filter: Record<string, unknown> | null;
  status: Status;
  scheduled_at: Date | null;
  started_at: Date | null;
  sent_at: Date | null;
  cancelled_at: Date | null;
  status_reason: string | null;
  tracking: string;
  phase: 'freeze' | 'dispatch' | 'drain' | null;
  freeze_cursor: string | null;
  dispatch_cursor: string | null;
  stepped_at: Date | null;
  next_step_at: Date | null;
  drain_checked_at: Date | null;
  total_recipients: number;
  dispatched: number;
  skipped: number;
  sent_count: number;
  delivered_count: number;
  opened_count: number;
  clicked_count: number;
  bounced_count: number;
  complained_count: number;
  unsubscribed_count: number;
  failed_count: number;
  replied_count: number;
  human_opened_count: number;
  human_clicked_count: number;
  settled_count: number;
  version: string;
  created_at: Date;
  updated_at: Date;
}

/** A new campaign's columns (the rest start at their defaults). */
export type NewCampaign = Pick<
  CampaignRow,
  | 'project_id'
  | 'id'
  | 'name'
  | 'description'
  | 'subject'
  | 'body'
  | 'from_email'
  | 'from_name'
  | 'reply_to'
  | 'template_id'
  | 'audience_type'
  | 'segment_id'
  | 'audience_filter'
  | 'status'
>;

/** The columns a use case may set (the store bumps `version` and `updated_at` with every change). */
export type CampaignChange = Partial<Omit<CampaignRow, 'project_id' | 'id' | 'version' | 'created_at' | 'updated_at'>>;

/** A fact about one recipient's email (domain/campaign.ts FACT bits). */
export interface RecipientFact {
  projectId: string;
  campaignId: string;
  contactId: string;
  bits: number;
}

/**
 * Campaigns and their frozen recipients in PostgreSQL, every statement scoped by project_id.
 * Transactions are units of work (`uow.run`); `outbox` publishes this schema's events in them.
 */
export interface CampaignsStore {
  readonly uow: UnitOfWork;
  readonly outbox: Outbox;

  insert(work: Work, row: NewCampaign): Promise<CampaignRow>;
  get(projectId: string, id: string): Promise<CampaignRow | undefined>;
  /** The campaign, locked in the unit of work. */
  getForUpdate(work: Work, projectId: string, id: string): Promise<CampaignRow | undefined>;
  /** A page of campaigns, without their bodies. */
  list(projectId: string, q: { page: number; pageSize: number; status?: string }): Promise<{ rows: Array<Omit<CampaignRow, 'body'>>; total: number }>;
  update(work: Work, projectId: string, id: string, change: CampaignChange): Promise<CampaignRow>;
  delete(work: Work, projectId: string, id: string): Promise<void>;

  /** SCHEDULED campaigns whose time came, now SENDING (phase freeze). */
  startDue(work: Work, limit: number): Promise<CampaignRow[]>;
  /** The SENDING campaign whose turn it is (least recently stepped, not waiting), locked, without its body; skips those another replica holds. */
  nextTurn(work: Work): Promise<Omit<CampaignRow, 'body'> | undefined>;
  /** A turn's progress, without an event (nothing others keep changed). */
  progress(work: Work, projectId: string, id: string, change: CampaignChange): Promise<void>;
  /** A SENDING campaign's next turn put off (its turn failed). */
  deferTurn(projectId: string, id: string, ms: number): Promise<void>;
  body(work: Work, projectId: string, id: string): Promise<string>;
  /** Its frozen recipients, deleted in batches (after the campaign itself). */
  deleteRecipients(projectId: string, id: string): Promise<void>;
  /** Adds frozen recipients (ids already there are ignored); returns how many were new. */
  freeze(work: Work, projectId: string, campaignId: string, contactIds: string[]): Promise<number>;
  /** Frozen recipients after `afterId`, in id order. */
  recipientsAfter(work: Work, projectId: string, campaignId: string, afterId: string | null, limit: number): Promise<string[]>;
  /** The project's emails handed to messaging and not yet settled (sent or failed), over its SENDING campaigns. */
  inFlight(work: Work, projectId: string): Promise<number>;
  /** Records facts on recipients and raises their campaigns' counters once per recipient and fact; returns the campaigns changed. */
  applyFacts(work: Work, facts: RecipientFact[]): Promise<Array<{ projectId: string; campaignId: string }>>;
}
