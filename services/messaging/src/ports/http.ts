import express from 'express';
import { z } from 'zod';
import type { Api } from '../../../../libs/contracts/src';
import type { DevMailboxResponse__Output as DevMailboxMsg } from '../../../../libs/contracts/src/generated/herald/messaging/v1/DevMailboxResponse';
import type { InboundMessage__Output as InboundMsg } from '../../../../libs/contracts/src/generated/herald/messaging/v1/InboundMessage';
import type { WarmupResponse__Output } from '../../../../libs/contracts/src/generated/herald/messaging/v1/WarmupResponse';
import type { DeliverabilityResponse__Output } from '../../../../libs/contracts/src/generated/herald/messaging/v1/DeliverabilityResponse';
import type { GuardrailsResponse__Output } from '../../../../libs/contracts/src/generated/herald/messaging/v1/GuardrailsResponse';
import type { NotificationResponse__Output as NotificationMsg } from '../../../../libs/contracts/src/generated/herald/messaging/v1/NotificationResponse';
import type { Template__Output as TemplateMsg } from '../../../../libs/contracts/src/generated/herald/messaging/v1/Template';
import type { TemplateWrite } from '../../../../libs/contracts/src/generated/herald/messaging/v1/TemplateWrite';
import type { VerifyResponse__Output as VerifyMsg } from '../../../../libs/contracts/src/generated/herald/messaging/v1/VerifyResponse';
import { on, parse, policy, queryInt, zodToFieldErrors, type Reply, type Route, type RouteRequest } from '../../../../libs/edge/src';
import { Batcher, fromBatchReply, isAppError, OVERLAP_AFTER_MS, traceparentOf, validationError } from '../../../../libs/kit/src';
import { templateCreate, templateFields, templatePatch, type TemplatePatch } from '../app/templates';
import { compileDesign, designSchema } from '../domain/design';
import { textOf } from '../domain/mail-format';
import { compileCheck, renderDetailed } from '../domain/render';
import { createSendRequestSchema, sendFields, sendRequestSchema, type SendFields } from '../domain/send';
import { snsEnvelopeSchema } from '../domain/sns';
import { subscriptionPage } from './pages';

// ——— Answers: the views' schemas (checked against every answer in the tests) ———

const TEMPLATE_TYPES = templateFields.shape.type.options;
const templateAnswer = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  subject: z.string().describe('The subject template (Handlebars).'),
  body: z.string().describe('The HTML body template (Handlebars).'),
  from: z.string().nullable().describe("The sender's address (null: none set)."),
  fromName: z.string().nullable(),
  replyTo: z.string().nullable(),
  type: z.enum(TEMPLATE_TYPES),
  design: designSchema.nullable().describe("The editor's blocks the body was compiled from (null: written as HTML)."),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
