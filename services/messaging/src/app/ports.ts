/**
 * What the messaging use cases need from outside, as interfaces: adapters/ implements them and
 * service.ts hands the implementations in. (The inbound side — HTTP routes and pages — is
 * ../ports/.)
 */
import type Mail from 'nodemailer/lib/mailer';
import type { NewEvent, Outbox } from '../../../../libs/bus/src';
import type { Api, DomainEvent } from '../../../../libs/contracts/src';
import type { UnitOfWork, Work } from '../../../../libs/db/src';
import type { WindowCounts } from '../domain/guardrails';
import type { PaceChange, ProviderLimits } from '../domain/shaping';
import type { CampaignLane, ProviderStep, WarmupPlan } from '../domain/warmup';
import type { SnsMessage } from '../domain/sns';
import type { EngagementClass } from '../domain/engagement';
import type { EmailStatus } from '../domain/status';
import type { MxRecord } from '../domain/verify';

// ---- the store ----------------------------------------------------------------------------------

export interface TemplateRow {
  id: string;
  name: string;
  description: string;
  subject: string;
  body: string;
  from_email: string | null;
  from_name: string | null;
  reply_to: string | null;
  type: 'TRANSACTIONAL' | 'MARKETING';
  /** The editor's blocks (domain/design.ts) that body was compiled from; null: written as HTML. */
  design: unknown;
  created_at: Date;
  updated_at: Date;
}

export interface EmailRow {
  project_id: string;
  id: string;
  contact_id: string;
  to_email: string;
  to_name: string | null;
  from_email: string;
  from_name: string | null;
  reply_to: string | null;
  subject: string;
  body: string;
  template_id: string | null;
  campaign_id: string | null;
  type: 'TRANSACTIONAL' | 'MARKETING';
  source_type: 'transactional' | 'campaign' | 'workflow';
  lane: 'transactional' | 'bulk';
  headers: Record<string, string>;
  vars: Record<string, unknown>;
  /** Click tracking, and open tracking unless `track_opens` says otherwise. */
  tracking: boolean;
  /** The open pixel (null on rows stored before it was its own setting: as `tracking`). */
  track_opens: boolean | null;
  /** The sender's own text/plain part (null: generated from the HTML). */
  text_body: string | null;
  message_id: string | null;
  status: EmailStatus;
  attempts: number;
  attachment_count: number;
  /** The recipient's mailbox provider, known from its domain's MX at delivery (null before). */
  provider: string | null;
}

export interface NewEmail {
  projectId: string;
  id: string;
  contactId: string;
  toEmail: string;
  toName?: string;
  fromEmail: string;
  fromName?: string;
  replyTo?: string;
  subject: string;
  body: string;
  templateId?: string;
  type: 'TRANSACTIONAL' | 'MARKETING';
  headers: Record<string, string>;
  vars: Record<string, unknown>;
  /** Click tracking (and opens, unless trackOpens is false). */
  tracking: boolean;
  trackOpens?: boolean;
  /** The sender's own text/plain part; absent: generated from the HTML when sent. */
  textBody?: string;
  attachments: Array<{ filename: string; contentType: string; contentId?: string; disposition: string; content: Buffer }>;
}

/** A workflow's email (SendWorkflowEmail): one recipient, at most one email per (project, `key`). */
export interface WorkflowEmail extends Omit<NewEmail, 'attachments' | 'headers' | 'toName'> {
  key: string;
  workflowId?: string;
}

/** A workflow step that sends a template (the workflows projection): its name, else its workflow's. */
export interface WorkflowStepUse {
  workflow_id: string;
  workflow_name: string;
  step_id: string;
  name: string;
}

/** What every email of a campaign shares (its body is stored once, in `campaign_contents`). */
export interface CampaignEmailContent {
  campaignId: string;
  subject: string;
  body: string;
  fromEmail: string;
  fromName?: string;
  replyTo?: string;
  templateId?: string;
  tracking: boolean;
}

