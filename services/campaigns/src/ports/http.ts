import { z } from 'zod';
import type { Api } from '../../../../libs/contracts/src';
import type { Campaign__Output as CampaignMsg } from '../../../../libs/contracts/src/generated/herald/campaigns/v1/Campaign';
import type { CampaignWrite } from '../../../../libs/contracts/src/generated/herald/campaigns/v1/CampaignWrite';
import { on, policy, queryInt, type Route } from '../../../../libs/edge/src';
import { SLOW_CALL_DEADLINE_MS } from '../app/campaigns';
import { AUDIENCE_TYPES, campaignFields, parseCampaignFields, statsView, STATUSES, type AudienceType, type Counts, type Status } from '../domain/campaign';

/** Campaigns, in Plunk's shapes: a secret key or a member's session. */

const CAMPAIGN_ID = { id: 'The campaign id.' };
const notFound = { 404: { code: 'CAMPAIGN_NOT_FOUND', description: 'No campaign of this project has this id.' } };
// ——— Answers: the views' schemas (checked against every answer in the tests) ———

const campaignAnswer = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  subject: z.string(),
  body: z.string().optional().describe('HTML, a handlebars template; left out of lists.'),
  from: z.string(),
  fromName: z.string().nullable(),
  replyTo: z.string().nullable(),
  templateId: z.string().nullable(),
  type: z.enum(AUDIENCE_TYPES).describe("The audience type, as audienceType (Plunk's name)."),
  audienceType: z.enum(AUDIENCE_TYPES),
  segmentId: z.string().nullable(),
  audienceFilter: z.record(z.string(), z.unknown()).nullable().describe('FILTERED: the condition.'),
  status: z.enum(STATUSES),
  scheduledAt: z.iso.datetime().nullable(),
  startedAt: z.iso.datetime().nullable(),
  sentAt: z.iso.datetime().nullable(),
  cancelledAt: z.iso.datetime().nullable(),
  statusReason: z.string().nullable().describe('Why the send stopped, when it could not go on (the audience could not be read…).'),
  totalRecipients: z.number().int().describe('The audience frozen when the send started (0 before).'),
  sentCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
/** GET /campaigns/:id: the campaign, and when it is expected out while the warm-up holds some of it. */
const campaignDetailAnswer = campaignAnswer.extend({
  expectedFinishAt: z.iso
    .datetime()
    .nullable()
    .describe(
      'While SENDING and the warm-up of its sending domain holds some of its emails for a later hour: when its last email is expected out, at the held providers\' current curves (docs/deliverability.md, "Warm-up"). Null otherwise: nothing is held (what is queued goes now), or the send is over.',
    ),
  heldBy: z
    .array(
      z.strictObject({
        domain: z.string().describe('The sending domain.'),
        provider: z.string().describe('The mailbox provider (google, microsoft, yahoo, apple, other).'),
        waiting: z.number().int().describe("The campaign's emails still to go to it (its recipients not handed over yet estimated by the campaign's mix)."),
        cap: z.number().int().describe('The hourly cap the warm-up holds it to now.'),
        expectedDoneAt: z.iso.datetime().describe("When all the mail waiting for it is out (the domain's other held mail included)."),
      }),
    )
    .describe('The providers whose warm-up cap holds some of its emails, latest first; empty when expectedFinishAt is null.'),
});
const campaignListAnswer = z.strictObject({
  data: z.array(campaignAnswer),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
});
const campaignCreatedAnswer = z.strictObject({ success: z.literal(true), data: campaignAnswer });
const successAnswer = z.strictObject({ success: z.literal(true) });
const count = z.number().int();
const ratePct = z.number().min(0).max(100).describe('Percent of the emails sent, two decimals.');
const campaignStatsAnswer = z.strictObject({
  totalRecipients: count,
  sentCount: count,
  deliveredCount: count,
  openedCount: count,
  clickedCount: count,
  bouncedCount: count,
  complainedCount: count,
  unsubscribedCount: count,
  repliedCount: count,
  openRate: ratePct,
  clickRate: ratePct,
  bounceRate: ratePct,
  deliveryRate: ratePct,
  humanOpenedCount: count.describe(
    'Recipients who opened the email themselves: Apple Mail Privacy Protection, image proxies, link scanners and prefetches left out. A human click counts as an open.',
  ),
  humanClickedCount: count.describe('Recipients who clicked a link themselves: link scanners and previews left out.'),
  humanOpenRate: ratePct,
  humanClickRate: ratePct,
});

