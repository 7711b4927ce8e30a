/**
 * Component test: a sending domain's deliverability changes in the activity feed, against real
 * PostgreSQL — messaging's deliverability.changed.v1 (throttled or resumed per mailbox provider)
 * and domain.guardrail_paused / _warning / _resumed.v1 shown as `deliverability.*`, no contact's,
 * with the event's data as metadata, beside events and workflow runs, paged, filtered by type and
 * date, left out of a contact's feed, once per event however often it is delivered, and wiped with
 * the project. The events travel through the bus as in all-in-one: an outbox, its relay and the
 * in-memory transport, into the events consumer behind its inbox (and the runtime's wipe handler).
 * Its own database, dropped.
 */
import { busMigrations, deliver, MemoryTransport, Outbox, Relay, type NewEvent, type Subscription } from '../../../../libs/bus/src';
import type { Api, DomainEvent, DomainEventData } from '../../../../libs/contracts/src';
import { Db, migrate } from '../../../../libs/db/src';
import { newId } from '../../../../libs/kit/src';
import { migrationsOf } from '../../../../libs/runtime/src';
import { wipeHandler } from '../../../../libs/runtime/src/wipe';
import { eventually, scratchDatabase, ScratchDatabase } from '../../../../libs/testing/src';
import { ActivityRepo } from '../../src/adapters/activity-repo';
import { EventsRepo } from '../../src/adapters/repo';
import { eventsHandlers, recordEvents } from '../../src/app/handlers';
import { SCHEMA } from '../../src/migrations';
import { eventsConsumer } from '../../src/ports/consumers';
import { events as service } from '../../src/service';

/** The schema whose outbox stands for messaging's (and the gateway's, for the wipe). */
const SOURCE = 'deliverability_source';
const outbox = new Outbox(SOURCE);

let scratch: ScratchDatabase;
let db: Db;
let repo: EventsRepo;
let transport: MemoryTransport;
let relay: Relay;
let sub: Subscription;
let h: Api<'events'>;

const as = (projectId: string) => ({ requestId: 'test', projectId });
const emails = new Map<string, string>();
const contacts = {
  async BatchGetContacts(req: { ids: string[] }) {
    // No contact of a deliverability change is ever asked for.
    if (req.ids.some((id) => !id)) throw new Error(`BatchGetContacts asked for an empty id: ${JSON.stringify(req.ids)}`);
    return { contacts: req.ids.filter((id) => emails.has(id)).map((id) => ({ id, email: emails.get(id)! })) };
  },
} as unknown as Api<'contacts'>;

