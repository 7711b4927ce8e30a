/**
 * Component test: the read models of activity and analytics against real PostgreSQL — the
 * migration's backfill, the counts the consumer keeps from batches of email status changes, the
 * campaigns projection (latest version, tombstones), and the reads over them (feed pages, time
 * zones, top events, campaign stats), each scoped by project. Its own database, dropped. The
 * events go through the consumer's own handlers, in transactions, as the bus runs them; contact
 * emails (a call to the contacts service) are the e2e suites' (e2e/activity.test.ts).
 */
import { Db, migrate } from '../../../../libs/db/src';
import type { Api, DomainEvent, DomainEventData, DomainEventType } from '../../../../libs/contracts/src';
import { AppError, newId } from '../../../../libs/kit/src';
import { scratchDatabase, ScratchDatabase, expectAppError } from '../../../../libs/testing/src';
import { migrationsOf } from '../../../../libs/runtime/src';
import { ActivityRepo } from '../../src/adapters/activity-repo';
import { EventsRepo } from '../../src/adapters/repo';
import { activityHandlers } from '../../src/app/activity';
import { recordEvents } from '../../src/app/handlers';
import { SCHEMA } from '../../src/migrations';
import { eventsConsumer } from '../../src/ports/consumers';
import { events as service } from '../../src/service';

let scratch: ScratchDatabase;
let db: Db;
let consumer: ReturnType<typeof eventsConsumer>;
let h: Api<'events'>;

const as = (projectId: string) => ({ requestId: 'test', projectId });

beforeAll(async () => {
  scratch = await scratchDatabase();
  db = scratch.db;
  // Events recorded before 002_activity, for its backfill (020_human_counts alters its tables: after it).
  const all = migrationsOf(service);
  await migrate(
    db,
    SCHEMA,
    all.filter((m) => m.id !== '002_activity' && m.id !== '020_human_counts'),
  );
  await db.query(
    `INSERT INTO events.events (project_id, id, contact_id, name, data, created_at) VALUES
       ($1, $2, $3, 'email.sent', '{"campaignId": "${OLD_CAMPAIGN}"}', '2025-03-01T10:07:00Z'),
       ($1, $4, $3, 'email.opened', '{"campaignId": "${OLD_CAMPAIGN}"}', '2025-03-01T10:20:00Z'),
       ($1, $5, $3, 'email.bounced', '{"reason": "transient"}', '2025-03-01T10:21:00Z'),
       ($1, $6, $3, 'signed-up', '{}', '2025-03-01T23:59:00Z')`,
    [OLD, newId(), newId(), newId(), newId(), newId()],
  );
  await migrate(db, SCHEMA, all);
  const repo = new EventsRepo(db);
  const activity = new ActivityRepo(db);
  consumer = eventsConsumer(repo, activity);
  // No workflows here: e2e/workflows.test.ts shows waiting executions among the upcoming.
  h = activityHandlers(
    activity,
    async () => new Map(),
    () => ({ UpcomingExecutions: async () => ({ executions: [] }) }) as never,
  ) as unknown as Api<'events'>;
});
afterAll(async () => {
  await scratch?.drop();
});

const OLD = newId();
const OLD_CAMPAIGN = newId();

function event<T extends DomainEventType>(type: T, projectId: string, data: DomainEventData<T>, occurredAt = new Date().toISOString()): DomainEvent<T> {
  return { id: newId(), type, projectId, occurredAt, data } as DomainEvent<T>;
}

/** Runs a batch through the consumer's batch handler, in one transaction, as the bus does. */
async function consume(events: DomainEvent[]) {
  await db.tx(async (tx) => {
    await consumer.batchHandlers![events[0].type]!(events, tx);
  });
}

const status = (
  projectId: string,
  s: DomainEventData<'messaging.email.status_changed.v1'>['status'],
  at: string,
  extra: Partial<DomainEventData<'messaging.email.status_changed.v1'>> = {},
) =>
  event(
    'messaging.email.status_changed.v1',
    projectId,
    {
      emailId: newId(),
      contactId: extra.contactId ?? newId(),
      status: s,
      messageId: null,
      subject: 'Hi',
      from: 'a@b.test',
      templateId: null,
      campaignId: null,
      sourceType: 'transactional',
      ...extra,
    },
    at,
  );

const campaign = (projectId: string, id: string, version: number, over: Partial<DomainEventData<'campaigns.campaign.changed.v1'>> = {}) =>
  event('campaigns.campaign.changed.v1', projectId, {
    campaignId: id,
    name: `Campaign v${version}`,
    subject: `Subject v${version}`,
    status: 'DRAFT',
    audienceType: 'ALL',
    segmentId: null,
    audienceFilter: null,
    templateId: null,
    scheduledAt: null,
    sentAt: null,
    totalRecipients: 0,
    version,
    ...over,
  });

