import { z } from 'zod';
import type { Api } from '../../../../libs/contracts/src';
import type { Activity as ActivityMsg } from '../../../../libs/contracts/src/generated/herald/events/v1/Activity';
import { on, policy, queryInt, type Route } from '../../../../libs/edge/src';
import { ACTIVITY_TYPES } from '../domain/activity';

/**
 * The activity feed and analytics, in Plunk's shapes, for a secret key or a member's session. The
 * events service checks what only it can (dates, time zones, types, cursors: a 400 naming the
 * parameter); the shapes are checked here.
 */

const date = (what: string) => z.string().max(40).optional().describe(`${what}: an ISO 8601 date (a whole day) or date-time.`);
const limit = (dflt: number) => queryInt(1, 100).optional().describe(`Default ${dflt}, at most 100.`);

const activityQuery = z.object({
  cursor: z.string().max(200).optional().describe('The `cursor` of the previous page; none for the first.'),
  limit: limit(50),
  types: z.string().max(1000).optional().describe('Comma-separated activity types (GET /activity/types); default all.'),
  contactId: z.string().max(64).optional().describe("Only this contact's activity (deliverability changes, which are no contact's, left out)."),
  startDate: date('From'),
  endDate: date('Up to'),
});
const rangeQuery = z.object({ startDate: date('From (default: 30 days before endDate)'), endDate: date('Up to (default: now)') });
const topQuery = rangeQuery.extend({ limit: limit(5) });
const recentQuery = z.object({ minutes: queryInt(1, 1440).optional().describe('The last this many minutes; default 60, at most 1440.') });
const upcomingQuery = z.object({ limit: limit(50) });
const seriesQuery = z.object({
  startDate: date('The first day (default: 29 days before endDate)'),
  endDate: date('The last day (default: today)'),
  timezone: z.string().max(64).optional().describe('The IANA time zone whose days are counted (default UTC), e.g. Europe/Paris.'),
});

const ids = {
  contact: '01970a3c-5e1f-7b2a-9c44-2f6b1d7e8a90',
  event: '01970a3c-5e2a-7c11-8d3e-6a9b0c1d2e3f',
  campaign: '01970a3c-7a10-7c3e-9d11-4b5c6d7e8f90',
};
const activityExample = {
  id: ids.event,
  type: 'event.triggered',
  timestamp: '2025-06-01T09:30:00.000Z',
  contactId: ids.contact,
  contactEmail: 'jane@example.com',
  metadata: { eventName: 'signed-up', eventData: { plan: 'pro' } },
};
const upcomingExample = {
  id: `campaign_${ids.campaign}_scheduled`,
  type: 'campaign.scheduled',
  timestamp: '2025-06-03T08:00:00.000Z',
  contactId: null,
  contactEmail: null,
  metadata: { campaignId: ids.campaign, campaignName: 'June newsletter', subject: 'What is new in June', totalRecipients: 1280, audienceType: 'ALL' },
};
const badQuery = {
  400: { code: 'BAD_REQUEST', description: 'A date, time zone, type or cursor that is not one, or startDate after endDate: `errors` names the parameter.' },
};

/** What is to come (GET /activity/upcoming): a scheduled campaign, a workflow execution waiting on a timer. */
const UPCOMING_TYPES = ['campaign.scheduled', 'workflow.waiting'] as const;

const activityAnswer = z.strictObject({
  id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  timestamp: z.iso.datetime(),
  contactId: z.string().nullable().describe('null when the activity is no contact’s.'),
  contactEmail: z.string().nullable().describe("The contact's current email; null when there is none."),
  metadata: z
    .record(z.string(), z.unknown())
    .describe("The type's details: an event's data, a tracked event's name and data, a workflow run's ids, a deliverability change's domain event data."),
});
const upcomingAnswer = activityAnswer.extend({
  type: z.enum(UPCOMING_TYPES),
  timestamp: z.iso.datetime().describe('When it is due.'),
  metadata: z.record(z.string(), z.unknown()).describe('The campaign (id, name, subject, recipients, audience) or the execution (workflow, step).'),
});
const rate = (of: string) => z.number().min(0).max(100).describe(`Percent of emails sent that were ${of}, 0 to 100.`);
const count = () => z.number().int();