/** One recipient's email of a campaign. */
export interface CampaignEmail {
  id: string;
  contactId: string;
  toEmail: string;
  vars: Record<string, unknown>;
}

export interface AttachmentRow {
  filename: string;
  content_type: string;
  content_id: string | null;
  disposition: string;
  content: Buffer;
}

export interface DevMailRow {
  id: string;
  email_id: string;
  recipient: string;
  sender: string;
  subject: string;
  raw: string;
  created_at: Date;
}

/** One received message of a project (messaging.inbound). */
export interface InboundRow {
  id: string;
  via: 'ses' | 'smtp';
  contact_id: string;
  from_email: string;
  to_emails: string[];
  subject: string;
  message_id: string | null;
  snippet: string;
  attachments: string[];
  auto_reply: boolean;
  reply_to_email_id: string | null;
  campaign_id: string | null;
  template_id: string | null;
  size: number;
  raw_kept: boolean;
  created_at: Date;
}

export type NewInbound = Omit<InboundRow, 'raw_kept' | 'created_at'> & { projectId: string; sourceKey: string; raw: Buffer | null };

/** The email Herald sent that a reply answers. */
export interface RepliedEmail {
  id: string;
  campaign_id: string | null;
  template_id: string | null;
}

/** A project's emails sent, bounced and complained about, all time and over 7 days (counts as PostgreSQL returns them). */
export type ReputationCounts = Record<'total' | 'bounces' | 'complaints' | 'total7' | 'bounces7' | 'complaints7', string | number>;

/**
 * Templates, and the projections of the campaigns and workflows that use them (adapters/templates-repo.ts).
 */
export interface TemplatesStore {
  template(projectId: string, id: string): Promise<TemplateRow | undefined>;
  insertTemplate(projectId: string, t: Omit<TemplateRow, 'created_at' | 'updated_at'>): Promise<TemplateRow>;
  updateTemplate(projectId: string, id: string, t: Omit<TemplateRow, 'id' | 'created_at' | 'updated_at'>): Promise<TemplateRow | undefined>;
  deleteTemplate(projectId: string, id: string): Promise<boolean>;
  listTemplates(projectId: string, q: { page: number; pageSize: number; search?: string; type?: string }): Promise<{ rows: TemplateRow[]; total: number }>;
  /** The campaigns projection (from campaigns.campaign.changed.v1) that template usage reads; newer versions win. */
  saveCampaignTemplate(work: Work, projectId: string, c: { campaignId: string; templateId: string | null; name: string; version: number }): Promise<void>;
  deleteCampaignTemplate(work: Work, projectId: string, campaignId: string): Promise<void>;
  templateCampaigns(projectId: string, templateId: string): Promise<Array<{ id: string; name: string }>>;
  /**
   * The workflows projection (from workflows.workflow.changed.v1): a workflow's steps that use a
   * template replace those of an older version; an older or equal version, or one of a deleted
   * workflow, changes nothing.
   */
  saveWorkflowSteps(
    work: Work,
    projectId: string,
    w: { workflowId: string; name: string; version: number; steps: Array<{ stepId: string; name: string; templateId: string }> },
  ): Promise<void>;
  /** A deleted workflow: its steps go, a tombstone stays (a late changed event is ignored). */
  deleteWorkflowSteps(work: Work, projectId: string, workflowId: string): Promise<void>;
  templateWorkflowSteps(projectId: string, templateId: string): Promise<WorkflowStepUse[]>;
}

/**
 * Emails from their acceptance to their last status, with their attachments, their campaigns'
 * contents, the dev mailbox and the reputation counted over them (adapters/emails-repo.ts).
 */