/** A campaign as the API shows it (Plunk's fields), `type` being the audience type, as in the create answer. */
const view = (c: CampaignMsg): z.infer<typeof campaignAnswer> => ({
  id: c.id,
  name: c.name,
  description: c.description ?? null,
  subject: c.subject,
  body: c.body, // left out of lists
  from: c.from_email,
  fromName: c.from_name ?? null,
  replyTo: c.reply_to ?? null,
  templateId: c.template_id ?? null,
  type: c.audience_type as AudienceType,
  audienceType: c.audience_type as AudienceType,
  segmentId: c.segment_id ?? null,
  audienceFilter: c.audience_filter_json ? JSON.parse(c.audience_filter_json) : null,
  status: c.status as Status,
  scheduledAt: c.scheduled_at ?? null,
  startedAt: c.started_at ?? null,
  sentAt: c.sent_at ?? null,
  cancelledAt: c.cancelled_at ?? null,
  statusReason: c.status_reason ?? null,
  totalRecipients: Number(c.total_recipients),
  sentCount: Number(c.sent_count),
  createdAt: c.created_at,
  updatedAt: c.updated_at,
});

/** GET /campaigns/:id's answer: the campaign and its expected finish. */
const detailView = (c: CampaignMsg): z.infer<typeof campaignDetailAnswer> => ({
  ...view(c),
  expectedFinishAt: c.expected_finish_at ?? null,
  heldBy: c.held_by.map((h) => ({ domain: h.domain, provider: h.provider, waiting: h.waiting, cap: h.cap, expectedDoneAt: h.expected_done_at })),
});

/** A create or replace body, validated here (a 422 naming each field), as the service takes it: null and left out alike unset. */
function write(body: unknown): CampaignWrite {
  const f = parseCampaignFields(body);
  return {
    name: f.name,
    description: f.description ?? undefined,
    subject: f.subject,
    body: f.body,
    from_email: f.from,
    from_name: f.fromName ?? undefined,
    reply_to: f.replyTo ?? undefined,
    template_id: f.templateId ?? undefined,
    audience_type: f.audienceType,
    segment_id: f.segmentId ?? undefined,
    audience_filter_json: f.audienceFilter ? JSON.stringify(f.audienceFilter) : undefined,
  };
}

const listQuery = z.object({
  page: queryInt(1, 1_000_000).default(1),
  pageSize: queryInt(1, 100).default(20),
  status: z.enum(STATUSES).optional(),
});
const sendBody = z.object({
  scheduledFor: z
    .string()
    .min(1, 'must not be empty (leave it out to send now)')
    .max(64)
    .optional()
    .describe('ISO 8601 with a time zone, in the future (within 10 years): schedules (again, if scheduled already). Without it the send starts now.'),
});
const contactIdField = z.string().max(64).describe("A contact of the project (GET /contacts); another project's is a 404 CONTACT_NOT_FOUND.");
const testBody = z.object({
  email: z.string().trim().toLowerCase().email('must be a valid email address').max(320),
  contactId: contactIdField
    .optional()
    .describe("The contact whose data renders the test, for this email only (not stored). Left out: the test address's own contact's data."),
});
const previewBody = z.object({
  contactId: contactIdField.optional().describe("The contact to preview for. Left out: the audience's first contact."),
  sample: z.number().int().min(1).max(10).optional().describe("How many of the audience's first contacts to list (default 5)."),
});
const previewContactAnswer = z.strictObject({
  id: z.string(),
  email: z.string(),
  subscribed: z.boolean(),
  data: z.record(z.string(), z.unknown()).describe("The contact's data, as its template variables see it."),
});
const campaignPreviewAnswer = z.strictObject({
  subject: z.string().describe('The subject template (Handlebars), as stored.'),
  body: z.string().describe('The HTML body template (Handlebars), as stored.'),
  from: z.string(),
  fromName: z.string().nullable(),
  contact: previewContactAnswer
    .nullable()
    .describe('The contact previewed for: the chosen one, else the first of the audience; null when the audience is empty.'),
  contacts: z.array(previewContactAnswer).describe("The audience's first contacts (subscribed ones, in the order a send takes them)."),
});
const previewContactView = (x: { id: string; email: string; subscribed: boolean; data_json: string }) => ({
  id: x.id,
  email: x.email,
  subscribed: x.subscribed,
  data: JSON.parse(x.data_json || '{}') as Record<string, unknown>,
});