type TemplateAnswer = z.infer<typeof templateAnswer>;
const templatesAnswer = z.strictObject({
  data: z.array(templateAnswer),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
});
const duplicateAnswer = z.strictObject({ id: z.string().describe("The copy's id."), template: templateAnswer });
const usageAnswer = z.strictObject({
  campaigns: z.array(z.strictObject({ id: z.string(), name: z.string() })),
  workflowSteps: z.array(z.strictObject({ workflowId: z.string(), stepId: z.string(), name: z.string().describe("The step's name.") })),
});
const previewAnswer = z.strictObject({
  subject: z.string(),
  html: z.string(),
  body: z.string().optional().describe('With a `design`: the body it compiles to, before rendering (what a template saved with it stores).'),
  text: z.string().describe('The text part a send would carry, made from the HTML (empty when the rendered HTML is over 1 MB).'),
  errors: z
    .array(z.strictObject({ field: z.enum(['subject', 'body', 'design']), message: z.string() }))
    .describe('Each part that does not compile or could not be rendered.'),
});
const sendAnswer = z.strictObject({
  success: z.literal(true),
  data: z.strictObject({
    emails: z.array(
      z.strictObject({
        contact: z.strictObject({ id: z.string(), email: z.string() }).describe("The recipient's contact (created if missing)."),
        email: z.string().describe('The email id.'),
      }),
    ),
    timestamp: z.iso.datetime(),
  }),
});
const testSendAnswer = z.strictObject({ success: z.literal(true), data: z.strictObject({ email: z.string().describe('The email id.') }) });
const verifyAnswer = z.strictObject({
  success: z.literal(true),
  data: z.strictObject({
    email: z.string(),
    valid: z.boolean(),
    isDisposable: z.boolean(),
    isAlias: z.boolean(),
    isTypo: z.boolean(),
    isPlusAddressed: z.boolean(),
    isPersonalEmail: z.boolean(),
    domainExists: z.boolean(),
    hasMxRecords: z.boolean(),
    reasons: z.array(z.string()),
    suggestedEmail: z.string().optional().describe('The likely intended address, where the domain looks like a typo.'),
  }),
});
const inboundAnswer = z.strictObject({
  id: z.string(),
  via: z.enum(['ses', 'smtp']).describe('How it came: an SES Received notification or the SMTP listener.'),
  contactId: z.string().describe("The sender's contact (created if new)."),
  from: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  messageId: z.string().nullable().describe('Its Message-ID header, without angle brackets.'),
  snippet: z.string().describe('The start of its text.'),
  attachments: z.array(z.string()).describe("The attachments' file names."),
  autoReply: z.boolean(),
  inReplyTo: z
    .strictObject({ emailId: z.string(), campaignId: z.string().nullable(), templateId: z.string().nullable() })
    .nullable()
    .describe("The email it answers, where it is one of the project's."),
  size: z.number().int().describe('Bytes.'),
  rawAvailable: z.boolean().describe('Whether GET /inbound/{id}/raw has it.'),
  receivedAt: z.iso.datetime(),
});
const devMailboxAnswer = z.strictObject({
  messages: z.array(
    z.strictObject({
      id: z.string(),
      emailId: z.string().describe("The email's id."),
      to: z.string(),
      from: z.string(),
      subject: z.string(),
      raw: z.string().describe('The MIME message.'),
      receivedAt: z.iso.datetime(),
    }),
  ),
});
const complianceAnswer = z.strictObject({
  domain: z.string(),
  checkedAt: z.iso.datetime().nullable().describe("The domain's last DNS check, which the DNS checks read; null: never checked."),
  sent24h: z.number().int().describe('Emails sent from the domain in the last 24 hours.'),
  marketing24h: z.number().int().describe('Of them, marketing mail.'),
  checks: z.array(
    z.strictObject({
      id: z.enum(['spf', 'dkim', 'dmarc', 'dmarc_reports', 'one_click_unsubscribe', 'list_id', 'mailto_unsubscribe', 'bulk_volume']),
      status: z.enum(['pass', 'warn', 'fail']),
      title: z.string(),
      detail: z.string(),
      fix: z.string().nullable().describe('What to do; null when it passes.'),
    }),
  ),
});
const LEVELS = z.enum(['ok', 'warning', 'critical', 'too_few']);
const guardrailsAnswer = z.strictObject({
  domain: z.string(),
  paused: z
    .strictObject({ at: z.iso.datetime(), reason: z.string() })
    .nullable()
    .describe('Marketing mail from the domain waits until resumed (transactional mail flows); null: it flows.'),
  held: z.number().int().describe('Marketing emails from the domain waiting for a resume.'),
  warnedAt: z.iso.datetime().nullable().describe('The last complaint-rate warning.'),
  resumedAt: z.iso.datetime().nullable().describe('The last resume: the pause rule judges only mail sent since.'),
  thresholds: z.strictObject({
    minVolume: z.number().int().describe('A window with fewer mails sent judges nothing.'),
    bounceWarn: z.number(),
    bounceHigh: z.number(),
    complaintWarn: z.number(),
    complaintPause: z.number().describe("The complaint rate that pauses the domain's marketing mail."),
  }),
  windows: z.array(
    z.strictObject({
      window: z.enum(['24h', '7d']),
      provider: z.string().nullable().describe('A mailbox provider; null: all of the domain’s mail.'),
      sent: z.number().int(),
      bounces: z.number().int().describe('Of the mail sent in the window: hard bounces, and recipients refused at handoff.'),
      complaints: z.number().int(),
      bounceRate: z.number(),
      complaintRate: z.number(),
      bounceLevel: LEVELS,
      complaintLevel: LEVELS.describe('too_few: under minVolume, so it judges nothing.'),
    }),
  ),
});
const guardrailsView = (g: GuardrailsResponse__Output): z.infer<typeof guardrailsAnswer> => ({
  domain: g.domain,
  paused: g.paused_at ? { at: g.paused_at, reason: g.pause_reason } : null,
  held: g.held,
  warnedAt: g.warned_at || null,
  resumedAt: g.resumed_at || null,
  thresholds: {
    minVolume: g.thresholds!.min_volume,
    bounceWarn: g.thresholds!.bounce_warn,
    bounceHigh: g.thresholds!.bounce_high,
    complaintWarn: g.thresholds!.complaint_warn,
    complaintPause: g.thresholds!.complaint_pause,
  },
  windows: g.windows.map((w) => ({
    window: w.window as '24h' | '7d',
    provider: w.provider || null,
    sent: w.sent,
    bounces: w.bounces,
    complaints: w.complaints,
    bounceRate: w.bounce_rate,
    complaintRate: w.complaint_rate,
    bounceLevel: w.bounce_level as z.infer<typeof LEVELS>,
    complaintLevel: w.complaint_level as z.infer<typeof LEVELS>,
  })),
});
const GUARDRAILS_EXAMPLE = {
  domain: 'example.com',
  paused: { at: '2025-06-02T08:00:00.000Z', reason: 'complaint rate 0.4 % (4 of 1000) on all mail of the last 24h reached the pause line of 0.3 %' },
  held: 1200,
  warnedAt: '2025-06-02T07:10:00.000Z',
  resumedAt: null,
  thresholds: { minVolume: 100, bounceWarn: 0.02, bounceHigh: 0.05, complaintWarn: 0.001, complaintPause: 0.003 },
  windows: [
    {
      window: '24h',
      provider: null,
      sent: 1000,
      bounces: 8,
      complaints: 4,
      bounceRate: 0.008,
      complaintRate: 0.004,
      bounceLevel: 'ok',
      complaintLevel: 'critical',
    },
  ],
};
const warmupPlan = z.strictObject({
  enabled: z.boolean().describe('Warm-up caps this domain’s mail per provider.'),
  startPerHour: z.number().int().min(1).max(100_000).describe('The first day’s hourly cap per provider.'),
  growth: z.number().min(1.05).max(10).describe('Each healthy day multiplies the cap by this.'),
  maxPerHour: z.number().int().min(1).max(1_000_000).describe('The cap at which a provider’s warm-up ends.'),
  exemptTransactional: z.boolean().describe('Transactional mail passes uncounted (default true).'),
});
const warmupBody = warmupPlan
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'give at least one of enabled, startPerHour, growth, maxPerHour, exemptTransactional' });
const warmupAnswer = z.strictObject({
  domain: z.string(),
  plan: warmupPlan,
  providers: z.array(
    z.strictObject({
      provider: z.string().describe('google, microsoft, yahoo, apple, other (or a provider of PROVIDER_MX_PATTERNS).'),
      cap: z.number().int().describe('This hour’s cap.'),
      sentThisHour: z.number().int(),
      step: z.number().int().describe('Days the cap grew.'),
      nextStepAt: z.iso.datetime(),
      heldBack: z.string().nullable().describe('Why the last daily step kept the cap; null when it grew.'),
      done: z.boolean().describe('The cap reached maxPerHour: this provider is warm, no cap.'),
      waiting: z.number().int().describe('Emails waiting for a later hour.'),
      expectedDoneAt: z.iso.datetime().nullable().describe('When the waiting emails are out at the current curve; null: none wait.'),
    }),
  ),
});
const warmupView = (w: WarmupResponse__Output): z.infer<typeof warmupAnswer> => ({
  domain: w.domain,
  plan: {
    enabled: w.plan!.enabled,
    startPerHour: w.plan!.start_per_hour,
    growth: Math.round(w.plan!.growth * 1000) / 1000,
    maxPerHour: w.plan!.max_per_hour,
    exemptTransactional: w.plan!.exempt_transactional,
  },
  providers: w.providers.map((p) => ({
    provider: p.provider,
    cap: p.cap,
    sentThisHour: p.sent_this_hour,
    step: p.step,
    nextStepAt: p.next_step_at,
    heldBack: p.held_back || null,
    done: p.done,
    waiting: p.waiting,
    expectedDoneAt: p.expected_done_at || null,
  })),
});
const WARMUP_EXAMPLE = {
  domain: 'example.com',
  plan: { enabled: true, startPerHour: 50, growth: 1.4, maxPerHour: 5000, exemptTransactional: true },
  providers: [
    {
      provider: 'google',
      cap: 98,
      sentThisHour: 98,
      step: 2,
      nextStepAt: '2025-06-03T08:00:00.000Z',
      heldBack: null,
      done: false,
      waiting: 400,
      expectedDoneAt: '2025-06-02T13:00:00.000Z',
    },
    {
      provider: 'yahoo',
      cap: 50,
      sentThisHour: 12,
      step: 0,
      nextStepAt: '2025-06-03T08:00:00.000Z',
      heldBack: 'deferrals 7.5 % of 40 mails in the last 24 hours (must stay under 5 %)',
      done: false,
      waiting: 0,
      expectedDoneAt: null,
    },
  ],
};
const deliverabilityAnswer = z.strictObject({
  providers: z.array(
    z.strictObject({
      domain: z.string(),
      provider: z.string().describe('google, microsoft, yahoo, apple, other, or one of PROVIDER_MX_PATTERNS.'),
      connections: z.number().int().describe('Connections open at once to the provider, at most (DELIVERABILITY_PROVIDER_LIMITS).'),
      perConnection: z.number().int().describe('Messages one connection carries before it is closed.'),
      window: z
        .number()
        .int()
        .nullable()
        .describe(
          'Messages the answering sender lets be in flight now: it halves on a deferral and grows back by one per window of accepted mail; null: that sender has not sent there.',
        ),
      inFlight: z.number().int(),
      state: z.enum(['normal', 'throttled', 'suspended']),
      reason: z.string().nullable().describe('The reply rule that throttled it (gmail-rate-limit, yahoo-tss04 …), or deferrals; null when normal.'),
      reply: z.string().nullable().describe('The SMTP reply that set it.'),
      ratePerMinute: z.number().nullable().describe('Messages a minute while a rule holds; 0 while suspended.'),
      until: z.iso.datetime().nullable().describe('When the throttle lifts; null: when the window is back (deferrals), or not throttled.'),
      changedAt: z.iso.datetime().nullable().describe('The last recorded change.'),
    }),
  ),
});
const deliverabilityView = (r: DeliverabilityResponse__Output): z.infer<typeof deliverabilityAnswer> => ({
  providers: r.providers.map((p) => ({
    domain: p.domain,
    provider: p.provider,
    connections: p.connections,
    perConnection: p.per_connection,
    window: p.window ?? null,
    inFlight: p.in_flight,
    state: p.state as 'normal' | 'throttled' | 'suspended',
    reason: p.reason || null,
    reply: p.reply || null,
    ratePerMinute: p.rate_per_minute ?? null,
    until: p.until || null,
    changedAt: p.changed_at || null,
  })),
});
const DELIVERABILITY_EXAMPLE = {
  providers: [
    {
      domain: 'example.com',
      provider: 'google',
      connections: 5,
      perConnection: 50,
      window: 1,
      inFlight: 0,
      state: 'throttled' as const,
      reason: 'gmail-rate-limit',
      reply: '421 4.7.28 Our system has detected an unusual rate of unsolicited mail originating from your IP address.',
      ratePerMinute: 1,
      until: '2025-06-02T14:30:00.000Z',
      changedAt: '2025-06-02T13:00:00.000Z',
    },
    {
      domain: 'example.com',
      provider: 'microsoft',
      connections: 5,
      perConnection: 50,
      window: 5,
      inFlight: 2,
      state: 'normal' as const,
      reason: null,
      reply: null,
      ratePerMinute: null,
      until: null,
      changedAt: null,
    },
  ],
};
const NOTIFICATION_OUTCOMES = ['applied', 'duplicate', 'ignored', 'unknown_email', 'unknown_recipient', 'no_sender', 'subscription_confirmed'] as const;
const SES_KINDS = ['delivery', 'bounce', 'complaint', 'open', 'click', 'received', 'unknown'] as const;
const notificationAnswer = z.strictObject({
  success: z.literal(true),
  data: z.strictObject({
    outcome: z.enum(NOTIFICATION_OUTCOMES),
    subscriptionArn: z.string().nullable().optional().describe('subscription_confirmed: the confirmed subscription.'),
    kind: z.enum(SES_KINDS).optional().describe('The kind of SES notification.'),
    emailId: z.string().optional().describe('The email it is about.'),
    inboundIds: z.array(z.string()).optional().describe('received: the messages recorded.'),
  }),
});

