/**
 * Component test: what the events service shows of workflows, against real PostgreSQL — runs
 * started (workflows.execution.started.v1) in the activity feed as `workflow.started` beside the
 * events, paged and filtered with them, counted by /activity/stats, gone with their contact, and
 * never recorded as tracked events (those trigger workflows); event usage naming the workflows
 * contacts knows of. Events go through the consumer's own batch handlers, in transactions, as the
 * bus runs them; contacts (emails, event usage) is a stand-in answering as the real one does.
 * Its own database, dropped.
 */
import { Db, migrate } from '../../../../libs/db/src';
import type { Api, DomainEvent, DomainEventData, DomainEventType } from '../../../../libs/contracts/src';
import { newId } from '../../../../libs/kit/src';
import { scratchDatabase, ScratchDatabase } from '../../../../libs/testing/src';
import { migrationsOf } from '../../../../libs/runtime/src';
import { ActivityRepo } from '../../src/adapters/activity-repo';
import { EventsRepo } from '../../src/adapters/repo';
import { eventsHandlers, recordEvents } from '../../src/app/handlers';
import { SCHEMA } from '../../src/migrations';
import { eventsConsumer } from '../../src/ports/consumers';
import { events as service } from '../../src/service';

let scratch: ScratchDatabase;
let db: Db;
let repo: EventsRepo;
let consumer: ReturnType<typeof eventsConsumer>;
let h: Api<'events'>;

const as = (projectId: string) => ({ requestId: 'test', projectId });

/** Contacts as the events service calls it: each contact's email, and what references an event name. */
const emails = new Map<string, string>();
const usage = new Map<string, { segments: Array<{ id: string; name: string }>; workflows: Array<{ id: string; name: string }> }>();
const contacts = {
  async BatchGetContacts(req: { ids: string[] }) {
    return { contacts: req.ids.filter((id) => emails.has(id)).map((id) => ({ id, email: emails.get(id)! })) };
  },
  async EventUsage(req: { name: string }) {
    return usage.get(req.name) ?? { segments: [], workflows: [] };
  },
} as unknown as Api<'contacts'>;

beforeAll(async () => {
  scratch = await scratchDatabase();
  db = scratch.db;
  await migrate(db, SCHEMA, migrationsOf(service));
  repo = new EventsRepo(db);
  const activity = new ActivityRepo(db);
  consumer = eventsConsumer(repo, activity);
  h = eventsHandlers(
    repo,
    () => contacts,
    activity,
    () => ({ UpcomingExecutions: async () => ({ executions: [] }) }) as never,
  ) as unknown as Api<'events'>;
});
afterAll(async () => {
  await scratch?.drop();
});

function event<T extends DomainEventType>(type: T, projectId: string, data: DomainEventData<T>, occurredAt = new Date().toISOString()): DomainEvent<T> {
  return { id: newId(), type, projectId, occurredAt, data } as DomainEvent<T>;
}

/** Runs a batch through the consumer's batch handler (or its one-event handler), in one transaction, as the bus does. */
async function consume(events: DomainEvent[]) {
  await db.tx(async (tx) => {
    const batch = consumer.batchHandlers?.[events[0].type];
    if (batch) await batch(events, tx);
    else for (const e of events) await consumer.handlers[e.type]!(e, tx);
  });
}

const started = (projectId: string, contactId: string, o: { executionId?: string; workflowId?: string; name?: string; at?: string } = {}) =>
  event(
    'workflows.execution.started.v1',
    projectId,
    { executionId: o.executionId ?? newId(), workflowId: o.workflowId ?? newId(), workflowName: o.name ?? 'Onboarding', contactId },
    o.at,
  );

const feed = (p: string, q: Partial<Parameters<Api<'events'>['ListActivity']>[0]> = {}) =>
  h.ListActivity({ cursor: '', limit: 100, types: [], contact_id: '', start_date: '', end_date: '', ...q }, as(p));