const createExample = {
  name: 'June newsletter',
  subject: 'What is new in June, {{data.firstName ?? "friend"}}',
  body: '<p>Hello {{data.firstName ?? "there"}},</p><p>…</p><p><a href="{{unsubscribeUrl}}">Unsubscribe</a></p>',
  from: 'news@example.com',
  fromName: 'Example',
  audienceType: 'FILTERED',
  audienceFilter: { logic: 'AND', groups: [{ filters: [{ field: 'data.plan', operator: 'equals', value: 'pro' }] }] },
};
const campaignExample = {
  id: '01970b1e-3c4d-7e5f-8a9b-0c1d2e3f4a5b',
  name: 'June newsletter',
  description: null,
  subject: createExample.subject,
  body: createExample.body,
  from: 'news@example.com',
  fromName: 'Example',
  replyTo: null,
  templateId: null,
  type: 'FILTERED',
  audienceType: 'FILTERED',
  segmentId: null,
  audienceFilter: createExample.audienceFilter,
  status: 'DRAFT',
  scheduledAt: null,
  startedAt: null,
  sentAt: null,
  cancelledAt: null,
  statusReason: null,
  totalRecipients: 0,
  sentCount: 0,
  createdAt: '2025-06-01T09:30:00.000Z',
  updatedAt: '2025-06-01T09:30:00.000Z',
};
/** A campaign in a list: without its body. */
const { body: _body, ...listedExample } = campaignExample;
const statsExample = {
  totalRecipients: 1200,
  sentCount: 1200,
  deliveredCount: 1180,
  openedCount: 540,
  clickedCount: 130,
  bouncedCount: 20,
  complainedCount: 1,
  unsubscribedCount: 4,
  repliedCount: 2,
  openRate: 45,
  clickRate: 10.83,
  bounceRate: 1.67,
  deliveryRate: 98.33,
  humanOpenedCount: 310,
  humanClickedCount: 96,
  humanOpenRate: 25.83,
  humanClickRate: 8,
};
/** Create, replace and send count the audience; cancel waits for what senders hold (app/campaigns.ts). */
const slow = { deadlineMs: SLOW_CALL_DEADLINE_MS };
/** A campaign whose status does not allow the action (domain/status.ts). */
const wrongState = (what: string) => ({ code: 'CAMPAIGN_STATE', description: `${what} \`details\` names the status and the action.` });
const senderErrors = { 403: { code: 'DOMAIN_NOT_VERIFIED', description: "`from`'s domain is not a verified domain of the project." } };