export const templateView = (t: TemplateMsg): TemplateAnswer => ({
  id: t.id,
  name: t.name,
  description: t.description || null,
  subject: t.subject,
  body: t.body,
  from: t.from || null,
  fromName: t.from_name || null,
  replyTo: t.reply_to || null,
  type: t.type as TemplateAnswer['type'],
  design: t.design_json ? (JSON.parse(t.design_json) as TemplateAnswer['design']) : null,
  createdAt: t.created_at,
  updatedAt: t.updated_at,
});

/** A template write as messaging takes it: the fields the body set (from, fromName, replyTo null: none). */
const templateWrite = (f: TemplatePatch): TemplateWrite => {
  const nullable = (v: string | null | undefined) => (v === undefined ? null : { value: v ?? undefined });
  return {
    name: f.name,
    description: f.description,
    subject: f.subject,
    body: f.body,
    type: f.type,
    from: nullable(f.from),
    from_name: nullable(f.fromName),
    reply_to: nullable(f.replyTo),
    design_json: f.design === undefined ? null : { value: f.design === null ? undefined : JSON.stringify(f.design) },
  };
};

/** POST /v1/verify's findings in Plunk's shape (suggestedEmail last, where there is one). */
const verifyView = (v: VerifyMsg): z.infer<typeof verifyAnswer>['data'] => ({
  email: v.email,
  valid: v.valid,
  isDisposable: v.is_disposable,
  isAlias: v.is_alias,
  isTypo: v.is_typo,
  isPlusAddressed: v.is_plus_addressed,
  isPersonalEmail: v.is_personal_email,
  domainExists: v.domain_exists,
  hasMxRecords: v.has_mx_records,
  reasons: v.reasons,
  ...(v.suggested_email !== undefined ? { suggestedEmail: v.suggested_email } : {}),
});

const inboundView = (m: InboundMsg): z.infer<typeof inboundAnswer> => ({
  id: m.id,
  via: m.via as z.infer<typeof inboundAnswer>['via'],
  contactId: m.contact_id,
  from: m.from,
  to: m.to,
  subject: m.subject,
  messageId: m.message_id ?? null,
  snippet: m.snippet,
  attachments: m.attachments,
  autoReply: m.auto_reply,
  inReplyTo: m.in_reply_to
    ? { emailId: m.in_reply_to.email_id, campaignId: m.in_reply_to.campaign_id ?? null, templateId: m.in_reply_to.template_id ?? null }
    : null,
  size: Number(m.size),
  rawAvailable: m.raw_available,
  receivedAt: m.received_at,
});

const devMailboxView = (m: DevMailboxMsg): z.infer<typeof devMailboxAnswer> => ({
  messages: m.messages.map((r) => ({ id: r.id, emailId: r.email_id, to: r.to, from: r.from, subject: r.subject, raw: r.raw, receivedAt: r.received_at })),
});

/** What was done with a mail notification: its outcome and the fields that outcome has. */
const notificationView = (m: NotificationMsg) => ({
  outcome: m.outcome,
  ...(m.outcome === 'subscription_confirmed' ? { subscriptionArn: m.subscription_arn ?? null } : {}),
  ...(m.kind !== undefined ? { kind: m.kind } : {}),
  ...(m.email_id !== undefined ? { emailId: m.email_id } : {}),
  ...(m.inbound ? { inboundIds: m.inbound.ids } : {}),
});