export interface EmailsStore {
  /**
   * New emails, their attachments and their events in one statement: queued with `queued` (its
   * work item), or — to an address its project suppressed — failed with `suppressed`.
   */
  insertEmails(emails: NewEmail[], events: Array<{ queued: DomainEvent; suppressed: DomainEvent }>): Promise<void>;
  /**
   * A page of a campaign's emails (marketing, bulk lane) with their events, like `insertEmails`,
   * except that a contact who has an email of the campaign already gets none: returns how many
   * were created — none once the campaign is cancelled here. The call that carries the body
   * (the first page) stores it; a page without a stored body is refused (409).
   */
  insertCampaignEmails(
    projectId: string,
    content: CampaignEmailContent,
    emails: CampaignEmail[],
    events: Array<{ queued: DomainEvent; suppressed: DomainEvent }>,
  ): Promise<{ created: number; cancelled: boolean }>;
  /** How many of these contacts have their email of the campaign. */
  campaignEmailsOf(projectId: string, campaignId: string, contactIds: string[]): Promise<number>;
  /** Marks the campaign cancelled (no page is written after) and deletes its emails no sender holds (queued, or left by a dead sender); returns how many. */
  cancelCampaign(projectId: string, campaignId: string, work?: Work): Promise<number>;
  deleteCampaignContent(work: Work, projectId: string, campaignId: string): Promise<void>;
  /** The campaign's emails not settled: queued, and held by a sender. */
  campaignPending(projectId: string, campaignId: string): Promise<{ queued: number; sending: number }>;
  /**
   * A workflow's email with its events, as `insertEmails` (transactional lane, source
   * `workflow`), unless its project has an email of this key already: then nothing is written
   * and that email's id is answered, `existing`.
   */
  insertWorkflowEmail(email: WorkflowEmail, events: { queued: DomainEvent; suppressed: DomainEvent }): Promise<{ id: string; existing: boolean }>;
  /** The id of the project's email of this idempotency key, if any. */
  emailOfKey(projectId: string, key: string): Promise<string | undefined>;
  /** Claims emails for sending, many in one statement; returns the rows claimed. */
  claim(items: Array<{ projectId: string; id: string; redelivered: boolean }>): Promise<EmailRow[]>;
  attachments(projectId: string, emailId: string): Promise<AttachmentRow[]>;
  /** Moves an email up the status order (never down); returns the row if it changed. */
  advance(work: Work, projectId: string, id: string, status: EmailStatus, extra?: { messageId?: string; error?: string }): Promise<EmailRow | undefined>;
  /** `advance` for many emails, with `eventOf`'s event for each that moved, in one statement; returns the ids that moved. */
  advanceWithEvents(
    status: EmailStatus,
    items: Array<{ projectId: string; id: string; messageId?: string }>,
    eventOf: (item: { projectId: string; id: string; messageId?: string }) => NewEvent,
  ): Promise<string[]>;
  /** Records each email's mailbox provider (one statement for many). */
  setProviders(items: Array<{ projectId: string; id: string; provider: string }>): Promise<void>;
  /** A temporary failure: back to queued, due again after `delayMs`; `deferred` when the receiver answered 4xx (counted in the warm-up's health). */
  retryLater(projectId: string, id: string, delayMs: number, error: string, deferred?: boolean): Promise<void>;
  /** Held back by `by` (a guardrail, a cap): back to queued without spending the attempt, due again after `delayMs`. */
  hold(projectId: string, id: string, delayMs: number, by: string, reason: string): Promise<void>;
  byMessageId(messageId: string): Promise<EmailRow | undefined>;
  saveDevMail(projectId: string, m: { id: string; emailId: string; recipient: string; sender: string; subject: string; raw: string }): Promise<void>;
  /** The dev mailbox's messages of these projects (a project's and the system's), newest first. */
  devMail(projectIds: string[], limit: number): Promise<DevMailRow[]>;
  reputation(projectId: string, work?: Work): Promise<ReputationCounts>;
  /** Emails of the project sent from an address of `domain` in the last `withinMs` (all, and marketing). */
  sentFromDomain(projectId: string, domain: string, withinMs: number): Promise<{ sent: number; marketing: number }>;
}