const stats = (p: string, start_date = '', end_date = '') => h.ActivityStats({ start_date, end_date }, as(p));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('shows a run as workflow.started with its contact, beside the events, paged and filtered with them', async () => {
  const p = newId();
  const [ann, dan] = [newId(), newId()];
  emails.set(ann, 'ann@wf.test');
  emails.set(dan, 'dan@wf.test');
  const workflowId = newId();
  const [exAnn, exDan] = [newId(), newId()];
  await recordEvents(repo, [{ projectId: p, contactId: ann, name: 'signup', data: { plan: 'pro' } }]);
  await sleep(5);
  const first = started(p, ann, { executionId: exAnn, workflowId });
  await consume([first]);
  await sleep(5);
  // The bus may deliver an event again, in another batch or the same one: one run each.
  await consume([started(p, dan, { executionId: exDan, workflowId }), first]);
  await consume([first]);

  const all = await feed(p);
  expect(all.data.map((a) => [a.type, a.contact_email])).toEqual([
    ['workflow.started', 'dan@wf.test'],
    ['workflow.started', 'ann@wf.test'],
    ['event.triggered', 'ann@wf.test'],
  ]);
  const { metadata_json, ...run } = all.data[1];
  expect(run).toEqual({ id: expect.any(String), type: 'workflow.started', timestamp: first.occurredAt, contact_id: ann, contact_email: 'ann@wf.test' });
  expect(JSON.parse(metadata_json)).toEqual({ workflowId, workflowName: 'Onboarding', executionId: exAnn });

  // One cursor walks both: page by page, newest first, nothing twice.
  const seen: string[] = [];
  let cursor = '';
  do {
    const page = await feed(p, { cursor, limit: 1 });
    seen.push(...page.data.map((a) => a.id));
    cursor = page.cursor;
  } while (cursor);
  expect(seen).toEqual(all.data.map((a) => a.id));

  const types = async (q: Partial<Parameters<Api<'events'>['ListActivity']>[0]>) => (await feed(p, q)).data.map((a) => `${a.type} ${a.contact_email}`);
  expect(await types({ types: ['workflow.started'] })).toEqual(['workflow.started dan@wf.test', 'workflow.started ann@wf.test']);
  expect(await types({ types: ['event.triggered'] })).toEqual(['event.triggered ann@wf.test']);
  expect(await types({ types: ['email.sent'] })).toEqual([]);
  expect(await types({ types: ['event.triggered', 'workflow.started'], contact_id: ann })).toEqual([
    'workflow.started ann@wf.test',
    'event.triggered ann@wf.test',
  ]);
  expect(await types({ contact_id: dan })).toEqual(['workflow.started dan@wf.test']);
  expect(await types({ end_date: '2000-01-01' })).toEqual([]);
  expect(await types({ start_date: first.occurredAt, types: ['workflow.started'] })).toEqual(['workflow.started dan@wf.test', 'workflow.started ann@wf.test']);
  expect((await h.ActivityTypes({}, as(p))).types).toContain('workflow.started');
  expect((await feed(newId())).data).toEqual([]);
});

it('counts runs in totalWorkflowsStarted by when they started, never as events', async () => {
  const p = newId();
  const ann = newId();
  emails.set(ann, 'ann@count.test');
  await recordEvents(repo, [{ projectId: p, contactId: ann, name: 'signup', data: {} }]);
  const past = started(p, ann, { at: '2025-05-10T09:00:00.000Z', name: 'Old flow' });
  await consume([started(p, ann), started(p, ann), past, past]);

  expect(await stats(p)).toMatchObject({ total_workflows_started: '2', total_events: '1' }); // the last 30 days
  expect((await stats(p, '2025-05-10', '2025-05-10')).total_workflows_started).toBe('1');
  expect((await stats(p, '2025-05-11', '2025-05-12')).total_workflows_started).toBe('0');
  expect((await stats(newId())).total_workflows_started).toBe('0');
  // The feed shows a run at its start, in that day's range.
  const day = await feed(p, { start_date: '2025-05-10', end_date: '2025-05-10' });
  expect(day.data.map((a) => [a.type, a.timestamp, JSON.parse(a.metadata_json).workflowName])).toEqual([['workflow.started', past.occurredAt, 'Old flow']]);

  // Not a tracked event: not in /events, their names, the contact's events, and not published as
  // events.event.recorded.v1 (which workflows are triggered by).
  expect((await h.ListEvents({ event_name: '', limit: 100 }, as(p))).events.map((e) => e.name)).toEqual(['signup']);
  expect((await h.Names({}, as(p))).event_names).toEqual(['signup']);
  expect((await h.ContactEvents({ contact_id: ann, limit: 100 }, as(p))).events.map((e) => e.name)).toEqual(['signup']);
  expect((await h.Stats({}, as(p))).stats).toEqual([{ name: 'signup', count: '1' }]);
  const published = await db.query(`SELECT type, data->>'name' AS name FROM events.outbox WHERE project_id = $1`, [p]);
  expect(published).toEqual([{ type: 'events.event.recorded.v1', name: 'signup' }]);
});

it("a deleted contact's runs leave the feed; the count of runs started stays", async () => {
  const p = newId();
  const [ann, bob] = [newId(), newId()];
  await consume([started(p, ann), started(p, bob)]);
  await consume([event('contacts.contact.deleted.v1', p, { contactId: ann, email: 'ann@gone.test' })]);
  expect((await feed(p)).data.map((a) => a.contact_id)).toEqual([bob]);
  expect((await stats(p)).total_workflows_started).toBe('2');
});

it('event usage names the workflows contacts knows reference the event; they do not keep it from being deleted', async () => {
  const p = newId();
  const w = { id: newId(), name: 'Onboarding' };
  const s = { id: newId(), name: 'Signed up' };
  usage.set('signup', { segments: [s], workflows: [w] });
  await recordEvents(repo, [{ projectId: p, contactId: newId(), name: 'signup', data: {} }]);
  expect(await h.Usage({ name: 'signup' }, as(p))).toEqual({
    used_in_segments: [s],
    used_in_workflows: [w],
    total_count: '1',
    unique_contacts: '1',
    can_delete: true,
  });
  expect(await h.Usage({ name: 'other' }, as(p))).toEqual({
    used_in_segments: [],
    used_in_workflows: [],
    total_count: '0',
    unique_contacts: '0',
    can_delete: true,
  });
  expect((await h.Usage({ name: 'email.sent' }, as(p))).can_delete).toBe(false);
});