it('backfills the counts from the events recorded before it, leaving transient bounces out', async () => {
  const series = await h.Timeseries({ start_date: '2025-03-01', end_date: '2025-03-02', timezone: '' }, as(OLD));
  expect(series.days).toEqual([
    { date: '2025-03-01T00:00:00.000Z', emails: '1', delivered: '0', opens: '1', clicks: '0', bounces: '0', human_opens: '0', human_clicks: '0' },
    { date: '2025-03-02T00:00:00.000Z', emails: '0', delivered: '0', opens: '0', clicks: '0', bounces: '0', human_opens: '0', human_clicks: '0' },
  ]);
  const [counts] = await db.query(`SELECT sent, opened FROM events.campaign_counts WHERE project_id = $1 AND campaign_id = $2`, [OLD, OLD_CAMPAIGN]);
  expect(counts).toEqual({ sent: '1', opened: '1' });
  const top = await h.TopEvents({ limit: 10, start_date: '2025-03-01', end_date: '2025-03-01' }, as(OLD));
  expect(top.events.map((e) => [e.name, e.count])).toEqual([
    ['email.bounced', '1'],
    ['email.opened', '1'],
    ['email.sent', '1'],
    ['signed-up', '1'],
  ]);
});

it('counts a batch of status changes per 15 minutes and per campaign, once per email and status', async () => {
  const p = newId();
  const c = newId();
  const day = '2025-05-10';
  await consume([
    status(p, 'sent', `${day}T09:00:00Z`, { campaignId: c }),
    status(p, 'sent', `${day}T09:14:59Z`, { campaignId: c }),
    status(p, 'sent', `${day}T09:15:00Z`),
    status(p, 'delivered', `${day}T09:16:00Z`, { campaignId: c }),
    status(p, 'opened', `${day}T10:00:00Z`, { campaignId: c }),
    status(p, 'clicked', `${day}T10:00:00Z`, { campaignId: c }),
    status(p, 'bounced', `${day}T11:00:00Z`, { reason: 'transient', bounceType: 'Transient' }),
    status(p, 'bounced', `${day}T11:00:00Z`),
    status(p, 'queued', `${day}T11:00:00Z`),
  ]);
  // A second batch adds to the same rows.
  await consume([status(p, 'sent', `${day}T09:01:00Z`, { campaignId: c })]);
  const buckets = await db.query(`SELECT bucket, sent, delivered, opened, clicked, bounced FROM events.email_counts WHERE project_id = $1 ORDER BY bucket`, [
    p,
  ]);
  expect(buckets.map((b) => [b.bucket.toISOString(), b.sent, b.delivered, b.opened, b.clicked, b.bounced])).toEqual([
    [`${day}T09:00:00.000Z`, '3', '0', '0', '0', '0'],
    [`${day}T09:15:00.000Z`, '1', '1', '0', '0', '0'],
    [`${day}T10:00:00.000Z`, '0', '0', '1', '1', '0'],
    [`${day}T11:00:00.000Z`, '0', '0', '0', '0', '1'],
  ]);
  const [k] = await db.query(`SELECT sent, delivered, opened, clicked FROM events.campaign_counts WHERE project_id = $1 AND campaign_id = $2`, [p, c]);
  expect(k).toEqual({ sent: '3', delivered: '1', opened: '1', clicked: '1' });

  // Every status change is in the feed too (the transient bounce as well), the queued one not.
  const feed = await h.ListActivity({ cursor: '', limit: 100, types: [], contact_id: '', start_date: '', end_date: '' }, as(p));
  expect(feed.data).toHaveLength(9);
});

it('a day in a time zone is the buckets from its local midnight to the next, whatever the offset', async () => {
  const p = newId();
  // Kolkata is UTC+5:30: its 2025-05-11 runs from 2025-05-10T18:30Z to 2025-05-11T18:30Z.
  await consume([
    status(p, 'sent', '2025-05-10T18:29:59Z'),
    status(p, 'sent', '2025-05-10T18:30:00Z'),
    status(p, 'sent', '2025-05-11T18:29:59Z'),
    status(p, 'sent', '2025-05-11T18:30:00Z'),
  ]);
  const series = await h.Timeseries({ start_date: '2025-05-10', end_date: '2025-05-12', timezone: 'Asia/Kolkata' }, as(p));
  expect(series.days.map((d) => [d.date, d.emails])).toEqual([
    ['2025-05-09T18:30:00.000Z', '1'],
    ['2025-05-10T18:30:00.000Z', '2'],
    ['2025-05-11T18:30:00.000Z', '1'],
  ]);
  // New York's 2025-03-09 has 23 hours (DST): still one entry per day, each at its local midnight.
  const ny = await h.Timeseries({ start_date: '2025-03-08', end_date: '2025-03-10', timezone: 'America/New_York' }, as(p));
  expect(ny.days.map((d) => d.date)).toEqual(['2025-03-08T05:00:00.000Z', '2025-03-09T05:00:00.000Z', '2025-03-10T04:00:00.000Z']);
  // Another project sees none of it.
  const other = await h.Timeseries({ start_date: '2025-05-10', end_date: '2025-05-12', timezone: 'Asia/Kolkata' }, as(newId()));
  expect(other.days.map((d) => d.emails)).toEqual(['0', '0', '0']);
});