/** The guardrails of sending domains: their state, the counts they judge, the paused ones in memory (adapters/guardrails.ts). */
export interface GuardrailsStore {
  /** This replica's view (reloaded every second): is marketing from the domain paused? */
  isPaused(projectId: string, domain: string): boolean;
  /** Mail sent from the domain in each window (since `since` when given), bounced and complained. */
  counts(projectId: string, domain: string, since?: Date, work?: Work): Promise<WindowCounts[]>;
  state(
    projectId: string,
    domain: string,
    work?: Work,
  ): Promise<{ pausedAt: Date | null; pauseReason: string | null; warnedAt: Date | null; resumedAt: Date | null }>;
  /** Pauses the domain's marketing; false if it was paused already. */
  pause(work: Work, projectId: string, domain: string, reason: string): Promise<boolean>;
  /** Records a warning; false if one was recorded in the last 24 hours (or the domain is paused). */
  warn(work: Work, projectId: string, domain: string): Promise<boolean>;
  /** Resumes the domain's marketing and makes the mail it held due now; false if it was not paused. */
  resume(work: Work, projectId: string, domain: string): Promise<boolean>;
  /** Marketing mail from the domain waiting for a resume. */
  held(projectId: string, domain: string): Promise<number>;
  /** The receiving server refused the recipient at handoff: a hard bounce. */
  refused(work: Work, projectId: string, emailId: string): Promise<void>;
}

/** What the pace is kept per: a project's sending domain to one mailbox provider. */
export interface PaceKey {
  projectId: string;
  domain: string;
  provider: string;
}

/** How a handoff ended, for the pace: accepted (2xx), deferred (4xx, with the reply), or otherwise (5xx, no answer). */
export type ShapingOutcome = { kind: 'accepted' } | { kind: 'deferred'; reply: string } | { kind: 'other' };

/** A place for one message, or how long to hold it back in the queue (and why). */
export type Slot = { ok: true; release(outcome: ShapingOutcome): PaceChange } | { ok: false; waitMs: number; reason: string };

/** One (domain, provider) as GET /deliverability shows it. */
export interface ShapingRow extends ProviderLimits {
  domain: string;
  provider: string;
  /** Messages this sender lets be in flight at once now; null: this sender has not paced it. */
  window: number | null;
  inFlight: number;
  state: 'normal' | 'throttled' | 'suspended';
  reason: string | null;
  reply: string | null;
  ratePerMinute: number | null;
  until: Date | null;
  changedAt: Date | null;
}

/** Traffic shaping (adapters/shaping.ts): the pace per key in memory, its throttles recorded for every replica. */
export interface ShapingGate {
  acquire(key: PaceKey): Promise<Slot>;
  record(work: Work, key: PaceKey, change: NonNullable<PaceChange>): Promise<boolean>;
  view(projectId: string): Promise<ShapingRow[]>;
  limitsOf(provider: string): ProviderLimits;
}

/** Warm-up plans and each provider's step, in memory on every replica; the hourly counts (adapters/warmup.ts). */
export interface WarmupStore {
  /** The domain's plan (created on its first email: warm-up on when WARMUP_NEW_DOMAINS says so). */
  plan(projectId: string, domain: string): Promise<WarmupPlan>;
  /** The provider's place on the domain's curve (created on the first email to it). */
  step(projectId: string, domain: string, provider: string, plan: WarmupPlan): Promise<ProviderStep>;
  /** Counts one email against this hour's cap; over it, how long until the hour turns. */
  take(projectId: string, domain: string, provider: string, cap: number): Promise<{ ok: true } | { ok: false; waitMs: number }>;
  setPlan(projectId: string, domain: string, patch: Partial<WarmupPlan>): Promise<void>;
  view(
    projectId: string,
    domain: string,
  ): Promise<{ plan: WarmupPlan; providers: Array<ProviderStep & { provider: string; sentThisHour: number; waiting: number }> }>;
  /** A campaign's routed emails per (sending domain, provider): what is unsent, what the warm-up holds, and a bounded sample's mix. */
  campaignLanes(projectId: string, campaignId: string): Promise<CampaignLane[]>;
}

