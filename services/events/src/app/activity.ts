/**
 * Activity and analytics, in Plunk's shapes (decisions in docs/decisions/README.md, "Activity and
 * analytics"): the feed over the recorded events, the counts the consumers keep beside them, and
 * the campaigns projection.
 */
import type { Work } from '../../../../libs/db/src';
import { newIdAt, uuidFloor } from '../../../../libs/kit/src';
import { projectOf, type Api, type DomainEvent, type Handlers } from '../../../../libs/contracts/src';
import {
  ACTIVITY_TYPES,
  activityMetadata,
  activityType,
  addDays,
  type DeliverabilityEvent,
  daysIn,
  decodeCursor,
  deliverabilityType,
  emailCounts,
  encodeCursor,
  openRange,
  parseContactId,
  parseTimeZone,
  parseTypes,
  rangeOf,
  rate,
  trend,
  unknownTimeZone,
  utcDays,
} from '../domain/activity';
import type { Activity } from '../../../../libs/contracts/src/generated/herald/events/v1/Activity';
import type { ActivityStore, CampaignChange, DeliverabilityActivity, FeedRow, WorkflowActivity } from './ports';

type StatusChanged = DomainEvent<'messaging.email.status_changed.v1'>;
type CampaignChanged = DomainEvent<'campaigns.campaign.changed.v1'>;
type CampaignDeleted = DomainEvent<'campaigns.campaign.deleted.v1'>;
type ExecutionStarted = DomainEvent<'workflows.execution.started.v1'>;

const clamp = (v: number, dflt: number, max: number) => Math.min(Math.max(v || dflt, 1), max);
const MINUTE = 60_000;

// ---- writers: in the transaction that records the events ---------------------------------------

/** Adds a batch of email status changes to the counts. */
export function countEmails(store: ActivityStore, work: Work, events: StatusChanged[]) {
  return store.addEmailCounts(
    work,
    emailCounts(
      events.map((e) => ({
        projectId: e.projectId,
        occurredAt: e.occurredAt,
        status: e.data.status,
        campaignId: e.data.campaignId,
        reason: e.data.reason,
        human: e.data.human,
        raw: e.data.raw,
      })),
    ),
  );
}

/** Keeps the latest version of each campaign of a batch of changes. */
export function projectCampaigns(store: ActivityStore, work: Work, events: CampaignChanged[]) {
  const latest = new Map<string, CampaignChange>();
  for (const e of events) {
    const d = e.data;
    const row: CampaignChange = {
      projectId: e.projectId,
      id: d.campaignId,
      name: d.name,
      subject: d.subject,
      status: d.status,
      audienceType: d.audienceType,
      scheduledAt: d.scheduledAt,
      sentAt: d.sentAt,
      totalRecipients: d.totalRecipients,
      version: d.version,
      at: e.occurredAt,
    };
    const key = `${e.projectId}|${d.campaignId}`;
    if ((latest.get(key)?.version ?? -Infinity) < d.version) latest.set(key, row);
  }
  return store.upsertCampaigns(work, [...latest.values()]);
}

/**
 * Workflow runs started, as activity of their own (never recorded as events: workflows are
 * triggered by recorded events, and a run must not trigger another). A run's row is of when it
 * started, its id of that millisecond.
 */
export function recordWorkflowRuns(store: ActivityStore, work: Work, events: ExecutionStarted[]) {
  const runs = new Map<string, WorkflowActivity>();
  for (const e of events) {
    const d = e.data;
    runs.set(`${e.projectId}|${d.executionId}`, {
      projectId: e.projectId,
      id: newIdAt(new Date(e.occurredAt)),
      type: 'workflow.started',
      contactId: d.contactId,
      executionId: d.executionId,
      data: { workflowId: d.workflowId, workflowName: d.workflowName, executionId: d.executionId },
      at: e.occurredAt,
    });
  }
  return store.addWorkflowActivity(work, [...runs.values()]);
}

/**
 * A sending domain's deliverability changes (throttled or resumed per mailbox provider, its
 * guardrails' pauses, warnings and resumes), as activity of the project, no contact's: each row
 * of when it happened, its metadata the event's data, once per event (a redelivery adds nothing).
 */
export function recordDeliverability(store: ActivityStore, work: Work, events: Array<DomainEvent<DeliverabilityEvent>>) {
  const rows = new Map<string, DeliverabilityActivity>();
  for (const e of events)
    rows.set(`${e.projectId}|${e.id}`, {
      projectId: e.projectId,
      id: newIdAt(new Date(e.occurredAt)),
      type: deliverabilityType(e.type, e.data as { action?: string }),
      eventId: e.id,
      data: e.data,
      at: e.occurredAt,
    });
  return store.addDeliverabilityActivity(work, [...rows.values()]);
}