const verifyBody = z.object({ email: z.string().min(1).max(320) });
const listQuery = z.object({
  page: queryInt(1, 1_000_000).optional().describe('Default 1.'),
  pageSize: queryInt(1, 1_000_000).optional().describe('Default 20; at most 100 per page.'),
  limit: queryInt(1, 1_000_000).optional().describe('Alias of pageSize.'),
  search: z.string().optional().describe('Case-insensitive substring of the name or subject.'),
  type: z.enum(['TRANSACTIONAL', 'MARKETING']).optional(),
});
const templateTestBody = z.object({
  email: z.string().trim().toLowerCase().email('must be a valid email address').max(320).describe('Where the test goes.'),
  data: z.record(z.string(), z.unknown()).optional().describe('Sample values of the template\'s variables, e.g. { "name": "Jane" }.'),
});
/** A preview renders where the request is (the gateway): its input is kept small, so one preview stays cheap. */
const PREVIEW_MAX_BODY = 256 * 1024;
const PREVIEW_MAX_DATA = 64 * 1024;
const PREVIEW_MAX_TEXT_HTML = 1024 * 1024;
const previewBody = z.object({
  subject: z.string().max(998).optional().describe('The subject template.'),
  body: z
    .string()
    .max(PREVIEW_MAX_BODY, `must be at most ${PREVIEW_MAX_BODY} characters for a preview`)
    .optional()
    .describe('The HTML body template (at most 256 KB).'),
  data: z
    .record(z.string(), z.unknown())
    .refine((d) => JSON.stringify(d).length <= PREVIEW_MAX_DATA, `must be at most ${PREVIEW_MAX_DATA} characters as JSON for a preview`)
    .optional()
    .describe("The sample contact's data (at most 64 KB as JSON)."),
  design: designSchema.optional().describe('Blocks of the email editor: compiled with MJML into the body that is rendered (any `body` is then ignored).'),
});

/**
 * A preview is a pure rendering (no I/O), done where the request is: the dashboard cannot compile
 * Handlebars itself (its CSP allows no eval), and a round trip to messaging would add nothing.
 */
async function renderPreview(p: z.infer<typeof previewBody>) {
  const data = p.data ?? {};
  const email = typeof data.email === 'string' ? data.email : 'jane@example.com';
  const sample = '#preview';
  const vars = {
    ...data,
    data,
    email,
    id: '00000000-0000-7000-8000-000000000000',
    subscribed: true,
    unsubscribeUrl: sample,
    subscribeUrl: sample,
    manageUrl: sample,
  };
  const errors: Array<{ field: 'subject' | 'body' | 'design'; message: string }> = [];
  let body = p.body;
  if (p.design) {
    const compiled = await compileDesign(p.design);
    if (compiled.ok) body = compiled.html;
    else for (const i of compiled.issues) errors.push({ field: 'design', message: `does not compile to email HTML: ${i.message}` });
  }
  const part = (field: 'subject' | 'body', source: string | undefined, escape: boolean) => {
    if (!source) return '';
    const check = compileCheck(source);
    if (!check.ok) errors.push({ field, message: `does not compile at line ${check.line}, column ${check.column}: ${check.message}` });
    const rendered = renderDetailed(source, vars, { escape, cache: false });
    if (check.ok && rendered.error) errors.push({ field, message: `could not be rendered: ${rendered.error.message}` });
    return rendered.output;
  };
  const subject = part('subject', p.subject, false).replace(/[\r\n]+/g, ' ');
  const html = part('body', body, true);
  // The text part of a rendering a loop made large is left out: the preview stays cheap.
  return { subject, html, text: html && html.length <= PREVIEW_MAX_TEXT_HTML ? textOf(html) : '', errors };
}

const mailboxQuery = z.object({ limit: queryInt(1, 1_000_000).optional().describe('Default 50; at most 200 are returned.') });
const manageForm = z.object({ subscribed: z.string().optional().describe('"true" subscribes, anything else unsubscribes.') });

const ids = {
  contact: '01970a3c-5e1f-7b2a-9c44-2f6b1d7e8a90',
  email: '01970a3e-2f1a-7d3b-8e4c-5a6b7c8d9e0f',
  template: '01970a3f-7a8b-7c9d-8e0f-1a2b3c4d5e6f',
};
const templateExample = {
  id: ids.template,
  name: 'Welcome',
  description: null,
  subject: 'Welcome {{name ?? "friend"}}',
  body: '<p>Hello {{name ?? "there"}}!</p>',
  from: 'hello@example.com',
  fromName: 'Example',
  replyTo: null,
  type: 'TRANSACTIONAL',
  design: null,
  createdAt: '2025-06-01T09:30:00.000Z',
  updatedAt: '2025-06-01T09:30:00.000Z',
};
const TEMPLATE_ID = { id: 'The template id.' };
const templateNotFound = { 404: { code: 'TEMPLATE_NOT_FOUND', description: 'No template of this project has this id.' } };
const INBOUND_ID = { id: 'The inbound message id (`inboundId` of its email.received event).' };
const inboundNotFound = {
  404: {
    code: 'INBOUND_NOT_FOUND',
    description: 'No message of this project has this id, or its raw message is gone (retention, or larger than INBOUND_MAX_BYTES).',
  },
};
const inboundExample = {
  id: '01970a41-3c4d-7e5f-8a9b-0c1d2e3f4a5b',
  via: 'smtp',
  contactId: ids.contact,
  from: 'jane@example.org',
  to: ['support@example.com'],
  subject: 'Re: Welcome Jane',
  messageId: 'CAF=abc123@mail.example.org',
  snippet: 'Thanks! One question about the plan…',
  attachments: ['invoice.pdf'],
  autoReply: false,
  inReplyTo: { emailId: ids.email, campaignId: null, templateId: ids.template },
  size: 4821,
  rawAvailable: true,
  receivedAt: '2025-06-01T09:30:00.000Z',
};
const TOKEN = { token: 'The signed token of the link in the email.' };
const page = (summary: string) => ({
  200: { description: summary, type: 'text/html', example: '<!doctype html><html lang="en">…</html>' },
  404: { description: 'The link is not valid (an HTML page too).', type: 'text/html', example: '<!doctype html><html lang="en">…</html>' },
});

// 1×1 transparent GIF.
/** What a tracked request says of itself, for messaging to tell a person from a machine (TrackRequest). */
function trackRequest(token: string, req: { ip?: string; method: string; get(name: string): string | undefined }) {
  return {
    token,
    ip: req.ip ?? '',
    user_agent: (req.get('user-agent') ?? '').slice(0, 500),
    method: req.method,
    purpose: (req.get('sec-purpose') ?? req.get('purpose') ?? req.get('x-purpose') ?? req.get('x-moz') ?? '').slice(0, 100),
  };
}

const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/**
 * A send's data is stored once per recipient (its contact and its email; messaging refuses more
 * than 100 MB of that), so 100 recipients sharing a megabyte of data take seconds, and tens of
 * seconds on a busy machine. Such a send gets a second per MB of request size × recipients, up to
 * 2 minutes; a usual one keeps GRPC_DEADLINE_MS.
 */
function sendDeadlineMs(bytesTimesRecipients: number): number {
  return Math.min(120_000, Math.ceil(bytesTimesRecipients / 1024));
}

/** Request bytes × recipients one SendMany call may carry (a send over it goes alone; its deadline is then ≥ 4 s). */
const SEND_BATCH_WEIGHT = 8 * 1024 * 1024;

type SendItem = SendFields & { project_id: string; tracking: string; request_id: string; traceparent: string; deadlineMs: number; weight: number };
type Sent = { emails: Array<{ contact_id: string; contact_email: string; email_id: string }>; timestamp: string };

/**
 * The /v1/send body as the gateway validates it: every rule but the attachment total, which is
 * messaging's setting (MAX_ATTACHMENT_BYTES) and which messaging checks when it validates again.
 */
const sendBodySchema = createSendRequestSchema({ maxAttachmentBytes: Infinity });