/** Suppressed addresses, and the SNS notifications seen (adapters/suppressions-repo.ts). */
export interface SuppressionsStore {
  suppress(work: Work, projectId: string, email: string, reason: string): Promise<void>;
  /** True the first time an SNS message id is seen. */
  firstNotification(work: Work, snsMessageId: string): Promise<boolean>;
}

/** Received mail (adapters/inbound-repo.ts). */
export interface InboundStore {
  /** Stores a received message unless the project has one of its source key: true when stored. */
  insertInbound(work: Work, m: NewInbound): Promise<boolean>;
  inbound(projectId: string, id: string): Promise<InboundRow | undefined>;
  inboundRaw(projectId: string, id: string): Promise<Buffer | undefined>;
  /** The first of these emails of the project whose Message-ID is the one named beside its id. */
  repliedEmail(projectId: string, candidates: { emailIds: string[]; messageIds: string[] }): Promise<RepliedEmail | undefined>;
  /** A deleted contact's received messages go with it. */
  deleteContactInbound(work: Work, projectId: string, contactId: string): Promise<void>;
  /** Deletes received messages older than `days` (at most `limit`); returns how many. */
  purgeInbound(days: number, limit: number): Promise<number>;
}

/**
 * Messaging's PostgreSQL, every statement scoped by project_id: one store per aggregate, put
 * together in adapters/repo.ts. Transactions are units of work (`uow.run`); `outbox` publishes this
 * schema's events in them, with the state changes that cause them.
 */
export interface MessagingStore extends TemplatesStore, EmailsStore, SuppressionsStore, InboundStore, EngagementsStore, Units {}

// ---- engagement ------------------------------------------------------------------------------------

/** An email an open or click names, locked for it, with its earlier opens and clicks of the last seconds. */
export interface EngagedEmail {
  email: Pick<
    EmailRow,
    'project_id' | 'id' | 'contact_id' | 'message_id' | 'subject' | 'from_email' | 'template_id' | 'campaign_id' | 'source_type' | 'status'
  > & {
    human_opened_at: Date | null;
    human_clicked_at: Date | null;
    /** Since delivered (or, without a delivery notice, since SMTP accepted it); null when not sent yet. */
    seconds_since_sent: number | null;
  };
  earlier: Array<{ kind: 'open' | 'click'; link: string | null; class: EngagementClass; client: string; seconds_ago: number }>;
}

export interface NewEngagement {
  projectId: string;
  emailId: string;
  id: string;
  kind: 'open' | 'click';
  link?: string;
  class: EngagementClass;
  reasons: string[];
  /** A keyed digest of the address and user agent: the same client, never who. */
  client: string;
  method: string;
}

export interface EngagementsStore {
  engagedEmail(work: Work, projectId: string, emailId: string, withinSeconds: number): Promise<EngagedEmail | undefined>;
  recordEngagement(work: Work, e: NewEngagement): Promise<void>;
  /** Stamps the email's first human open (and, for a click, click); answers which were new. */
  markHuman(work: Work, projectId: string, emailId: string, click: boolean): Promise<{ opened: boolean; clicked: boolean }>;
}

/** How messaging's use cases write: units of work, and the outbox in them or on its own. */
export interface Units {
  readonly uow: UnitOfWork;
  readonly outbox: Outbox;
  /** Writes events to the outbox outside any unit of work (one statement, committed at once). */
  publish(events: NewEvent[]): Promise<void>;
}

// ---- sending --------------------------------------------------------------------------------------