export function forgetCampaigns(store: ActivityStore, work: Work, events: CampaignDeleted[]) {
  const seen = new Map(events.map((e) => [`${e.projectId}|${e.data.campaignId}`, { projectId: e.projectId, id: e.data.campaignId, at: e.occurredAt }]));
  return store.deleteCampaigns(work, [...seen.values()]);
}

// ---- reads ---------------------------------------------------------------------------------------

/** An unknown time zone that Intl knew but PostgreSQL did not: the same 400. */
async function inZone<T>(tz: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if ((err as { code?: string }).code === '22023' && /time zone/i.test((err as Error).message)) throw unknownTimeZone(tz);
    throw err;
  }
}

type ActivityHandlers = Pick<
  Handlers<'events'>,
  'ListActivity' | 'ActivityTypes' | 'ActivityStats' | 'RecentCount' | 'Upcoming' | 'Timeseries' | 'TopCampaigns' | 'CampaignStats' | 'TopEvents'
>;

/**
 * `emailsOf`: each contact's current email (contacts owns them; one batched call per page).
 */
export function activityHandlers(
  store: ActivityStore,
  emailsOf: (projectId: string, contactIds: string[]) => Promise<Map<string, string>>,
  workflows: () => Api<'workflows'>,
): ActivityHandlers {
  // Activity of its own carries its type and metadata; an event's are derived from its name. No contact: ''.
  const view = (r: FeedRow, emails: Map<string, string>): Activity => ({
    id: r.id,
    type: r.source === 'event' ? activityType(r.name) : r.name,
    timestamp: r.created_at.toISOString(),
    contact_id: r.contact_id ?? '',
    contact_email: (r.contact_id && emails.get(r.contact_id)) || '',
    metadata_json: JSON.stringify(r.source === 'event' ? activityMetadata(r.name, r.data) : r.data),
  });

  return {
    async ListActivity(req, meta) {
      const projectId = projectOf(meta);
      const limit = clamp(req.limit, 50, 100);
      const before = decodeCursor(req.cursor);
      const types = parseTypes(req.types);
      const contactId = parseContactId(req.contact_id);
      const { start, end } = openRange(req.start_date, req.end_date);
      const rows = await store.feed(projectId, {
        limit: limit + 1,
        before,
        contactId,
        types,
        start: start && { at: start, idFloor: uuidFloor(start) },
        // An id is made in its event's millisecond or a little after (UUIDv7, monotonic).
        end: end && { at: end, idCeiling: uuidFloor(new Date(end.getTime() + MINUTE)) },
      });
      const page = rows.slice(0, limit);
      const emails = await emailsOf(
        projectId,
        page.flatMap((r) => (r.contact_id ? [r.contact_id] : [])),
      );
      const hasMore = rows.length > limit;
      return { data: page.map((r) => view(r, emails)), cursor: hasMore ? encodeCursor(page[page.length - 1].id) : '', has_more: hasMore };
    },

    async ActivityTypes() {
      return { types: [...ACTIVITY_TYPES] };
    },

    async ActivityStats(req, meta) {
      const projectId = projectOf(meta);
      const range = rangeOf(req.start_date, req.end_date);
      const days = utcDays(range);
      const [emails, events, started] = await Promise.all([
        store.emailTotals(projectId, range.start, range.end),
        store.eventTotal(projectId, days.from, days.to),
        store.workflowsStarted(projectId, range.start, range.end),
      ]);
      return {
        total_events: String(events),
        total_emails_sent: String(emails.sent),
        total_emails_opened: String(emails.opened),
        total_emails_clicked: String(emails.clicked),
        total_workflows_started: String(started),
        open_rate: rate(emails.opened, emails.sent),
        click_rate: rate(emails.clicked, emails.sent),
        total_human_opened: String(emails.human_opened),
        total_human_clicked: String(emails.human_clicked),
        human_open_rate: rate(emails.human_opened, emails.sent),
        human_click_rate: rate(emails.human_clicked, emails.sent),
      };
    },

    async RecentCount(req, meta) {
      const minutes = clamp(req.minutes, 60, 1440);
      return { count: String(await store.countSince(projectOf(meta), uuidFloor(new Date(Date.now() - minutes * MINUTE)))), minutes };
    },

    async Upcoming(req, meta) {
      const projectId = projectOf(meta);
      const limit = clamp(req.limit, 50, 100);
      // Scheduled campaigns and executions waiting on a timer (DELAY, or a WAIT_FOR_EVENT timeout), soonest first.
      const [campaigns, { executions }] = await Promise.all([store.scheduled(projectId, limit), workflows().UpcomingExecutions({ limit }, { projectId })]);
      const emails = await emailsOf(
        projectId,
        executions.map((e) => e.contact_id),
      );
      const activities = [
        ...campaigns.map((c) => ({
          id: `campaign_${c.id}_scheduled`,
          type: 'campaign.scheduled',
          timestamp: c.scheduled_at!.toISOString(),
          contact_id: '',
          contact_email: '',
          metadata_json: JSON.stringify({
            campaignId: c.id,
            campaignName: c.name,
            subject: c.subject,
            totalRecipients: c.total_recipients,
            audienceType: c.audience_type,
          }),
        })),
        ...executions.map((e) => ({
          id: `workflow_${e.execution_id}_waiting`,
          type: 'workflow.waiting',
          timestamp: e.due_at,
          contact_id: e.contact_id,
          contact_email: emails.get(e.contact_id) ?? '',
          metadata_json: JSON.stringify({
            workflowId: e.workflow_id,
            workflowName: e.workflow_name,
            executionId: e.execution_id,
            stepId: e.step_id,
            stepType: e.step_type,
          }),
        })),
      ];
      return { activities: activities.sort((a, b) => a.timestamp.localeCompare(b.timestamp)).slice(0, limit) };
    },

    async Timeseries(req, meta) {
      const tz = parseTimeZone(req.timezone);
      const { from, to } = daysIn(tz, req.start_date, req.end_date);
      const rows = await inZone(tz, () => store.daily(projectOf(meta), tz, from, to));
      return {
        days: rows.map((r) => ({
          date: r.date.toISOString(),
          emails: String(r.sent),
          delivered: String(r.delivered),
          opens: String(r.opened),
          clicks: String(r.clicked),
          bounces: String(r.bounced),
          human_opens: String(r.human_opened),
          human_clicks: String(r.human_clicked),
        })),
      };
    },

    async TopCampaigns(req, meta) {
      const range = rangeOf(req.start_date, req.end_date);
      const rows = await store.topCampaigns(projectOf(meta), range.start, range.end, clamp(req.limit, 5, 100));
      return {
        campaigns: rows.map((c) => ({
          id: c.id,
          name: c.name,
          subject: c.subject,
          sent_count: String(c.sent),
          opened_count: String(c.opened),
          clicked_count: String(c.clicked),
          open_rate: rate(Number(c.opened), Number(c.sent)),
          click_rate: rate(Number(c.clicked), Number(c.sent)),
          human_opened_count: String(c.human_opened),
          human_clicked_count: String(c.human_clicked),
          human_open_rate: rate(Number(c.human_opened), Number(c.sent)),
          human_click_rate: rate(Number(c.human_clicked), Number(c.sent)),
        })),
      };
    },

    async CampaignStats(req, meta) {
      const range = rangeOf(req.start_date, req.end_date);
      const t = await store.campaignTotals(projectOf(meta), range.start, range.end);
      const oneDecimal = (v: number) => Math.round(v * 10) / 10;
      return {
        total: String(t.total),
        active: String(t.active),
        completed: String(t.completed),
        average_open_rate: oneDecimal(rate(t.opened, t.sent)),
        average_click_rate: oneDecimal(rate(t.clicked, t.sent)),
      };
    },

    async TopEvents(req, meta) {
      const days = utcDays(rangeOf(req.start_date, req.end_date));
      const rows = await store.topNames(projectOf(meta), days.from, days.to, addDays(days.from, -days.days), clamp(req.limit, 5, 100));
      return { events: rows.map((r) => ({ name: r.name, count: String(r.count), trend: trend(Number(r.count), Number(r.previous)) })) };
    },
  };
}

/** Each contact's email, through one BatchGetContacts call. */
export function contactEmails(contacts: () => Api<'contacts'>) {
  return async (projectId: string, contactIds: string[]): Promise<Map<string, string>> => {
    const ids = [...new Set(contactIds)];
    const emails = new Map<string, string>();
    if (ids.length) {
      const { contacts: found } = await contacts().BatchGetContacts({ ids }, { projectId });
      for (const c of found) emails.set(c.id, c.email);
    }
    return emails;
  };
}