/** The reply of POST /v1/send for a project; `request` is the body as JSON text (what it weighs), `body` as parsed. */
function sender(messaging: () => Api<'messaging'>) {
  // Sends in flight together go to messaging in one call (as tracks do), each with its own outcome.
  // A batch holds at most SEND_BATCH_WEIGHT of request bytes × recipients (what a send costs
  // messaging, and what its deadline grows with: see sendDeadlineMs), so a heavy send goes alone
  // with its long deadline and never holds up, or lends its deadline to, the usual small ones.
  const sends = new Batcher<SendItem, Sent>(
    async (items) => {
      const deadlineMs = Math.max(...items.map((i) => i.deadlineMs));
      const { results } = await messaging().SendMany({ items: items.map(({ deadlineMs: _d, weight: _w, ...item }) => item) }, { deadlineMs });
      return fromBatchReply(results, items.length);
    },
    { name: 'send', maxBatch: 100, concurrency: 2, overlapAfterMs: OVERLAP_AFTER_MS, weigh: (i) => i.weight, maxWeight: SEND_BATCH_WEIGHT },
  );
  return async (projectId: string, tracking: string, requestId: string, request: string, body: unknown): Promise<Reply> => {
    const parsed = sendBodySchema.safeParse(body);
    if (!parsed.success) throw validationError(zodToFieldErrors(parsed.error));
    const fields = sendFields(parsed.data);
    const weight = Buffer.byteLength(request) * fields.to.length;
    const out = await sends.submit({
      ...fields,
      project_id: projectId,
      tracking,
      request_id: requestId,
      traceparent: traceparentOf() ?? '',
      deadlineMs: sendDeadlineMs(weight),
      weight,
    });
    return {
      status: 200,
      body: {
        success: true,
        data: { emails: out.emails.map((e) => ({ contact: { id: e.contact_id, email: e.contact_email }, email: e.email_id })), timestamp: out.timestamp },
      },
    };
  };
}

/**
 * The public /v1/send (Idempotency-Key, the gateway's fast lane) and /v1/verify, templates
 * and the dev mailbox for a secret key or a member's session; and, for anyone, the tracking
 * pixel and link redirects, the hosted subscription pages (signed tokens) and the mail webhook
 * (SNS-signed). A bad token still gets the pixel (mail clients must not show errors).
 * The project is the guard's (the request context's), which every call carries; only a send
 * names it, as an item of the batch that carries sends of many projects.
 */