it('keeps the latest version of a campaign; a deletion is final, with its counts', async () => {
  const p = newId();
  const id = newId();
  const later = new Date(Date.now() + 86_400_000).toISOString();
  await consume([
    campaign(p, id, 1),
    campaign(p, id, 3, { status: 'SCHEDULED', scheduledAt: later, totalRecipients: 7 }),
    campaign(p, id, 2, { name: 'stale' }),
  ]);
  await consume([campaign(p, id, 2, { name: 'stale again' })]);
  const [row] = await db.query(`SELECT name, status, version, total_recipients FROM events.campaigns WHERE project_id = $1 AND id = $2`, [p, id]);
  expect(row).toEqual({ name: 'Campaign v3', status: 'SCHEDULED', version: 3, total_recipients: 7 });
  const upcoming = await h.Upcoming({ limit: 0 }, as(p));
  expect(upcoming.activities).toEqual([
    {
      id: `campaign_${id}_scheduled`,
      type: 'campaign.scheduled',
      timestamp: later,
      contact_id: '',
      contact_email: '',
      metadata_json: JSON.stringify({ campaignId: id, campaignName: 'Campaign v3', subject: 'Subject v3', totalRecipients: 7, audienceType: 'ALL' }),
    },
  ]);
  expect((await h.Upcoming({ limit: 0 }, as(newId()))).activities).toEqual([]);

  await consume([status(p, 'sent', new Date().toISOString(), { campaignId: id })]);
  await consume([event('campaigns.campaign.deleted.v1', p, { campaignId: id })]);
  await consume([campaign(p, id, 4, { status: 'SENT', sentAt: new Date().toISOString() })]);
  expect((await h.Upcoming({ limit: 0 }, as(p))).activities).toEqual([]);
  expect(await db.query(`SELECT 1 FROM events.campaign_counts WHERE project_id = $1`, [p])).toEqual([]);
  expect((await h.CampaignStats({ start_date: '', end_date: '' }, as(p))).total).toBe('0');
  // A deletion seen before any change leaves a tombstone too.
  const early = newId();
  await consume([event('campaigns.campaign.deleted.v1', p, { campaignId: early })]);
  await consume([campaign(p, early, 1)]);
  expect((await h.CampaignStats({ start_date: '', end_date: '' }, as(p))).total).toBe('0');
});

it('ranks campaigns by opens and sums the sent ones', async () => {
  const p = newId();
  const [a, b, draft] = [newId(), newId(), newId()];
  const sentAt = new Date().toISOString();
  await consume([
    campaign(p, a, 1, { status: 'SENT', sentAt, subject: 'A' }),
    campaign(p, b, 1, { status: 'SENT', sentAt, subject: 'B' }),
    campaign(p, draft, 1, { status: 'DRAFT' }),
  ]);
  const now = new Date().toISOString();
  await consume([
    ...[1, 2, 3, 4].map(() => status(p, 'sent', now, { campaignId: a })),
    ...[1, 2].map(() => status(p, 'sent', now, { campaignId: b })),
    status(p, 'opened', now, { campaignId: a }),
    status(p, 'opened', now, { campaignId: b }), // a machine's
    status(p, 'opened', now, { campaignId: b, human: true }), // a person's
    status(p, 'clicked', now, { campaignId: b, human: true }),
    status(p, 'opened', now, { campaignId: a, human: true, raw: false }), // a person after a machine: human only
  ]);
  const top = await h.TopCampaigns({ limit: 0, start_date: '', end_date: '' }, as(p));
  expect(top.campaigns).toEqual([
    {
      id: b,
      name: 'Campaign v1',
      subject: 'B',
      sent_count: '2',
      opened_count: '2',
      clicked_count: '1',
      open_rate: 100,
      click_rate: 50,
      human_opened_count: '1',
      human_clicked_count: '1',
      human_open_rate: 50,
      human_click_rate: 50,
    },
    {
      id: a,
      name: 'Campaign v1',
      subject: 'A',
      sent_count: '4',
      opened_count: '1',
      clicked_count: '0',
      open_rate: 25,
      click_rate: 0,
      human_opened_count: '1',
      human_clicked_count: '0',
      human_open_rate: 25,
      human_click_rate: 0,
    },
  ]);
  expect(await h.CampaignStats({ start_date: '', end_date: '' }, as(p))).toEqual({
    total: '3',
    active: '1',
    completed: '2',
    average_open_rate: 50,
    average_click_rate: 16.7,
  });
  expect((await h.TopCampaigns({ limit: 0, start_date: '', end_date: '' }, as(newId()))).campaigns).toEqual([]);
});