/** A message to build and DKIM-sign, and its envelope. */
export interface Outgoing {
  mail: Omit<Mail.Options, 'dkim' | 'envelope'>;
  /** Without `mail.text`: the HTML to write the text/plain part from (on the composer's thread). */
  textFrom?: string;
  /** The DKIM key to sign with (as PEM). */
  dkim?: { domainName: string; keySelector: string; privateKeyPem: string; headerFieldNames: string };
  /** Envelope sender (return path) and recipients. */
  envelope: { from: string; to: string[] };
  /** The recipient domain's MX hosts and provider (direct-to-MX delivery connects to them). */
  route?: MxRoute;
}

/** A recipient domain's mail exchangers (best priority first) and its mailbox provider (domain/providers.ts). */
export interface MxRoute {
  hosts: string[];
  provider: string;
}

/** MX lookups by recipient domain, cached (adapters/mx.ts). Never rejects: an unknown domain is `other` with no hosts. */
export interface MxRoutes {
  route(domain: string): Promise<MxRoute>;
}

export interface Delivery {
  messageId: string;
  response: string;
}

/**
 * Where mail goes: an SMTP relay, or the built-in dev mailbox (which returns the `raw` message).
 * A failed send rejects with the SMTP reply code or network error code (`responseCode`, `code`)
 * that domain/smtp.ts `isTemporary` judges.
 */
export interface Mailer {
  readonly kind: 'smtp' | 'dev';
  send(msg: Outgoing): Promise<Delivery & { raw?: string }>;
  close(): void;
}

/** The domains service's answer for a (project, domain): `found` only for a verified domain. */
export type SigningKey = Awaited<ReturnType<Api<'domains'>['GetSigningKey']>>;

/** DKIM keys by (project, domain): whether a sender is verified (/v1/send), and what delivery signs with. */
export interface SigningKeys {
  get(projectId: string, domain: string): Promise<SigningKey>;
}

// ---- mail webhooks and /v1/verify -----------------------------------------------------------------

/** SNS signing certificates by SigningCertURL (PEM); refuses URLs that are not allowed. */
export interface SnsCertificates {
  get(url: string): Promise<string>;
}

export interface SubscriptionConfirmation {
  /** From the ConfirmSubscription XML answer, when present. */
  subscriptionArn: string | null;
}

/** Confirms an SNS subscription at its SubscribeURL (allowed hosts only); only after its signature verified. */
export interface SnsSubscriptions {
  confirm(msg: SnsMessage): Promise<SubscriptionConfirmation>;
}

/** The DNS lookups /v1/verify makes (a node:dns/promises Resolver has them). */
export interface VerifyDns {
  resolveMx(hostname: string): Promise<MxRecord[]>;
  resolve4(hostname: string): Promise<string[]>;
  resolve6(hostname: string): Promise<string[]>;
}

// ---- image uploads ----------------------------------------------------------------------------------

/**
 * Where uploaded images live: a local directory or an S3-compatible bucket (adapters/storage.ts).
 * Keys are domain/images.ts `imageKey`s, checked by the use case before they get here.
 */
export interface ImageStorage {
  readonly kind: 'local' | 's3';
  /** Whether images can be stored (a local directory that could not be made writable cannot). */
  readonly writable: boolean;
  /** Stores a new object; never replaces an existing one. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or undefined when there is none under this key. */
  get(key: string): Promise<Buffer | undefined>;
  /** Where anyone fetches it: `<PUBLIC_URL>/uploads/<key>`, or `<S3_PUBLIC_URL>/<key>`. */
  publicUrl(key: string): string;
}

/** The billing categories messaging sends in. */
export type SendCategory = 'transactional' | 'campaigns' | 'workflows';

/**
 * Whether billing blocked a category of the project (its limit reached in the period): answered
 * from memory, so a send pays no call for it. `check` throws 403 BILLING_LIMIT_EXCEEDED.
 */
export interface BillingGate {
  check(projectId: string, category: SendCategory): void;
}