const activityView = (a: ActivityMsg) => ({
  id: a.id,
  type: a.type,
  timestamp: a.timestamp,
  contactId: a.contact_id || null,
  contactEmail: a.contact_email || null,
  metadata: JSON.parse(a.metadata_json || '{}'),
});

const range = (q: { startDate?: string; endDate?: string }) => ({ start_date: q.startDate ?? '', end_date: q.endDate ?? '' });

export function activityRoutes(events: () => Api<'events'>): Route[] {
  const auth = policy.secret;
  const tag = 'Activity';
  return [
    on.get(
      '/activity',
      auth,
      {
        tag,
        summary: 'Activity feed',
        description:
          "The project's activity, newest first: emails (email.sent, delivered, opened, clicked, bounced, complained, failed; opens and clicks with `metadata.engagement`, their class — human, apple_mpp, image_proxy, security_scanner, prefetch, unknown — and reasons, and `human`), a person’s first open and click of an email (email.human_opened, email.human_clicked), subscriptions (contact.subscribed, contact.unsubscribed), tracked segments' entries and exits (segment.entry, segment.exit), tracked events (event.triggered), workflow runs started (workflow.started; metadata workflowId, workflowName, executionId) and the project's sending domains' deliverability changes, no contact's (`contactId` and `contactEmail` null): sending to a mailbox provider throttled or back to its normal pace (deliverability.throttled, deliverability.resumed; metadata domain, provider, action, reason, reply — the provider's SMTP text —, ratePerMinute, until) and a domain's guardrails (deliverability.guardrail_paused, deliverability.guardrail_warning with domain, reason, complaintRate — a fraction, 0.003 is 0.3 % —; deliverability.guardrail_resumed with domain, held). Pages by `cursor`.",
        query: activityQuery,
        responses: {
          200: {
            description: 'A page; `cursor` (null on the last page) asks for the next.',
            schema: z.strictObject({ data: z.array(activityAnswer), cursor: z.string().nullable(), hasMore: z.boolean() }),
            example: { data: [activityExample], cursor: 'YTE6MDE5NzBhM2MtNWUyYS03YzExLThkM2UtNmE5YjBjMWQyZTNm', hasMore: true },
          },
        },
        errors: badQuery,
      },
      async (_req, res, { query }) => {
        const out = await events().ListActivity({
          cursor: query.cursor ?? '',
          limit: query.limit ?? 0,
          types: query.types ? query.types.split(',') : [],
          contact_id: query.contactId ?? '',
          ...range(query),
        });
        res.json({ data: out.data.map(activityView), cursor: out.cursor || null, hasMore: out.has_more });
      },
    ),
    on.get(
      '/activity/types',
      auth,
      {
        tag,
        summary: 'Activity types',
        description: 'Every type the feed can hold (the `types` filter takes them).',
        responses: {
          200: {
            description: 'The types.',
            schema: z.strictObject({ types: z.array(z.enum(ACTIVITY_TYPES)) }),
            example: { types: ['email.sent', 'email.opened', 'event.triggered'] },
          },
        },
      },
      async (_req, res) => {
        res.json({ types: (await events().ActivityTypes({})).types });
      },
    ),
    on.get(
      '/activity/stats',
      auth,
      {
        tag,
        summary: 'Activity statistics',
        description:
          'Events recorded (whole UTC days), emails sent, opened and clicked and workflow runs started in the range, and the open and click rates (percent of sent). Opens and clicks are counted twice: every email opened or clicked (`totalEmailsOpened`, the Plunk-compatible figure, machines included), and emails opened or clicked by a person (`humanOpened`, `humanClicked` and their rates: Apple Mail Privacy Protection, image proxies, link scanners and prefetches left out; docs/deliverability.md, "Human and machine engagement").',
        query: rangeQuery,
        responses: {
          200: {
            description: 'The counts.',
            schema: z.strictObject({
              totalEvents: count(),
              totalEmailsSent: count(),
              totalEmailsOpened: count(),
              totalEmailsClicked: count(),
              totalWorkflowsStarted: count(),
              openRate: rate('opened'),
              clickRate: rate('clicked'),
              humanOpened: count().describe('Emails first opened by a person (a human click counts as an open).'),
              humanClicked: count().describe('Emails clicked by a person.'),
              humanOpenRate: rate('opened by a person'),
              humanClickRate: rate('clicked by a person'),
            }),
            example: {
              totalEvents: 5120,
              totalEmailsSent: 1200,
              totalEmailsOpened: 540,
              totalEmailsClicked: 130,
              totalWorkflowsStarted: 0,
              openRate: 45,
              clickRate: 10.83,
              humanOpened: 310,
              humanClicked: 96,
              humanOpenRate: 25.83,
              humanClickRate: 8,
            },
          },
        },
        errors: badQuery,
      },
      async (_req, res, { query }) => {
        const s = await events().ActivityStats(range(query));
        res.json({
          totalEvents: Number(s.total_events),
          totalEmailsSent: Number(s.total_emails_sent),
          totalEmailsOpened: Number(s.total_emails_opened),
          totalEmailsClicked: Number(s.total_emails_clicked),
          totalWorkflowsStarted: Number(s.total_workflows_started),
          openRate: s.open_rate,
          clickRate: s.click_rate,
          humanOpened: Number(s.total_human_opened),
          humanClicked: Number(s.total_human_clicked),
          humanOpenRate: s.human_open_rate,
          humanClickRate: s.human_click_rate,
        });
      },
    ),
    on.get(
      '/activity/recent-count',
      auth,
      {
        tag,
        summary: 'Recent activity count',
        description: 'How many activities the feed got in the last minutes.',
        query: recentQuery,
        responses: {
          200: {
            description: 'The count.',
            schema: z.strictObject({ count: count(), minutes: z.number().int().describe('The window counted, in minutes.') }),
            example: { count: 42, minutes: 60 },
          },
        },
      },
      async (_req, res, { query }) => {
        const out = await events().RecentCount({ minutes: query.minutes ?? 0 });
        res.json({ count: Number(out.count), minutes: out.minutes });
      },
    ),
    on.get(
      '/activity/upcoming',
      auth,
      {
        tag,
        summary: 'Upcoming activity',
        description: 'Scheduled campaigns and workflow executions waiting on a timer (a DELAY, a WAIT_FOR_EVENT timeout), soonest first.',
        query: upcomingQuery,
        responses: {
          200: { description: 'What is to come.', schema: z.strictObject({ activities: z.array(upcomingAnswer) }), example: { activities: [upcomingExample] } },
        },
      },
      async (_req, res, { query }) => {
        const out = await events().Upcoming({ limit: query.limit ?? 0 });
        res.json({ activities: out.activities.map(activityView) });
      },
    ),
    on.get(
      '/analytics/timeseries',
      auth,
      {
        tag: 'Analytics',
        summary: 'Emails per day',
        description:
          'For each day of the range in the time zone (every day, zeros included): emails sent, delivered, opened, clicked and bounced that day, and opened and clicked by a person (`humanOpens`, `humanClicks`; machines left out). `date` is the day’s first instant there.',
        query: seriesQuery,
        responses: {
          200: {
            description: 'One entry per day, oldest first.',
            schema: z.array(
              z.strictObject({
                date: z.iso.datetime().describe('The day’s first instant in the time zone.'),
                emails: z.number().int().describe('Emails sent.'),
                delivered: count(),
                opens: count(),
                clicks: count(),
                bounces: count(),
                humanOpens: count(),
                humanClicks: count(),
              }),
            ),
            example: [
              { date: '2025-06-01T04:00:00.000Z', emails: 1200, delivered: 1150, opens: 540, clicks: 130, bounces: 12, humanOpens: 310, humanClicks: 96 },
            ],
          },
        },
        errors: badQuery,
      },
      async (_req, res, { query }) => {
        const out = await events().Timeseries({ ...range(query), timezone: query.timezone ?? '' });
        res.json(
          out.days.map((d) => ({
            date: d.date,
            emails: Number(d.emails),
            delivered: Number(d.delivered),
            opens: Number(d.opens),
            clicks: Number(d.clicks),
            bounces: Number(d.bounces),
            humanOpens: Number(d.human_opens),
            humanClicks: Number(d.human_clicks),
          })),
        );
      },
    ),
    on.get(
      '/analytics/top-campaigns',
      auth,
      {
        tag: 'Analytics',
        summary: 'Top campaigns',
        description: 'Campaigns sent in the range, by emails opened; each with its figures opened and clicked by a person beside the raw ones.',
        query: topQuery,
        responses: {
          200: {
            description: 'The campaigns.',
            schema: z.array(
              z.strictObject({
                id: z.string(),
                name: z.string().describe("The campaign's name."),
                subject: z.string().describe('The subject template (Handlebars), as stored.'),
                sentCount: count(),
                openedCount: count(),
                clickedCount: count(),
                openRate: rate('opened'),
                clickRate: rate('clicked'),
                humanOpenedCount: count(),
                humanClickedCount: count(),
                humanOpenRate: rate('opened by a person'),
                humanClickRate: rate('clicked by a person'),
              }),
            ),
            example: [
              {
                id: ids.campaign,
                name: 'June newsletter',
                subject: 'What is new in June',
                sentCount: 1280,
                openedCount: 610,
                clickedCount: 155,
                openRate: 47.66,
                clickRate: 12.11,
                humanOpenedCount: 350,
                humanClickedCount: 120,
                humanOpenRate: 27.34,
                humanClickRate: 9.38,
              },
            ],
          },
        },
        errors: badQuery,
      },
      async (_req, res, { query }) => {
        const out = await events().TopCampaigns({ limit: query.limit ?? 0, ...range(query) });
        res.json(
          out.campaigns.map((c) => ({
            id: c.id,
            name: c.name,
            subject: c.subject,
            sentCount: Number(c.sent_count),
            openedCount: Number(c.opened_count),
            clickedCount: Number(c.clicked_count),
            openRate: c.open_rate,
            clickRate: c.click_rate,
            humanOpenedCount: Number(c.human_opened_count),
            humanClickedCount: Number(c.human_clicked_count),
            humanOpenRate: c.human_open_rate,
            humanClickRate: c.human_click_rate,
          })),
        );
      },
    ),
    on.get(
      '/analytics/campaign-stats',
      auth,
      {
        tag: 'Analytics',
        summary: 'Campaign statistics',
        description:
          'Campaigns created in the range (total; active: draft, scheduled or sending), those sent in it (completed) and their open and click rates.',
        query: rangeQuery,
        responses: {
          200: {
            description: 'The counts.',
            schema: z.strictObject({
              total: z.number().int().describe('Campaigns created in the range.'),
              active: z.number().int().describe('Of those, draft, scheduled or sending.'),
              completed: z.number().int().describe('Campaigns sent in the range.'),
              averageOpenRate: z.number().min(0).max(100).describe('The open rate (percent, 0 to 100) of the campaigns sent.'),
              averageClickRate: z.number().min(0).max(100).describe('The click rate (percent, 0 to 100) of the campaigns sent.'),
            }),
            example: { total: 8, active: 3, completed: 5, averageOpenRate: 44.2, averageClickRate: 9.8 },
          },
        },
        errors: badQuery,
      },
      async (_req, res, { query }) => {
        const s = await events().CampaignStats(range(query));
        res.json({
          total: Number(s.total),
          active: Number(s.active),
          completed: Number(s.completed),
          averageOpenRate: s.average_open_rate,
          averageClickRate: s.average_click_rate,
        });
      },
    ),
    on.get(
      '/analytics/top-events',
      auth,
      {
        tag: 'Analytics',
        summary: 'Top events',
        description:
          'The most recorded event names of the range (whole UTC days), with `trend`: the change in percent from the period of the same length just before (100 for a name new in this one).',
        query: topQuery,
        responses: {
          200: {
            description: 'The names, most recorded first.',
            schema: z.array(
              z.strictObject({
                name: z.string(),
                count: count(),
                trend: z.number().describe('The change in percent from the period of the same length just before (100 for a new name).'),
              }),
            ),
            example: [{ name: 'signed-up', count: 420, trend: 12 }],
          },
        },
        errors: badQuery,
      },
      async (_req, res, { query }) => {
        const out = await events().TopEvents({ limit: query.limit ?? 0, ...range(query) });
        res.json(out.events.map((e) => ({ name: e.name, count: Number(e.count), trend: e.trend })));
      },
    ),
  ];
}