it('pages the feed by cursor, filters by type, contact and dates, and refuses what is not a query', async () => {
  const p = newId();
  const contact = newId();
  const repo = new EventsRepo(db);
  for (let i = 0; i < 7; i++)
    await recordEvents(repo, [{ projectId: p, contactId: i % 2 ? contact : newId(), name: i % 3 ? 'visited' : 'segment.vip.entry', data: { i } }]);
  const page = (cursor: string, extra: Partial<Parameters<typeof h.ListActivity>[0]> = {}) =>
    h.ListActivity({ cursor, limit: 3, types: [], contact_id: '', start_date: '', end_date: '', ...extra }, as(p));
  const seen: unknown[] = [];
  let cursor = '';
  do {
    const r = await page(cursor);
    seen.push(...r.data.map((a) => JSON.parse(a.metadata_json).eventData?.i ?? JSON.parse(a.metadata_json).i));
    cursor = r.cursor;
    expect(r.has_more).toBe(cursor !== '');
  } while (cursor);
  expect(seen).toEqual([6, 5, 4, 3, 2, 1, 0]);
  expect((await page('', { types: ['segment.entry'], limit: 10 })).data.map((a) => [a.type, JSON.parse(a.metadata_json).eventName])).toEqual([
    ['segment.entry', 'segment.vip.entry'],
    ['segment.entry', 'segment.vip.entry'],
    ['segment.entry', 'segment.vip.entry'],
  ]);
  expect((await page('', { contact_id: contact, limit: 10 })).data).toHaveLength(3);
  expect((await page('', { end_date: '2000-01-01' })).data).toEqual([]);
  expect((await page('', { start_date: new Date(Date.now() - 60_000).toISOString(), limit: 10 })).data).toHaveLength(7);
  expect((await h.RecentCount({ minutes: 5 }, as(p))).count).toBe('7');
  expect((await h.ListActivity({ cursor: '', limit: 10, types: [], contact_id: '', start_date: '', end_date: '' }, as(newId()))).data).toEqual([]);

  const bad: Array<[Partial<Parameters<typeof h.ListActivity>[0]>, string]> = [
    [{ cursor: 'nope' }, 'cursor'],
    [{ types: ['email.sent', 'email.nope'] }, 'types'],
    [{ contact_id: 'x' }, 'contactId'],
    [{ start_date: '2025-02-30' }, 'startDate'],
    [{ end_date: 'yesterday' }, 'endDate'],
    [{ start_date: '2025-06-02', end_date: '2025-06-01' }, 'startDate'],
  ];
  for (const [q, field] of bad) {
    const err = await expectAppError(page('', q));
    expect({ q, status: err.status, field: err.errors?.[0]?.field, suggestion: !!err.suggestion }).toEqual({ q, status: 400, field, suggestion: true });
  }
  for (const timezone of ['Mars/Olympus', '+05:30', 'not a zone']) {
    const err: AppError = await expectAppError(h.Timeseries({ start_date: '', end_date: '', timezone }, as(p)));
    expect({ timezone, status: err.status, field: err.errors?.[0]?.field }).toEqual({ timezone, status: 400, field: 'timezone' });
  }
  const long = await expectAppError(h.Timeseries({ start_date: '2020-01-01', end_date: '2025-01-01', timezone: '' }, as(p)));
  expect(long.errors?.[0]?.field).toBe('startDate');
});

it('top events compare the range with the period just before it', async () => {
  const p = newId();
  await db.query(
    `INSERT INTO events.name_counts (project_id, day, name, count) VALUES
       ($1, '2025-04-08', 'signed-up', 10), ($1, '2025-04-01', 'signed-up', 5), ($1, '2025-04-07', 'signed-up', 3),
       ($1, '2025-04-09', 'upgraded', 4), ($1, '2025-04-02', 'upgraded', 8), ($1, '2025-04-10', 'new-one', 1)`,
    [p],
  );
  const top = await h.TopEvents({ limit: 2, start_date: '2025-04-08', end_date: '2025-04-14' }, as(p));
  expect(top.events).toEqual([
    { name: 'signed-up', count: '10', trend: 25 },
    { name: 'upgraded', count: '4', trend: -50 },
  ]);
  expect((await h.TopEvents({ limit: 5, start_date: '2025-04-10', end_date: '2025-04-10' }, as(p))).events).toEqual([
    { name: 'new-one', count: '1', trend: 100 },
  ]);
});