export function messagingRoutes(messaging: () => Api<'messaging'>): Route[] {
  const send = sender(messaging);
  const auth = policy.secret;

  const show = (action: 'unsubscribe' | 'subscribe' | 'manage') => async (req: RouteRequest, res: express.Response) => {
    const token = String(req.params.token);
    try {
      const state = await messaging().GetSubscription({ token });
      res.type('html').send(subscriptionPage(action, token, state.email, state.subscribed, false));
    } catch (err) {
      if (isAppError(err) && err.status === 404)
        return void res
          .status(404)
          .type('html')
          .send(subscriptionPage('invalid', token, '', false, false));
      throw err;
    }
  };
  const change =
    (subscribed: boolean | 'form') =>
    async (req: RouteRequest, res: express.Response, { body }: { body: unknown }) => {
      const token = String(req.params.token);
      const value = subscribed === 'form' ? String((body as z.infer<typeof manageForm> | undefined)?.subscribed) === 'true' : subscribed;
      try {
        const state = await messaging().SetSubscription({ token, subscribed: value });
        res.type('html').send(subscriptionPage(value ? 'subscribe' : 'unsubscribe', token, state.email, state.subscribed, true));
      } catch (err) {
        if (isAppError(err) && err.status === 404)
          return void res
            .status(404)
            .type('html')
            .send(subscriptionPage('invalid', token, '', false, false));
        throw err;
      }
    };

  return [
    {
      method: 'post',
      path: '/v1/send',
      auth,
      doc: {
        tag: 'Public API',
        summary: 'Send a transactional email',
        description:
          'To one recipient or several (each its own contact upsert and email), from a template or subject and body; the sender domain must be verified. Sent now, never scheduled. Honours Idempotency-Key.',
        forwardedBody: sendRequestSchema,
        example: {
          to: { name: 'Jane', email: 'jane@example.com' },
          from: 'hello@example.com',
          subject: 'Welcome {{name ?? "friend"}}',
          body: '<p>Hello!</p>',
          data: { plan: 'pro' },
        },
        responses: {
          200: {
            description: 'Accepted for delivery, one email per recipient.',
            schema: sendAnswer,
            example: {
              success: true,
              data: { emails: [{ contact: { id: ids.contact, email: 'jane@example.com' }, email: ids.email }], timestamp: '2025-06-01T09:30:00.000Z' },
            },
          },
        },
        errors: {
          403: { code: 'DOMAIN_NOT_VERIFIED', description: "The sender's domain is not a verified domain of the project." },
          404: { code: 'TEMPLATE_NOT_FOUND', description: 'No template of this project has the id in `template`.' },
          413: { code: 'PAYLOAD_TOO_LARGE', description: 'The message exceeds 40 MB.' },
        },
      },
      reply: (call) => send(call.projectId, call.tracking, call.requestId, call.text, call.input),
      idempotent: true,
      fast: true,
    },
    on.post(
      '/v1/verify',
      auth,
      {
        tag: 'Public API',
        summary: 'Check an email address',
        description: 'Format, the domain and its MX records, disposable and free-mail domains, likely typos.',
        body: verifyBody,
        example: { email: 'jane@gmial.com' },
        responses: {
          200: {
            description: 'What the checks found.',
            schema: verifyAnswer,
            example: {
              success: true,
              data: {
                email: 'jane@gmial.com',
                valid: true,
                isDisposable: false,
                isAlias: false,
                isTypo: true,
                isPlusAddressed: false,
                isPersonalEmail: false,
                domainExists: true,
                hasMxRecords: true,
                suggestedEmail: 'jane@gmail.com',
                reasons: ['Possible typo; did you mean jane@gmail.com?'],
              },
            },
          },
        },
      },
      async (_req, res, { body }) => {
        const out = await messaging().Verify({ email: body.email });
        res.json({ success: true, data: verifyView(out) });
      },
    ),
    on.get(
      '/templates',
      auth,
      {
        tag: 'Templates',
        summary: 'List templates',
        query: listQuery,
        responses: {
          200: {
            description: 'A page of templates.',
            schema: templatesAnswer,
            example: { data: [templateExample], total: 1, page: 1, pageSize: 20, totalPages: 1 },
          },
        },
      },
      async (_req, res, { query: q }) => {
        const out = await messaging().ListTemplates({ page: q.page ?? 1, page_size: q.pageSize ?? q.limit ?? 20, search: q.search ?? '', type: q.type ?? '' });
        res.json({ data: out.templates.map(templateView), total: Number(out.total), page: out.page, pageSize: out.page_size, totalPages: out.total_pages });
      },
    ),
    on.post(
      '/templates',
      auth,
      {
        tag: 'Templates',
        summary: 'Create a template',
        description:
          'Subject and body must compile (a 422 names the line and column); `from` must be on a verified domain. With a `design` (the blocks of the email editor), the body is compiled from it with MJML; a design that is not valid is a 422 naming the field path (`design.blocks.2.href`).',
        body: templateCreate,
        example: {
          name: 'Welcome',
          subject: 'Welcome {{name ?? "friend"}}',
          body: '<p>Hello {{name ?? "there"}}!</p>',
          type: 'TRANSACTIONAL',
          from: 'hello@example.com',
          fromName: 'Example',
        },
        responses: { 201: { description: 'The template.', schema: templateAnswer, example: templateExample } },
        errors: { 403: { code: 'DOMAIN_NOT_VERIFIED', description: "`from`'s domain is not a verified domain of the project." } },
      },
      async (_req, res, { body }) => {
        const out = await messaging().CreateTemplate(templateWrite(body));
        res.status(201).json(templateView(out.template!));
      },
    ),
    on.post(
      '/templates/preview',
      auth,
      {
        tag: 'Templates',
        summary: 'Render a template for a preview',
        description:
          "Subject and body rendered as a send renders them (the same module), with `data` as the contact's data (at the top level and under `data`) and sample values for the built-ins (`email`, `id`, `subscribed`, the subscription URLs); nothing is stored or sent. With a `design`, the body rendered is the one it compiles to (as a template saved with it would have). `text` is the text part a send would make from the HTML. Each part that does not compile is named in `errors` with its line and column, and rendered best-effort; so is one whose loops exceed the render budget (100,000 runs, 20 million characters), as a send would.",
        body: previewBody,
        example: { subject: 'Welcome {{name ?? "friend"}}', body: '<p>Hello {{name}}, you are on {{plan}}.</p>', data: { name: 'Jane', plan: 'pro' } },
        responses: {
          200: {
            description: 'The rendering.',
            schema: previewAnswer,
            example: { subject: 'Welcome Jane', html: '<p>Hello Jane, you are on pro.</p>', text: 'Hello Jane, you are on pro.\n', errors: [] },
          },
        },
      },
      async (_req, res, { body }) => {
        res.json(await renderPreview(body));
      },
    ),
    on.get(
      '/templates/:id',
      auth,
      {
        tag: 'Templates',
        summary: 'Get a template',
        params: TEMPLATE_ID,
        responses: { 200: { description: 'The template.', schema: templateAnswer, example: templateExample } },
        errors: templateNotFound,
      },
      async (req, res) => {
        res.json(templateView((await messaging().GetTemplate({ id: String(req.params.id) })).template!));
      },
    ),
    on.patch(
      '/templates/:id',
      auth,
      {
        tag: 'Templates',
        summary: 'Update a template',
        params: TEMPLATE_ID,
        forwardedBody: templatePatch,
        example: { subject: 'Welcome aboard, {{name ?? "friend"}}' },
        responses: { 200: { description: 'The updated template.', schema: templateAnswer, example: templateExample } },
        errors: { 403: { code: 'DOMAIN_NOT_VERIFIED', description: "`from`'s domain is not a verified domain of the project." }, ...templateNotFound },
      },
      async (req, res, { body }) => {
        const id = String(req.params.id);
        let fields: TemplatePatch;
        try {
          fields = parse(templatePatch, body);
        } catch (err) {
          // An unknown template is a 404 before a bad body's 422.
          await messaging().GetTemplate({ id });
          throw err;
        }
        const out = await messaging().UpdateTemplate({ id, ...templateWrite(fields) });
        res.json(templateView(out.template!));
      },
    ),
    on.delete(
      '/templates/:id',
      auth,
      {
        tag: 'Templates',
        summary: 'Delete a template',
        description: 'Refused while a workflow step sends it (GET /templates/:id/usage).',
        params: TEMPLATE_ID,
        responses: { 204: { description: 'Deleted.' } },
        errors: { ...templateNotFound, 409: { code: 'CONFLICT', description: 'A workflow step uses the template.' } },
      },
      async (req, res) => {
        await messaging().DeleteTemplate({ id: String(req.params.id) });
        res.status(204).end();
      },
    ),
    on.post(
      '/templates/:id/duplicate',
      auth,
      {
        tag: 'Templates',
        summary: 'Duplicate a template',
        params: TEMPLATE_ID,
        responses: {
          201: {
            description: 'The copy, named "<name> (Copy)".',
            schema: duplicateAnswer,
            example: { id: ids.template, template: { ...templateExample, name: 'Welcome (Copy)' } },
          },
        },
        errors: templateNotFound,
      },
      async (req, res) => {
        const out = await messaging().DuplicateTemplate({ id: String(req.params.id) });
        res.status(201).json({ id: out.template!.id, template: templateView(out.template!) });
      },
    ),
    on.get(
      '/templates/:id/usage',
      auth,
      {
        tag: 'Templates',
        summary: 'Where a template is used',
        params: TEMPLATE_ID,
        responses: { 200: { description: 'Campaigns and workflow steps referencing it.', schema: usageAnswer, example: { campaigns: [], workflowSteps: [] } } },
        errors: templateNotFound,
      },
      async (req, res) => {
        const out = await messaging().TemplateUsage({ id: String(req.params.id) });
        res.json({ campaigns: out.campaigns, workflowSteps: out.workflow_steps.map((w) => ({ workflowId: w.workflow_id, stepId: w.step_id, name: w.name })) });
      },
    ),
    on.post(
      '/templates/:id/test',
      auth,
      {
        tag: 'Templates',
        summary: 'Send a test of a template',
        description:
          'One email to `email` through the /v1/send path (its contact upserted, the template\'s sender, whose domain must be verified), subject prefixed "[TEST]", header X-Herald-Test: true. `data` fills the template\'s variables for this email only: it is not stored on the contact.',
        params: TEMPLATE_ID,
        body: templateTestBody,
        example: { email: 'me@example.com', data: { name: 'Jane', plan: 'pro' } },
        responses: { 200: { description: 'Accepted for delivery.', schema: testSendAnswer, example: { success: true, data: { email: ids.email } } } },
        errors: {
          ...templateNotFound,
          403: { code: 'DOMAIN_NOT_VERIFIED', description: "The template's sender domain is not a verified domain of the project." },
          422: { code: 'VALIDATION_ERROR', description: '`email` is not an address, or the template has no sender (`from`).' },
        },
      },
      async (req, res, { body }) => {
        const t = (await messaging().GetTemplate({ id: String(req.params.id) })).template!;
        // The sample data wrapped as { value, persistent: false }: used for this email, never stored.
        const data = Object.fromEntries(Object.entries(body.data ?? {}).map(([k, v]) => [k, { value: v, persistent: false }]));
        const request = {
          to: body.email,
          template: t.id,
          subject: `[TEST] ${t.subject}`.slice(0, 998),
          data,
          headers: { 'X-Herald-Test': 'true', 'X-Herald-Template': t.id },
        };
        const out = await send(req.projectId!, req.tracking ?? 'ENABLED', req.requestId, JSON.stringify(request), request);
        const sent = (out.body as { data: { emails: Array<{ email: string }> } }).data;
        res.json({ success: true, data: { email: sent.emails[0]?.email } });
      },
    ),
    on.get(
      '/dev/mailbox',
      policy.admin,
      {
        tag: 'Sending',
        summary: 'The dev mailbox',
        description:
          "Without SMTP_URL (outside production) mail is not sent but kept here, newest first: the project's, and the account mail of every user (verification, password reset, invitations). The dashboard shows it at `/#/dev-mailbox`; a browser tab opening this URL (Accept preferring text/html, no Authorization or X-Project-Id) is redirected there (303).",
        query: mailboxQuery,
        responses: {
          200: {
            description: 'The messages, raw MIME included.',
            schema: devMailboxAnswer,
            example: {
              messages: [
                {
                  id: '01970a40-1b2c-7d3e-8f4a-5b6c7d8e9f0a',
                  emailId: ids.email,
                  to: 'jane@example.com',
                  from: 'hello@example.com',
                  subject: 'Welcome Jane',
                  raw: 'From: hello@example.com\r\n…',
                  receivedAt: '2025-06-01T09:30:01.000Z',
                },
              ],
            },
          },
        },
        errors: { 404: { code: 'NOT_FOUND', description: 'The dev mailbox is disabled (SMTP_URL is set, or production).' } },
      },
      async (_req, res, { query }) => {
        const out = await messaging().DevMailbox({ limit: query.limit ?? 50 });
        res.json(devMailboxView(out));
      },
    ),

    on.get(
      '/domains/:id/compliance',
      policy.secret,
      {
        tag: 'Domains',
        summary: 'A domain against the bulk-sender rules',
        description:
          "Gmail's and Yahoo's rules for bulk senders, checked for one sending domain: SPF, DKIM and DMARC published and aligned with From (as the last DNS check found them), one-click unsubscribe and List-Id on marketing mail, DMARC reports, and the volume of the last 24 hours against Gmail's 5,000 a day.",
        params: { id: 'The domain id.' },
        responses: {
          200: {
            description: 'Each check with its status, and what to do when it does not pass.',
            schema: complianceAnswer,
            example: {
              domain: 'example.com',
              checkedAt: '2025-06-02T08:00:00.000Z',
              sent24h: 1200,
              marketing24h: 1000,
              checks: [
                { id: 'dmarc', status: 'pass', title: 'DMARC', detail: '_dmarc.example.com has a DMARC record.', fix: null },
                {
                  id: 'dmarc_reports',
                  status: 'warn',
                  title: 'DMARC reports',
                  detail: 'No reporting address: nobody sees who sends as this domain.',
                  fix: 'Set "DMARC reports to" for this domain and publish the DMARC record again.',
                },
              ],
            },
          },
        },
        errors: { 404: { code: 'DOMAIN_NOT_FOUND', description: 'No domain of this project has this id.' } },
      },
      async (req, res) => {
        const out = await messaging().DomainCompliance({ id: String(req.params.id) });
        res.json({
          domain: out.domain,
          checkedAt: out.checked_at || null,
          sent24h: out.sent_24h,
          marketing24h: out.marketing_24h,
          checks: out.checks.map((c) => ({ id: c.id, status: c.status, title: c.title, detail: c.detail, fix: c.fix || null })),
        });
      },
    ),
    on.get(
      '/domains/:id/guardrails',
      policy.secret,
      {
        tag: 'Domains',
        summary: "A domain's guardrails",
        description:
          "Rolling 24-hour and 7-day hard-bounce and complaint rates of the mail sent from one domain, for all of it and per mailbox provider, each against its published threshold; and whether the domain's marketing mail is paused. Marketing mail pauses by itself when a complaint rate reaches `thresholds.complaintPause` (with at least `minVolume` mails in the window); transactional mail keeps flowing. Only an explicit resume lifts a pause.",
        params: { id: 'The domain id.' },
        responses: { 200: { description: 'The rates, their levels, and the pause.', schema: guardrailsAnswer, example: GUARDRAILS_EXAMPLE } },
        errors: { 404: { code: 'DOMAIN_NOT_FOUND', description: 'No domain of this project has this id.' } },
      },
      async (req, res) => {
        res.json(guardrailsView(await messaging().DomainGuardrails({ id: String(req.params.id) })));
      },
    ),
    on.post(
      '/domains/:id/guardrails/resume',
      policy.secret,
      {
        tag: 'Domains',
        summary: "Resume a paused domain's marketing mail",
        description:
          'Lifts the pause: the marketing mail the domain held goes out now, and the pause rule judges only mail sent from now on. Resuming a domain that is not paused changes nothing.',
        params: { id: 'The domain id.' },
        responses: { 200: { description: 'The guardrails after the resume.', schema: guardrailsAnswer, example: { ...GUARDRAILS_EXAMPLE, paused: null } } },
        errors: { 404: { code: 'DOMAIN_NOT_FOUND', description: 'No domain of this project has this id.' } },
      },
      async (req, res) => {
        res.json(guardrailsView(await messaging().ResumeDomain({ id: String(req.params.id) })));
      },
    ),
    on.get(
      '/deliverability',
      policy.secret,
      {
        tag: 'Domains',
        summary: 'Traffic shaping per domain and provider',
        description:
          "The project's pace per sending domain and mailbox provider: the provider's connection limits, the window of messages in flight (halved on a deferral, grown back on accepted mail), and whether a reply rule throttles or suspends it — Gmail's 421 4.7.28 cuts the rate to 1 a minute for 90 minutes, Yahoo's TSS04 suspends it 2 hours (DELIVERABILITY_REPLY_RULES adds rules). Mail over the pace waits in the queue, no attempt spent. Every change is a `deliverability.throttled` or `deliverability.resumed` entry in the activity feed.",
        responses: { 200: { description: 'Each domain and provider.', schema: deliverabilityAnswer, example: DELIVERABILITY_EXAMPLE } },
      },
      async (_req, res) => {
        res.json(deliverabilityView(await messaging().Deliverability({})));
      },
    ),
    on.get(
      '/domains/:id/warmup',
      policy.secret,
      {
        tag: 'Domains',
        summary: "A domain's warm-up",
        description:
          "The domain's warm-up plan and, per mailbox provider, this hour's cap and what was sent against it, the next daily step, why the last step kept the cap (a provider's last 24 hours over 2 % hard bounces, 0.1 % complaints or 5 % deferrals), and when the mail waiting for a later hour is out. Mail over a cap waits in the queue; it is never dropped or sent another way.",
        params: { id: 'The domain id.' },
        responses: { 200: { description: 'The plan and the providers on it.', schema: warmupAnswer, example: WARMUP_EXAMPLE } },
        errors: { 404: { code: 'DOMAIN_NOT_FOUND', description: 'No domain of this project has this id.' } },
      },
      async (req, res) => {
        res.json(warmupView(await messaging().DomainWarmup({ id: String(req.params.id) })));
      },
    ),
    on.patch(
      '/domains/:id/warmup',
      policy.secret,
      {
        tag: 'Domains',
        summary: "Change a domain's warm-up plan",
        description:
          'Switches warm-up on or off and sets its curve. Switching it on, or changing `startPerHour`, starts the curve again for every provider; the other fields apply from the next email.',
        params: { id: 'The domain id.' },
        body: warmupBody,
        example: { enabled: true, startPerHour: 50, growth: 1.4 },
        responses: { 200: { description: 'The plan after the change.', schema: warmupAnswer, example: WARMUP_EXAMPLE } },
        errors: { 404: { code: 'DOMAIN_NOT_FOUND', description: 'No domain of this project has this id.' } },
      },
      async (req, res, { body }) => {
        const out = await messaging().UpdateWarmup({
          id: String(req.params.id),
          enabled: body.enabled,
          start_per_hour: body.startPerHour,
          growth: body.growth,
          max_per_hour: body.maxPerHour,
          exempt_transactional: body.exemptTransactional,
        });
        res.json(warmupView(out));
      },
    ),
    on.get(
      '/inbound/:id',
      auth,
      {
        tag: 'Sending',
        summary: 'A received message',
        description:
          'Mail received for a verified domain of the project (SES Received notifications, the SMTP listener): sender, recipients, subject, a text snippet, attachment names, whether it is an auto-reply and the email it answers. The id is the `inboundId` of its `email.received` event.',
        params: INBOUND_ID,
        responses: { 200: { description: 'The message, without its body.', schema: inboundAnswer, example: inboundExample } },
        errors: inboundNotFound,
      },
      async (req, res) => {
        res.json(inboundView(await messaging().GetInbound({ id: String(req.params.id) })));
      },
    ),
    on.get(
      '/inbound/:id/raw',
      auth,
      {
        tag: 'Sending',
        summary: 'A received message as it came',
        description: 'The raw MIME message, kept INBOUND_RETENTION_DAYS (at most INBOUND_MAX_BYTES).',
        params: INBOUND_ID,
        responses: {
          200: { description: 'The message (RFC 5322).', type: 'message/rfc822', example: 'From: jane@example.org\r\nTo: support@example.com\r\n…' },
        },
        errors: inboundNotFound,
      },
      async (req, res) => {
        const out = await messaging().GetInboundRaw({ id: String(req.params.id) });
        res.set({
          'Content-Type': 'message/rfc822',
          'Content-Disposition': `attachment; filename="${String(req.params.id).replace(/[^0-9a-f-]/gi, '')}.eml"`,
          'Cache-Control': 'private, no-store',
        });
        res.send(Buffer.from(out.raw));
      },
    ),
    on.get(
      '/t/o/:token',
      policy.public,
      {
        tag: 'Sending',
        summary: 'Open tracking pixel',
        description:
          'Records an open of the email, classified human or machine from the address, user agent, method and prefetch headers of the request (docs/deliverability.md, "Human and machine engagement"); always answers the pixel, even for a bad token.',
        params: { token: 'The signed token, optionally with .gif.' },
        responses: { 200: { description: 'A 1×1 transparent GIF.', type: 'image/gif' } },
      },
      async (req, res) => {
        const token = String(req.params.token).replace(/\.gif$/, '');
        messaging()
          .RecordOpen(trackRequest(token, req))
          .catch(() => undefined);
        res.set({ 'Content-Type': 'image/gif', 'Cache-Control': 'no-store, max-age=0' }).send(PIXEL);
      },
    ),
    on.get(
      '/t/c/:token',
      policy.public,
      {
        tag: 'Sending',
        summary: 'Click tracking redirect',
        description:
          'Records a click, classified human or machine (the address, user agent, method, how soon after the mail left, a burst over its links, the hidden trap link), and redirects to the link. A HEAD is answered the same way and counts as a machine.',
        params: TOKEN,
        responses: { 302: { description: 'To the original link (Location).' } },
        errors: { 404: { code: 'INVALID_TOKEN', description: 'The link is not valid.' } },
      },
      async (req, res) => {
        const out = await messaging().RecordClick(trackRequest(String(req.params.token), req));
        res.redirect(302, out.url);
      },
    ),
    on.get(
      '/unsubscribe/:token',
      policy.public,
      { tag: 'Subscription pages', summary: 'The unsubscribe page', params: TOKEN, responses: page('Asks to confirm.') },
      show('unsubscribe'),
    ),
    // RFC 8058 one-click (List-Unsubscribe-Post) and the page's button both POST here.
    on.post(
      '/unsubscribe/:token',
      policy.public,
      {
        tag: 'Subscription pages',
        summary: 'Unsubscribe',
        description: "The page's button and RFC 8058 one-click unsubscribe (List-Unsubscribe-Post) post here.",
        params: TOKEN,
        responses: page('Done.'),
      },
      change(false),
      { body: 'form' },
    ),
    on.get(
      '/subscribe/:token',
      policy.public,
      { tag: 'Subscription pages', summary: 'The subscribe page', params: TOKEN, responses: page('Asks to confirm.') },
      show('subscribe'),
    ),
    on.post(
      '/subscribe/:token',
      policy.public,
      { tag: 'Subscription pages', summary: 'Subscribe again', params: TOKEN, responses: page('Done.') },
      change(true),
      { body: 'form' },
    ),
    on.get(
      '/manage/:token',
      policy.public,
      { tag: 'Subscription pages', summary: 'The preferences page', params: TOKEN, responses: page('The current state and a button to change it.') },
      show('manage'),
    ),
    on.post(
      '/manage/:token',
      policy.public,
      {
        tag: 'Subscription pages',
        summary: 'Change the subscription',
        params: TOKEN,
        body: manageForm,
        example: { subscribed: 'false' },
        responses: page('Done.'),
      },
      change('form'),
      { body: 'form' },
    ),
    on.post(
      '/webhooks/mail',
      policy.public,
      {
        tag: 'Webhooks',
        summary: 'Email notifications (SES through SNS)',
        description:
          'Delivery, bounce, complaint, open, click and inbound notifications, signed by SNS (the signature is verified); subscription confirmations are confirmed. Any content type.',
        forwardedBody: snsEnvelopeSchema,
        example: {
          Type: 'Notification',
          MessageId: '5f1c7a2e-3b4d-5e6f-7a8b-9c0d1e2f3a4b',
          TopicArn: 'arn:aws:sns:us-east-1:123456789012:ses-notifications',
          Message: '{"notificationType":"Delivery","mail":{"messageId":"0100018f…"}}',
          Timestamp: '2025-06-01T09:30:05.000Z',
          SignatureVersion: '1',
          Signature: 'EXAMPLE…',
          SigningCertURL: 'https://sns.us-east-1.amazonaws.com/SimpleNotificationService-….pem',
        },
        responses: {
          200: {
            description: 'What was done with it.',
            schema: notificationAnswer,
            example: { success: true, data: { outcome: 'applied', kind: 'delivery', emailId: ids.email } },
          },
        },
        errors: {
          400: { code: 'BAD_REQUEST', description: 'Not a well-formed SNS message (`errors` names each field).' },
          403: { code: 'INVALID_SIGNATURE', description: 'The signature does not verify, or the topic is not accepted.' },
        },
      },
      async (_req, res, { body }) => {
        const text = typeof body === 'string' ? body : JSON.stringify(body ?? {});
        const out = await messaging().HandleMailNotification({ body: text });
        res.json({ success: true, data: notificationView(out) });
      },
      { body: 'text' },
    ),
  ];
}