export function campaignsRoutes(campaigns: () => Api<'campaigns'>): Route[] {
  const auth = policy.secret;
  return [
    on.get(
      '/campaigns',
      auth,
      {
        tag: 'Campaigns',
        summary: 'List campaigns',
        description: 'Newest first, page by page; `status` filters.',
        query: listQuery,
        responses: {
          200: {
            description: 'A page of campaigns (without their bodies).',
            example: { data: [listedExample], total: 1, page: 1, pageSize: 20, totalPages: 1 },
            schema: campaignListAnswer,
          },
        },
      },
      async (_req, res, { query }) => {
        const out = await campaigns().ListCampaigns({ page: query.page, page_size: query.pageSize, status: query.status ?? '' });
        const total = Number(out.total);
        res.json({ data: out.campaigns.map(view), total, page: query.page, pageSize: query.pageSize, totalPages: Math.ceil(total / query.pageSize) });
      },
    ),
    on.post(
      '/campaigns',
      auth,
      {
        tag: 'Campaigns',
        summary: 'Create a campaign (DRAFT)',
        description:
          "The audience is ALL subscribed contacts, a SEGMENT (`segmentId`) or FILTERED (`audienceFilter`, or Plunk's `audienceCondition`: a condition). Subject and body are handlebars templates rendered per recipient like /v1/send (`{{data.<key>}}`, `{{email}}`, `{{unsubscribeUrl}}`). `templateId` fills what the body leaves out.",
        forwardedBody: campaignFields,
        example: createExample,
        responses: {
          201: {
            description: 'The campaign, wrapped in `{ success, data }` (the other campaign routes answer it bare).',
            example: { success: true, data: campaignExample },
            schema: campaignCreatedAnswer,
          },
        },
        errors: senderErrors,
      },
      async (_req, res, { body }) => {
        const out = await campaigns().CreateCampaign(write(body), slow);
        res.status(201).json({ success: true, data: view(out) });
      },
    ),
    on.get(
      '/campaigns/:id',
      auth,
      {
        tag: 'Campaigns',
        summary: 'Get a campaign',
        description:
          'With its progress while sending (totalRecipients, sentCount) and, while the warm-up of its sending domain holds some of its emails for a later hour, when it is expected to finish (expectedFinishAt) and which providers hold it (heldBy).',
        params: CAMPAIGN_ID,
        responses: {
          200: {
            description: 'The campaign.',
            example: {
              ...campaignExample,
              status: 'SENDING',
              startedAt: '2025-06-01T10:00:00.000Z',
              totalRecipients: 1200,
              sentCount: 850,
              expectedFinishAt: '2025-06-01T17:00:00.000Z',
              heldBy: [{ domain: 'example.com', provider: 'google', waiting: 340, cap: 50, expectedDoneAt: '2025-06-01T17:00:00.000Z' }],
            },
            schema: campaignDetailAnswer,
          },
        },
        errors: notFound,
      },
      async (req, res) => {
        res.json(detailView(await campaigns().GetCampaign({ id: String(req.params.id) })));
      },
    ),
    on.put(
      '/campaigns/:id',
      auth,
      {
        tag: 'Campaigns',
        summary: 'Replace a campaign',
        description: 'The whole body, as on create; only a DRAFT or SCHEDULED campaign (a schedule stays).',
        params: CAMPAIGN_ID,
        forwardedBody: campaignFields,
        example: createExample,
        responses: { 200: { description: 'The campaign.', example: campaignExample, schema: campaignAnswer } },
        errors: { ...notFound, ...senderErrors, 400: wrongState('The campaign is sending, sent or cancelled.') },
      },
      async (req, res, { body }) => {
        const id = String(req.params.id);
        let fields: CampaignWrite;
        try {
          fields = write(body);
        } catch (err) {
          // An unknown campaign is a 404 before a bad body's 422.
          await campaigns().GetCampaign({ id });
          throw err;
        }
        res.json(view(await campaigns().UpdateCampaign({ id, ...fields }, slow)));
      },
    ),
    on.delete(
      '/campaigns/:id',
      auth,
      {
        tag: 'Campaigns',
        summary: 'Delete a campaign',
        params: CAMPAIGN_ID,
        responses: { 204: { description: 'Deleted.' } },
        errors: { ...notFound, 409: wrongState('The campaign is SCHEDULED or SENDING: cancel it first.') },
      },
      async (req, res) => {
        await campaigns().DeleteCampaign({ id: String(req.params.id) });
        res.status(204).end();
      },
    ),
    on.post(
      '/campaigns/:id/duplicate',
      auth,
      {
        tag: 'Campaigns',
        summary: 'Duplicate a campaign',
        description: 'A new DRAFT named "<name> (Copy)", whatever the status of the original.',
        params: CAMPAIGN_ID,
        responses: { 201: { description: 'The copy.', example: { ...campaignExample, name: 'June newsletter (Copy)' }, schema: campaignAnswer } },
        errors: notFound,
      },
      async (req, res) => {
        res.status(201).json(view(await campaigns().DuplicateCampaign({ id: String(req.params.id) })));
      },
    ),
    on.post(
      '/campaigns/:id/send',
      auth,
      {
        tag: 'Campaigns',
        summary: 'Send now, or schedule',
        description:
          'Without scheduledFor the send starts now (SENDING); with a future one the campaign is SCHEDULED and starts then, within a second. The audience is frozen when the send starts; unsubscribed and suppressed contacts get nothing.',
        params: CAMPAIGN_ID,
        body: sendBody,
        example: { scheduledFor: '2030-01-01T09:00:00Z' },
        responses: {
          200: {
            description: 'The campaign, SENDING or SCHEDULED.',
            example: { ...campaignExample, status: 'SCHEDULED', scheduledAt: '2030-01-01T09:00:00.000Z' },
            schema: campaignAnswer,
          },
        },
        errors: {
          ...notFound,
          ...senderErrors,
          400: [
            { code: 'BAD_REQUEST', description: '`scheduledFor` is not a future time (`errors` names it), or the audience has no subscribed contacts.' },
            wrongState('The campaign was sent or cancelled already.'),
          ],
        },
      },
      async (req, res, { body }) => {
        res.json(
          view(
            await campaigns().SendCampaign({ id: String(req.params.id), scheduled_for: body.scheduledFor ?? '', tracking: req.tracking ?? 'ENABLED' }, slow),
          ),
        );
      },
    ),
    on.post(
      '/campaigns/:id/cancel',
      auth,
      {
        tag: 'Campaigns',
        summary: 'Cancel a scheduled or running send',
        description: 'Answers once nothing more of the campaign can leave: what was sent stays sent and counted.',
        params: CAMPAIGN_ID,
        responses: {
          200: {
            description: 'The campaign, CANCELLED.',
            example: { ...campaignExample, status: 'CANCELLED', cancelledAt: '2025-06-01T10:00:00.000Z' },
            schema: campaignAnswer,
          },
        },
        errors: { ...notFound, 400: wrongState('The campaign is a DRAFT or SENT.') },
      },
      async (req, res) => {
        res.json(view(await campaigns().CancelCampaign({ id: String(req.params.id) }, slow)));
      },
    ),
    on.post(
      '/campaigns/:id/test',
      auth,
      {
        tag: 'Campaigns',
        summary: 'Send a test',
        description:
          'One email to `email`, rendered with the data of that address\'s contact, or of the contact `contactId` names (for this email only), subject prefixed "[TEST]", header X-Herald-Test: true; not counted in the campaign\'s stats.',
        params: CAMPAIGN_ID,
        body: testBody,
        example: { email: 'me@example.com', contactId: '01970a3c-5e1f-7b2a-9c44-2f6b1d7e8a90' },
        responses: { 200: { description: 'Sent.', example: { success: true }, schema: successAnswer } },
        errors: {
          ...senderErrors,
          404: [notFound[404], { code: 'CONTACT_NOT_FOUND', description: '`contactId` is not a contact of this project.' }],
        },
      },
      async (req, res, { body }) => {
        await campaigns().TestCampaign({
          id: String(req.params.id),
          email: body.email,
          tracking: req.tracking ?? 'ENABLED',
          contact_id: body.contactId ?? '',
        });
        res.json({ success: true });
      },
    ),
    on.post(
      '/campaigns/:id/preview',
      auth,
      {
        tag: 'Campaigns',
        summary: 'What a preview for a contact needs',
        description:
          "The campaign's subject, body and sender as stored (a template's filled in when the campaign was saved), the first contacts its audience resolves to, and the contact to preview for (`contactId`, any contact of the project; else the audience's first) with its data. Render it with POST /templates/preview (`data`: the contact's data and its `email`), as the dashboard does: a send renders the same way. Nothing is stored or sent.",
        params: CAMPAIGN_ID,
        body: previewBody,
        example: { contactId: '01970a3c-5e1f-7b2a-9c44-2f6b1d7e8a90' },
        responses: {
          200: {
            description: 'The content and the contacts.',
            schema: campaignPreviewAnswer,
            example: {
              subject: createExample.subject,
              body: createExample.body,
              from: 'news@example.com',
              fromName: 'Example',
              contact: { id: '01970a3c-5e1f-7b2a-9c44-2f6b1d7e8a90', email: 'jane@example.org', subscribed: true, data: { firstName: 'Jane', plan: 'pro' } },
              contacts: [{ id: '01970a3c-5e1f-7b2a-9c44-2f6b1d7e8a90', email: 'jane@example.org', subscribed: true, data: { firstName: 'Jane', plan: 'pro' } }],
            },
          },
        },
        errors: {
          404: [notFound[404], { code: 'CONTACT_NOT_FOUND', description: '`contactId` is not a contact of this project.' }],
          422: { code: 'VALIDATION_ERROR', description: '`contactId` is not an id, or `sample` is not 1–10.' },
        },
      },
      async (req, res, { body }) => {
        const out = await campaigns().PreviewCampaign({ id: String(req.params.id), contact_id: body.contactId ?? '', sample: body.sample ?? 0 });
        res.json({
          subject: out.subject,
          body: out.body,
          from: out.from_email,
          fromName: out.from_name ?? null,
          contact: out.contact ? previewContactView(out.contact) : null,
          contacts: out.contacts.map(previewContactView),
        });
      },
    ),
    on.get(
      '/campaigns/:id/stats',
      auth,
      {
        tag: 'Campaigns',
        summary: 'Campaign stats',
        description:
          'Each recipient counted once per fact; rates 0–100 of the emails sent. A click counts as an open and a delivery too. The Plunk fields (`openedCount`, `clickedCount`, …) count every open and click, machines included; `humanOpenedCount`, `humanClickedCount` and their rates count only people (docs/deliverability.md, "Human and machine engagement").',
        params: CAMPAIGN_ID,
        responses: { 200: { description: 'The stats.', example: statsExample, schema: campaignStatsAnswer } },
        errors: notFound,
      },
      async (req, res) => {
        // The message's counters are named after the facts (domain/campaign.ts); the view derives the rates.
        const { total_recipients, ...counts } = await campaigns().CampaignStats({ id: String(req.params.id) });
        res.json(statsView(Number(total_recipients), Object.fromEntries(Object.entries(counts).map(([fact, n]) => [fact, Number(n)])) as Counts));
      },
    ),
  ];
}
