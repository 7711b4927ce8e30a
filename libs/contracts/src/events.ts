import { z } from 'zod';

/**
 * Domain events: `<service>.<entity>.<past-tense>.v<major>`, each defined once here. A breaking
 * change is a new `.v2` published beside `.v1` until consumers move.
 */
export const DomainEvents = {
  /**
   * A campaign was created or changed (content, schedule, status or progress): the events
   * service keeps its projection of campaigns (analytics, upcoming sends) from these. Carries
   * the whole read model each time, so a consumer only keeps the latest (by `version`).
   */
  'campaigns.campaign.changed.v1': z.object({
    campaignId: z.string(),
    name: z.string(),
    subject: z.string(),
    status: z.enum(['DRAFT', 'SCHEDULED', 'SENDING', 'SENT', 'CANCELLED']),
    audienceType: z.enum(['ALL', 'SEGMENT', 'FILTERED']),
    segmentId: z.string().nullable(),
    /** FILTERED: the audience's condition (normalised); else null. */
    audienceFilter: z.record(z.string(), z.unknown()).nullable(),
    /** The template the campaign's content came from, if any (GET /templates/:id/usage). */
    templateId: z.string().nullable(),
    scheduledAt: z.string().nullable(),
    sentAt: z.string().nullable(),
    totalRecipients: z.number().int(),
    /** Increases with every change of the campaign: a consumer ignores an older version than it holds. */
    version: z.number().int(),
  }),
  'campaigns.campaign.deleted.v1': z.object({
    campaignId: z.string(),
  }),
  'contacts.contact.subscription_changed.v1': z.object({
    contactId: z.string(),
    email: z.string(),
    subscribed: z.boolean(),
  }),
  'contacts.contact.deleted.v1': z.object({
    contactId: z.string(),
    email: z.string(),
  }),
  /**
   * Contacts of the project were created or changed through the API, an import or a field
   * deletion (tracks and sends show through events.event.recorded.v1): tracked segments may need
   * a recompute. `count`: how many contacts.
   */
  'contacts.contacts.changed.v1': z.object({
    count: z.number().int(),
  }),
  /**
   * A tracked segment's membership changed (compute): the events service records
   * `segment.<slug>.entry` for each contact of `entered` and `.exit` for each of `exited`. At
   * most 1,000 ids in all per event; a large change is several events.
   */
  'contacts.segment.membership_changed.v1': z.object({
    segmentId: z.string(),
    segmentName: z.string(),
    slug: z.string(),
    entered: z.array(z.string()),
    exited: z.array(z.string()),
  }),
  /**
   * A work item, not a fact (like messaging.email.queued.v1): an import or bulk job of the
   * contacts service is due to run, on the contacts.jobs.bulk work queue.
   */
  'contacts.job.queued.v1': z.object({
    jobId: z.string(),
    kind: z.enum(['import', 'bulk']),
    lane: z.enum(['bulk']),
  }),
  'events.event.recorded.v1': z.object({
    eventId: z.string(),
    contactId: z.string(),
    name: z.string(),
    occurredAt: z.string(),
    /** The event's data (what a workflow's WEBHOOK step sends as its trigger `event`). */
    data: z.record(z.string(), z.unknown()).optional(),
  }),
  'events.event_name.deleted.v1': z.object({
    name: z.string(),
  }),
  /** A domain became a verified sender of the project. */
  'domains.domain.verified.v1': z.object({
    domainId: z.string(),
    domain: z.string(),
  }),
  /** A domain stopped being a verified sender of the project (records gone, or the domain deleted). */
  'domains.domain.unverified.v1': z.object({
    domainId: z.string(),
    domain: z.string(),
  }),
  'messaging.email.queued.v1': z.object({
    emailId: z.string(),
    lane: z.enum(['transactional', 'bulk']),
  }),
  'messaging.email.status_changed.v1': z.object({
    emailId: z.string(),
    contactId: z.string(),
    status: z.enum(['queued', 'sending', 'sent', 'delivered', 'opened', 'clicked', 'bounced', 'complained', 'failed']),
    messageId: z.string().nullable(),
    subject: z.string(),
    from: z.string(),
    templateId: z.string().nullable(),
    campaignId: z.string().nullable(),
    sourceType: z.enum(['transactional', 'campaign', 'workflow']),
    link: z.string().optional(),
    bounceType: z.string().optional(),
    reason: z.string().optional(),
    /** Opens and clicks: the class of the request that made this one, and every signal that fired (docs/deliverability.md, "Human and machine engagement"). */
    engagement: z
      .object({ class: z.enum(['human', 'apple_mpp', 'image_proxy', 'security_scanner', 'prefetch', 'unknown']), reasons: z.array(z.string()) })
      .optional(),
    /** The email's first open (or click) by a person: the human figures count it. */
    human: z.boolean().optional(),
    /** false: the email's status had moved already (a machine came first), so only the human figures move; absent means true. */
    raw: z.boolean().optional(),
  }),
  /** A contact unsubscribed through the link of a campaign's email (List-Unsubscribe or the hosted page). */
  'messaging.campaign.unsubscribed.v1': z.object({
    campaignId: z.string(),
    contactId: z.string(),
  }),
  /**
   * A workflow was created or changed (metadata, trigger, steps): what other services show of
   * it — messaging the templates its SEND_EMAIL steps use (GET /templates/:id/usage, delete 409),
   * contacts the fields and event names it references (field and event usage). The whole read
   * model each time: a consumer keeps only the latest by `version`.
   */
  'workflows.workflow.changed.v1': z.object({
    workflowId: z.string(),
    name: z.string(),
    enabled: z.boolean(),
    triggerEvent: z.string(),
    steps: z.array(z.object({ stepId: z.string(), name: z.string(), type: z.string(), templateId: z.string().nullable() })),
    /** Contact fields CONDITION steps read, canonical (`data.plan`, `subscribed`). */
    fields: z.array(z.string()),
    /** Event names it waits for or decides on: the trigger, WAIT_FOR_EVENT steps, CONDITION `event.<name>`. */
    eventNames: z.array(z.string()),
    version: z.number().int(),
  }),
  'workflows.workflow.deleted.v1': z.object({
    workflowId: z.string(),
  }),
  /** An execution started (by its trigger event or by hand): /activity and totalWorkflowsStarted. */
  'workflows.execution.started.v1': z.object({
    executionId: z.string(),
    workflowId: z.string(),
    workflowName: z.string(),
    contactId: z.string(),
  }),
  /**
   * Mail arrived for a recipient on one of the project's verified domains (an SES `Received`
   * notification or Herald's own SMTP listener): the events service records `email.received` on
   * the sender's contact (activity type inbound; a normal workflow trigger), billing counts it in
   * the `inbound` category. `inReplyTo`: the email Herald sent that this answers, when its
   * In-Reply-To/References name one.
   */
  'messaging.email.received.v1': z.object({
    inboundId: z.string(),
    contactId: z.string(),
    from: z.string(),
    to: z.array(z.string()),
    subject: z.string(),
    messageId: z.string().nullable(),
    snippet: z.string(),
    attachments: z.array(z.string()),
    /** RFC 3834 Auto-Submitted (other than `no`) or an out-of-office marker. */
    autoReply: z.boolean(),
    inReplyTo: z.object({ emailId: z.string(), campaignId: z.string().nullable(), templateId: z.string().nullable() }).nullable(),
    via: z.enum(['ses', 'smtp']),
  }),
  /**
   * A project's owner reset it (its data goes, its keys, members, domains and billing stay) or
   * deleted it (everything goes): every service with a schema wipes the project's rows there and
   * confirms with runtime.project.wiped.v1 (libs/runtime wipe.ts). `operationId`: the gateway's
   * operation that completes once every service confirmed.
   */
  'gateway.project.wipe_requested.v1': z.object({
    operationId: z.string(),
    kind: z.enum(['reset', 'delete']),
    /** 1, then 2 a grace period after every service confirmed 1: what was in flight during the first is wiped by the second. */
    round: z.number().int(),
  }),
  /** A service wiped a project's rows of an operation (published by each service from its own outbox). */
  'runtime.project.wiped.v1': z.object({
    operationId: z.string(),
    round: z.number().int(),
    service: z.string(),
    /** Rows deleted, by table. */
    deleted: z.record(z.string(), z.number().int()),
  }),
  /**
   * A billing category of the project became blocked (its usage reached its limit in the current
   * period) or unblocked (limit raised or removed, or a new period): messaging keeps the blocked
   * ones and refuses new sends of the category with 403 BILLING_LIMIT_EXCEEDED. `version`
   * increases with every change of the (project, category): a consumer keeps only the newest.
   */
  'billing.limit.state_changed.v1': z.object({
    category: z.enum(['transactional', 'campaigns', 'workflows', 'inbound']),
    blocked: z.boolean(),
    /** The end of the period the block holds for (ISO 8601): after it, the category is open again. */
    periodEnd: z.string(),
    version: z.number().int(),
  }),
  /** The payment provider could not collect an invoice of the project: the gateway disables it (PAYMENT_FAILED). */
  'billing.payment.failed.v1': z.object({
    invoiceId: z.string(),
  }),
  /** An invoice of the project was paid: the gateway re-enables a project disabled for PAYMENT_FAILED (and only for that). */
  'billing.payment.succeeded.v1': z.object({
    invoiceId: z.string(),
  }),
  /**
   * A sending domain's guardrails (docs/deliverability.md, "Guardrails"): its marketing mail paused
   * at the complaint line, a warning at the warning line, and the explicit resume. The activity feed
   * shows them as `deliverability.*`.
   */
  'messaging.domain.guardrail_paused.v1': z.object({ domain: z.string(), reason: z.string(), complaintRate: z.number() }),
  'messaging.domain.guardrail_warning.v1': z.object({ domain: z.string(), reason: z.string(), complaintRate: z.number() }),
  'messaging.domain.guardrail_resumed.v1': z.object({ domain: z.string(), held: z.number().int() }),
  /**
   * Traffic shaping (docs/deliverability.md, "Adaptive throttling"): the sending of a domain to one
   * mailbox provider was throttled (its rate cut, or suspended until `until`: `ratePerMinute` 0) on
   * what the provider answered (`reply`, the SMTP text; `reason`, the catalogue rule or `deferrals`),
   * or resumed its normal pace. The activity feed shows them as `deliverability.throttled` and
   * `deliverability.resumed`.
   */
  'messaging.deliverability.changed.v1': z.object({
    domain: z.string(),
    provider: z.string(),
    action: z.enum(['throttled', 'resumed']),
    reason: z.string(),
    reply: z.string().nullable(),
    ratePerMinute: z.number().nullable(),
    until: z.string().nullable(),
  }),
  'messaging.project.reputation_critical.v1': z.object({
    levels: z.record(z.string(), z.string()),
    bounceRate7Day: z.number(),
    complaintRate7Day: z.number(),
  }),
} as const;

export type DomainEventType = keyof typeof DomainEvents;
export type DomainEventData<T extends DomainEventType> = z.infer<(typeof DomainEvents)[T]>;

export interface DomainEvent<T extends DomainEventType = DomainEventType> {
  id: string;
  type: T;
  occurredAt: string;
  projectId: string;
  data: DomainEventData<T>;
  /** W3C trace context of the span that wrote the event, when traces are recorded: its consumers continue that trace. */
  traceparent?: string;
}

const Envelope = z.object({
  id: z.string(),
  type: z.string(),
  occurredAt: z.string(),
  projectId: z.string(),
  data: z.unknown(),
  traceparent: z.string().max(64).optional(),
});

/** Parses an envelope received from a transport; throws on an unknown type or a bad payload. */
export function parseDomainEvent(raw: unknown): DomainEvent {
  const env = Envelope.parse(raw);
  const schema = (DomainEvents as Record<string, z.ZodTypeAny>)[env.type];
  if (!schema) throw new Error(`unknown domain event type ${env.type}`);
  return { ...env, type: env.type as DomainEventType, data: schema.parse(env.data) } as DomainEvent;
}