beforeAll(async () => {
  scratch = await scratchDatabase();
  db = scratch.db;
  await migrate(db, SCHEMA, migrationsOf(service));
  await migrate(db, SOURCE, busMigrations(SOURCE));
  repo = new EventsRepo(db);
  const activity = new ActivityRepo(db);
  const consumer = eventsConsumer(repo, activity);
  // As the runtime subscribes a service: its consumer and its part of a project's wipe, behind its inbox.
  sub = {
    service: 'events',
    db,
    schema: SCHEMA,
    ...consumer,
    handlers: { ...consumer.handlers, 'gateway.project.wipe_requested.v1': wipeHandler('events', db, SCHEMA) },
  };
  transport = new MemoryTransport();
  await transport.subscribe(sub);
  relay = new Relay(db, SOURCE, transport);
  relay.start();
  h = eventsHandlers(
    repo,
    () => contacts,
    activity,
    () => ({ UpcomingExecutions: async () => ({ executions: [] }) }) as never,
  ) as unknown as Api<'events'>;
});
afterAll(async () => {
  await relay?.stop();
  await transport?.stop();
  await scratch?.drop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Publishes one event from the source outbox (each its own millisecond: the feed orders by id). */
async function publish(e: NewEvent): Promise<DomainEvent> {
  await sleep(3);
  const [envelope] = await db.tx((tx) => outbox.enqueue(tx, [e]));
  return envelope;
}

/** Until the relay has handed everything over and the consumer has handled it. */
const drained = () => eventually(async () => (await db.query(`SELECT 1 FROM ${SOURCE}.outbox LIMIT 1`)).length === 0 || undefined, 10_000, 20);

type Changed = DomainEventData<'messaging.deliverability.changed.v1'>;
const REPLY = '421 4.7.28 Gmail has detected an unusual rate of unsolicited mail originating from your IP address.';
const throttled = (projectId: string, over: Partial<Changed> = {}): NewEvent => ({
  type: 'messaging.deliverability.changed.v1',
  projectId,
  data: { domain: 'example.com', provider: 'google', action: 'throttled', reason: 'gmail_rate_limited', reply: REPLY, ratePerMinute: 30, until: null, ...over },
});
const resumed = (projectId: string): NewEvent =>
  throttled(projectId, { action: 'resumed', reason: 'recovered', reply: null, ratePerMinute: null, until: null });
const PAUSE_REASON = 'complaint rate 0.35 % (7 of 2000) on google mail of the last 24h reached the pause line of 0.3 %';
const paused = (projectId: string): NewEvent => ({
  type: 'messaging.domain.guardrail_paused.v1',
  projectId,
  data: { domain: 'example.com', reason: PAUSE_REASON, complaintRate: 0.0035 },
});
const warned = (projectId: string): NewEvent => ({
  type: 'messaging.domain.guardrail_warning.v1',
  projectId,
  data: {
    domain: 'example.com',
    reason: 'complaint rate 0.15 % (3 of 2000) on all mail of the last 24h passed the warning line of 0.1 %',
    complaintRate: 0.0015,
  },
});
const liftedPause = (projectId: string, held = 12): NewEvent => ({
  type: 'messaging.domain.guardrail_resumed.v1',
  projectId,
  data: { domain: 'example.com', held },
});

type Query = Partial<Parameters<Api<'events'>['ListActivity']>[0]>;
const feed = (p: string, q: Query = {}) => h.ListActivity({ cursor: '', limit: 100, types: [], contact_id: '', start_date: '', end_date: '', ...q }, as(p));
const typesOf = async (p: string, q: Query = {}) => (await feed(p, q)).data.map((a) => a.type);

/** A project with a tracked event and a workflow run of ann's, then one change of each type. */
async function seed() {
  const p = newId();
  const ann = newId();
  emails.set(ann, `ann-${p.slice(-6)}@feed.test`);
  await recordEvents(repo, [{ projectId: p, contactId: ann, name: 'signup', data: {} }]);
  await publish({
    type: 'workflows.execution.started.v1',
    projectId: p,
    data: { executionId: newId(), workflowId: newId(), workflowName: 'Onboarding', contactId: ann },
  });
  const changes = {
    throttled: await publish(throttled(p)),
    warning: await publish(warned(p)),
    paused: await publish(paused(p)),
    resumed: await publish(resumed(p)),
    lifted: await publish(liftedPause(p)),
  };
  await drained();
  return { p, ann, changes };
}

it('shows each change as its type, no contact’s, with the event’s data, beside events and runs, newest first', async () => {
  const { p, changes } = await seed();
  const all = await feed(p);
  expect(all.data.map((a) => [a.type, a.contact_id, a.contact_email])).toEqual([
    ['deliverability.guardrail_resumed', '', ''],
    ['deliverability.resumed', '', ''],
    ['deliverability.guardrail_paused', '', ''],
    ['deliverability.guardrail_warning', '', ''],
    ['deliverability.throttled', '', ''],
    ['workflow.started', expect.any(String), expect.stringMatching(/^ann-/)],
    ['event.triggered', expect.any(String), expect.stringMatching(/^ann-/)],
  ]);
  const byType = new Map(all.data.map((a) => [a.type, a]));
  const shown = [
    ['deliverability.throttled', changes.throttled],
    ['deliverability.guardrail_warning', changes.warning],
    ['deliverability.guardrail_paused', changes.paused],
    ['deliverability.resumed', changes.resumed],
    ['deliverability.guardrail_resumed', changes.lifted],
  ] as const;
  for (const [type, e] of shown) {
    const a = byType.get(type)!;
    expect(a.timestamp).toBe(e.occurredAt);
    expect(JSON.parse(a.metadata_json)).toEqual(e.data);
  }
  expect(JSON.parse(byType.get('deliverability.throttled')!.metadata_json)).toMatchObject({ provider: 'google', reply: REPLY, ratePerMinute: 30 });
  expect(JSON.parse(byType.get('deliverability.guardrail_paused')!.metadata_json)).toEqual({
    domain: 'example.com',
    reason: PAUSE_REASON,
    complaintRate: 0.0035,
  });

  // One cursor walks the three sources: page by page, newest first, nothing twice.
  const seen: string[] = [];
  let cursor = '';
  do {
    const page = await feed(p, { cursor, limit: 2 });
    seen.push(...page.data.map((a) => a.id));
    cursor = page.cursor;
  } while (cursor);
  expect(seen).toEqual(all.data.map((a) => a.id));

  expect((await h.ActivityTypes({}, as(p))).types).toEqual(
    expect.arrayContaining([
      'deliverability.throttled',
      'deliverability.resumed',
      'deliverability.guardrail_paused',
      'deliverability.guardrail_warning',
      'deliverability.guardrail_resumed',
    ]),
  );
  // Another project's feed has none of them.
  expect((await feed(newId())).data).toEqual([]);
});

it('filters them by type and date; a contact’s feed leaves them out', async () => {
  const { p, ann, changes } = await seed();
  expect(await typesOf(p, { types: ['deliverability.guardrail_paused'] })).toEqual(['deliverability.guardrail_paused']);
  expect(await typesOf(p, { types: ['deliverability.throttled', 'deliverability.resumed'] })).toEqual(['deliverability.resumed', 'deliverability.throttled']);
  expect(await typesOf(p, { types: ['event.triggered', 'deliverability.guardrail_warning', 'workflow.started'] })).toEqual([
    'deliverability.guardrail_warning',
    'workflow.started',
    'event.triggered',
  ]);
  expect(await typesOf(p, { types: ['email.sent'] })).toEqual([]);

  expect(await typesOf(p, { contact_id: ann })).toEqual(['workflow.started', 'event.triggered']);
  expect(await typesOf(p, { contact_id: ann, types: ['deliverability.guardrail_paused', 'deliverability.throttled'] })).toEqual([]);
  expect(await typesOf(p, { contact_id: ann, types: ['deliverability.guardrail_paused', 'event.triggered'] })).toEqual(['event.triggered']);

  // Dates bound them by when they happened.
  expect(
    await typesOf(p, {
      start_date: changes.paused.occurredAt,
      types: ['deliverability.throttled', 'deliverability.guardrail_paused', 'deliverability.resumed'],
    }),
  ).toEqual(['deliverability.resumed', 'deliverability.guardrail_paused']);
  expect(
    await typesOf(p, {
      end_date: changes.warning.occurredAt,
      types: ['deliverability.throttled', 'deliverability.guardrail_warning', 'deliverability.resumed'],
    }),
  ).toEqual(['deliverability.guardrail_warning', 'deliverability.throttled']);
  expect(await typesOf(p, { end_date: '2000-01-01' })).toEqual([]);
});

it('shows an event once however often it is delivered', async () => {
  const p = newId();
  const first = await publish(paused(p));
  const second = await publish(throttled(p, { provider: 'microsoft', reply: '451 4.7.500 Server busy', ratePerMinute: 0, until: '2025-06-01T10:00:00.000Z' }));
  await drained();
  // Delivered again through the bus: the inbox knows them.
  expect(await deliver(sub, [first, second])).toEqual([undefined, undefined]);
  // And past the inbox (as after it forgot them, INBOX_RETENTION_DAYS), twice in one batch and in another.
  const batches = sub.batchHandlers!;
  await db.tx((tx) => batches['messaging.domain.guardrail_paused.v1']!([first, first], tx));
  await db.tx((tx) => batches['messaging.domain.guardrail_paused.v1']!([first], tx));
  await db.tx((tx) => batches['messaging.deliverability.changed.v1']!([second], tx));
  await db.tx((tx) => sub.handlers['messaging.deliverability.changed.v1']!(second, tx));

  const shown = (await feed(p)).data;
  expect(shown.map((a) => [a.type, a.timestamp])).toEqual([
    ['deliverability.throttled', second.occurredAt],
    ['deliverability.guardrail_paused', first.occurredAt],
  ]);
  expect(JSON.parse(shown[0].metadata_json)).toMatchObject({ provider: 'microsoft', ratePerMinute: 0, until: '2025-06-01T10:00:00.000Z' });
  const rows = await db.query(`SELECT count(*)::int AS n FROM ${SCHEMA}.deliverability_activity WHERE project_id = $1`, [p]);
  expect(rows).toEqual([{ n: 2 }]);
});

it("a project's reset and delete wipe them; another project's stay; a contact's deletion leaves them", async () => {
  const a = await seed();
  const b = await seed();
  const count = async (p: string) =>
    (await db.query(`SELECT count(*)::int AS n FROM ${SCHEMA}.deliverability_activity WHERE project_id = $1`, [p]))[0].n as number;
  expect([await count(a.p), await count(b.p)]).toEqual([5, 5]);

  await publish({ type: 'contacts.contact.deleted.v1', projectId: a.p, data: { contactId: a.ann, email: emails.get(a.ann)! } });
  await drained();
  expect(await typesOf(a.p)).toEqual([
    'deliverability.guardrail_resumed',
    'deliverability.resumed',
    'deliverability.guardrail_paused',
    'deliverability.guardrail_warning',
    'deliverability.throttled',
  ]);

  await publish({ type: 'gateway.project.wipe_requested.v1', projectId: a.p, data: { operationId: newId(), kind: 'reset', round: 1 } });
  await drained();
  expect(await count(a.p)).toBe(0);
  expect(await typesOf(a.p)).toEqual([]);
  expect(await count(b.p)).toBe(5);

  await publish(paused(a.p));
  await publish({ type: 'gateway.project.wipe_requested.v1', projectId: a.p, data: { operationId: newId(), kind: 'delete', round: 1 } });
  await drained();
  expect(await count(a.p)).toBe(0);
  expect(await count(b.p)).toBe(5);
});
