/**
 * Poison events in both topologies, against real PostgreSQL and RabbitMQ: a consumer that fails on
 * an event sets it aside in its failed_events and goes on; its redeliverer retries it with backoff
 * and, after DELIVERY_LIMIT attempts, leaves it dead, to be listed and replayed.
 */
import crypto from 'node:crypto';
import amqp from 'amqplib';
import { Db, migrate } from '../../db/src';
import { metrics, newId, Ticker } from '../../kit/src';
import type { DomainEvent } from '../../contracts/src/events';
import {
  AmqpTransport,
  busMigration,
  busMigrations,
  deliver,
  DELIVERY_LIMIT,
  discardDeadLetters,
  EventHandler,
  handleOnce,
  listDeadLetters,
  MemoryTransport,
  NewEvent,
  Outbox,
  recordFailure,
  redeliveryTimer,
  redeliverDue,
  Relay,
  replayDeadLetters,
  Subscription,
  Transport,
} from '../src';
import { eventually, INFRA, scratchDatabase, ScratchDatabase } from '../../testing/src';

const SCHEMA = 'dlt';
const TYPE = 'contacts.contact.subscription_changed.v1';
/** Fast backoff and polling: a poison event is dead within about a second. */
const BACKOFF_MS = 50;
const POLL_MS = 20;

let scratch: ScratchDatabase;
let db: Db;
const cleanups: Array<() => Promise<unknown>> = [];
const nsUsed: Array<{ ns: string; services: string[] }> = [];

beforeAll(async () => {
  scratch = await scratchDatabase({ poolMax: 10 });
  db = scratch.db;
  await migrate(db, SCHEMA, [
    ...busMigrations(SCHEMA),
    { id: '001_applied', sql: `CREATE TABLE ${SCHEMA}.applied (seq bigserial PRIMARY KEY, consumer text NOT NULL, event_id uuid NOT NULL)` },
  ]);
});

beforeEach(async () => {
  await db.query(`TRUNCATE ${SCHEMA}.outbox, ${SCHEMA}.inbox, ${SCHEMA}.failed_events, ${SCHEMA}.applied`);
});

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

afterAll(async () => {
  const conn = await amqp.connect(INFRA.rabbitmq.url);
  try {
    for (const { ns, services } of nsUsed) {
      const ch = await conn.createChannel();
      for (const s of services) for (const q of [`${ns}${s}.events`, `${ns}${s}.events.dlq`]) await ch.deleteQueue(q).catch(() => undefined);
      await ch.deleteExchange(`${ns}herald.events`).catch(() => undefined);
      await ch.deleteExchange(`${ns}herald.events.dlx`).catch(() => undefined);
      await ch.close().catch(() => undefined);
    }
  } finally {
    await conn.close();
  }
  await scratch?.drop();
});

const changed = (projectId = newId()): NewEvent => ({ type: TYPE, projectId, data: { contactId: newId(), email: 'dl@example.com', subscribed: true } });

const envelope = (): DomainEvent => ({
  id: newId(),
  type: TYPE,
  occurredAt: new Date().toISOString(),
  projectId: newId(),
  data: { contactId: newId(), email: 'dl@example.com', subscribed: true },
});

const record: (consumer: string) => EventHandler = (consumer) => async (e, tx) => {
  await tx.query(`INSERT INTO ${SCHEMA}.applied (consumer, event_id) VALUES ($1, $2)`, [consumer, e.id]);
};

/** A consumer whose handler records what it applies, and fails while `fails(event, call)` says so; `calls` counts its calls per event. */
function consumer(service: string, fails: (e: DomainEvent, call: number) => boolean, opts: { db?: Db; backoffMs?: number } = {}) {
  const calls = new Map<string, number>();
  const sub: Subscription = {
    service,
    db: opts.db ?? db,
    schema: SCHEMA,
    retryBackoffMs: opts.backoffMs ?? BACKOFF_MS,
    handlers: {
      [TYPE]: async (e, tx) => {
        const call = (calls.get(e.id) ?? 0) + 1;
        calls.set(e.id, call);
        if (fails(e, call)) throw new Error(`cannot handle ${e.id} (call ${call})`);
        await record(service)(e, tx);
      },
    },
  };
  return { sub, calls: (id: string) => calls.get(id) ?? 0 };
}

const applied = async (service: string) =>
  (await db.query<{ event_id: string }>(`SELECT event_id FROM ${SCHEMA}.applied WHERE consumer = $1 ORDER BY seq`, [service])).map((r) => r.event_id);
const failedRows = (service: string) =>
  db.query<{ event_id: string; attempts: number; dead_at: Date | null; last_error: string }>(
    `SELECT event_id, attempts, dead_at, last_error FROM ${SCHEMA}.failed_events WHERE consumer = $1`,
    [service],
  );
const deadCount = async (service: string) => (await metrics.busDeadLetters.get()).values.find((v) => v.labels.consumer === service)?.value ?? 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A redeliverer for `subs` on `on` (this process's pool by default), stopped after the test. */
function redeliverer(subs: Subscription[], on = db) {
  const r = new Ticker(redeliveryTimer(on, SCHEMA, subs, POLL_MS));
  r.start();
  cleanups.push(() => r.stop());
  return r;
}

/**
 * The relay of SCHEMA publishing to `subs` through the transport of `kind` — all-in-one's memory
 * transport (subscribers on the relay's database: first attempts in the relay's transaction) or
 * RabbitMQ — and, unless `redeliver` is false, a redeliverer for them.
 */
async function topology(kind: 'memory' | 'amqp', subs: Subscription[], redeliver = true) {
  let t: Transport;
  if (kind === 'memory') {
    t = new MemoryTransport();
  } else {
    const ns = `t${crypto.randomBytes(4).toString('hex')}.`;
    nsUsed.push({ ns, services: subs.map((s) => s.service) });
    t = new AmqpTransport(INFRA.rabbitmq.url, ns);
  }
  for (const s of subs) await t.subscribe(s);
  await t.start();
  cleanups.push(() => t.stop());
  const relay = new Relay(db, SCHEMA, t);
  relay.start();
  cleanups.push(() => relay.stop());
  if (redeliver) redeliverer(subs);
  return t;
}

const publish = (events: NewEvent[]) => db.tx((tx) => new Outbox(SCHEMA).enqueue(tx, events));

describe.each(['memory', 'amqp'] as const)('poison events (%s transport)', (kind) => {
  it(`a consumer that always fails on an event: the others get it, it gets the later events, and the event is dead after exactly ${DELIVERY_LIMIT} attempts, counted`, async () => {
    const healthy = consumer(`${kind}-healthy`, () => false);
    let poisonId = '';
    // Subscribed first: before, its failure kept the relay from reaching the healthy consumer (all-in-one).
    const failing = consumer(`${kind}-failing`, (e) => e.id === poisonId);
    await topology(kind, [failing.sub, healthy.sub]);
    const deadBefore = await deadCount(failing.sub.service);

    const [poison] = await publish([changed()]);
    poisonId = poison.id;
    // Set aside (alone in its batch and message, so that each attempt is one handler call).
    await eventually(async () => (await failedRows(failing.sub.service)).length === 1, 20_000, 20);
    const later = await publish([changed(), changed(), changed()]);

    await eventually(async () => (await applied(failing.sub.service)).length === 3, 20_000, 20);
    expect(await applied(failing.sub.service)).toEqual(later.map((e) => e.id));
    await eventually(async () => (await applied(healthy.sub.service)).length === 4, 20_000, 20);
    expect(await applied(healthy.sub.service)).toEqual([poison.id, ...later.map((e) => e.id)]);

    const row = await eventually(
      async () => {
        const rows = await failedRows(failing.sub.service);
        return rows.length === 1 && rows[0].dead_at ? rows[0] : undefined;
      },
      20_000,
      20,
    );
    expect(row).toMatchObject({ event_id: poison.id, attempts: DELIVERY_LIMIT });
    expect(row!.last_error).toMatch(/cannot handle/);
    expect(failing.calls(poison.id)).toBe(DELIVERY_LIMIT);
    expect(await deadCount(failing.sub.service)).toBe(deadBefore + 1);
    // Dead stays dead: no further attempt (past the backoff it would have had), counted once.
    await sleep(25 * BACKOFF_MS);
    expect(failing.calls(poison.id)).toBe(DELIVERY_LIMIT);
    expect(await deadCount(failing.sub.service)).toBe(deadBefore + 1);
    expect(healthy.calls(poison.id)).toBeGreaterThanOrEqual(1);
    expect(await db.query(`SELECT 1 FROM ${SCHEMA}.outbox`)).toHaveLength(0);
    expect(await applied(failing.sub.service)).toEqual(later.map((e) => e.id));
  });

  it('dead letters are listed; once the handler is fixed, a replay applies the event exactly once and the row goes', async () => {
    let broken = true;
    let poisonId = '';
    const failing = consumer(`${kind}-replayed`, (e) => broken && e.id === poisonId);
    await topology(kind, [failing.sub]);
    const [poison] = await publish([changed()]);
    poisonId = poison.id;
    await eventually(async () => (await failedRows(failing.sub.service)).some((r) => r.dead_at), 20_000, 20);

    const listed = await listDeadLetters(db, SCHEMA, { consumer: failing.sub.service });
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ consumer: failing.sub.service, eventId: poison.id, projectId: poison.projectId, type: TYPE, attempts: DELIVERY_LIMIT });
    expect(listed[0].event).toEqual({ ...poison, occurredAt: new Date(poison.occurredAt).toISOString() });
    expect(listed[0].lastError).toMatch(/cannot handle/);
    expect(listed[0].deadAt.getTime()).toBeGreaterThanOrEqual(listed[0].firstFailedAt.getTime());
    expect(await listDeadLetters(db, SCHEMA, { consumer: 'someone-else' })).toEqual([]);

    broken = false;
    // From another pool, as an admin command would.
    const admin = new Db(db.url, 1);
    cleanups.push(() => admin.close());
    expect(await replayDeadLetters(admin, SCHEMA, { eventIds: [newId()] })).toBe(0);
    expect(await replayDeadLetters(admin, SCHEMA, { eventIds: [poison.id], consumer: failing.sub.service })).toBe(1);
    await eventually(async () => (await applied(failing.sub.service)).length === 1, 20_000, 20);
    await eventually(async () => (await failedRows(failing.sub.service)).length === 0, 20_000, 20);
    await sleep(20 * POLL_MS);
    expect(await applied(failing.sub.service)).toEqual([poison.id]);
    expect(failing.calls(poison.id)).toBe(DELIVERY_LIMIT + 1);
    expect(await listDeadLetters(db, SCHEMA)).toEqual([]);
  });

  it('a transient failure (twice, then it works) is applied once and leaves no row', async () => {
    let flakyId = '';
    const flaky = consumer(`${kind}-flaky`, (e, call) => e.id === flakyId && call <= 2);
    await topology(kind, [flaky.sub]);
    const deadBefore = await deadCount(flaky.sub.service);
    const [event] = await publish([changed()]);
    flakyId = event.id;
    await eventually(async () => (await applied(flaky.sub.service)).length === 1, 20_000, 20);
    await sleep(20 * POLL_MS);
    expect(await applied(flaky.sub.service)).toEqual([event.id]);
    expect(flaky.calls(event.id)).toBe(3);
    expect(await failedRows(flaky.sub.service)).toEqual([]);
    expect(await deadCount(flaky.sub.service)).toBe(deadBefore);
  });

  it('nothing is lost when the process stops between attempts: a redeliverer started later on the same database applies it', async () => {
    let failingId = '';
    const first = consumer(`${kind}-restarted`, (e) => e.id === failingId);
    await topology(kind, [first.sub], false);
    const r1 = redeliverer([first.sub]);
    const [event] = await publish([changed()]);
    failingId = event.id;
    await eventually(async () => (await failedRows(first.sub.service)).some((r) => r.attempts >= 3), 20_000, 20);
    await r1.stop();
    const [pending] = await failedRows(first.sub.service);
    expect(pending.dead_at).toBeNull();
    const callsBefore = first.calls(event.id);
    await sleep(10 * BACKOFF_MS); // due meanwhile; no one retries it
    expect(first.calls(event.id)).toBe(callsBefore);
    expect((await failedRows(first.sub.service))[0].attempts).toBe(pending.attempts);

    // Another process: its own pool, a fixed handler.
    const other = new Db(db.url, 2);
    cleanups.push(() => other.close());
    const second = consumer(`${kind}-restarted`, () => false, { db: other });
    redeliverer([second.sub], other);
    await eventually(async () => (await applied(second.sub.service)).length === 1, 20_000, 20);
    await eventually(async () => (await failedRows(second.sub.service)).length === 0, 20_000, 20);
    expect(await applied(second.sub.service)).toEqual([event.id]);
    expect(second.calls(event.id)).toBe(1);
  });

  it('a redelivery by the transport of an event that is pending retry applies it through the inbox, and the pending row goes with it', async () => {
    let pendingId = '';
    let fixed = false;
    // A long backoff: the row is not due while the test runs, only the transport brings the event again.
    const c = consumer(`${kind}-redelivered`, (e) => e.id === pendingId && !fixed, { backoffMs: 60_000 });
    const t = await topology(kind, [c.sub]);
    const [event] = await publish([changed()]);
    pendingId = event.id;
    const row = await eventually(
      async () => {
        const rows = await failedRows(c.sub.service);
        return rows.length === 1 ? rows[0] : undefined;
      },
      20_000,
      20,
    );
    // Memory: the try in the relay's transaction and its retry, both counted; amqp: the one message.
    const callsBefore = c.calls(event.id);
    expect(callsBefore).toBe(kind === 'memory' ? 2 : 1);
    expect(row!.attempts).toBe(callsBefore);
    fixed = true;

    if (kind === 'amqp') {
      await t.publish([event]); // as after an ack that was lost
    } else {
      // As the relay republishes a retried row (a relay that published and crashed before its commit).
      await db.query(`INSERT INTO ${SCHEMA}.outbox (id, type, project_id, occurred_at, data, attempts) VALUES ($1, $2, $3, $4, $5, 1)`, [
        event.id,
        event.type,
        event.projectId,
        event.occurredAt,
        JSON.stringify(event.data),
      ]);
    }
    await eventually(async () => (await applied(c.sub.service)).length === 1, 20_000, 20);
    expect(await failedRows(c.sub.service)).toEqual([]);
    // The redeliverer, whatever it does later, finds nothing to apply again.
    await db.query(
      `INSERT INTO ${SCHEMA}.failed_events (project_id, event_id, consumer, envelope, attempts, last_error, next_attempt_at)
                    VALUES ($1, $2, $3, $4, 1, 'stale', now())`,
      [event.projectId, event.id, c.sub.service, JSON.stringify(event)],
    );
    await eventually(async () => (await failedRows(c.sub.service)).length === 0, 20_000, 20);
    await sleep(10 * POLL_MS);
    expect(await applied(c.sub.service)).toEqual([event.id]);
    expect(c.calls(event.id)).toBe(callsBefore + 1);
  });
});

describe('deliver and redeliverDue', () => {
  it('deliver sets aside the one failing event of a batch and applies the rest', async () => {
    const bad = envelope();
    const c = consumer('batch', (e) => e.id === bad.id);
    const [before, after] = [envelope(), envelope()];
    expect(await deliver(c.sub, [before, bad, after])).toEqual([undefined, undefined, undefined]);
    expect(await applied('batch')).toEqual([before.id, after.id]);
    expect(await failedRows('batch')).toMatchObject([{ event_id: bad.id, attempts: 1, dead_at: null }]);
    // Delivered again and failing again: one more attempt on the same row.
    expect(await deliver(c.sub, [bad])).toEqual([undefined]);
    expect(await failedRows('batch')).toMatchObject([{ event_id: bad.id, attempts: 2, dead_at: null }]);
  });

  it('deliver returns the error when the failure cannot be recorded, so the transport tries again', async () => {
    const down = new Db('postgres://root@127.0.0.1:1/nothing', 1);
    cleanups.push(() => down.close());
    const c = consumer('unrecorded', () => true, { db: down });
    const [error] = await deliver(c.sub, [envelope()]);
    expect(error).toBeInstanceOf(Error);
  });

  it('a row of an event the consumer applied meanwhile goes without the handler running again; a dead one too', async () => {
    const c = consumer('meanwhile', () => false);
    const [pending, dead] = [envelope(), envelope()];
    // Applied directly, while rows say they failed (e.g. the inbox claim skipped a row a redeliverer held).
    expect(await handleOnce(c.sub, pending)).toBe('handled');
    await recordFailure(db.pool, c.sub, pending, new Error('earlier'));
    await db.query(`UPDATE ${SCHEMA}.failed_events SET next_attempt_at = now()`);
    expect(await redeliverDue(db, SCHEMA, [c.sub])).toEqual({ handled: 0, done: 1, failed: 0, dead: 0 });
    expect(c.calls(pending.id)).toBe(1);
    expect(await failedRows('meanwhile')).toEqual([]);

    // A dead letter whose event the transport delivers again and the consumer applies: it is no longer listed.
    await recordFailure(db.pool, c.sub, dead, new Error('dead'), DELIVERY_LIMIT);
    expect((await listDeadLetters(db, SCHEMA)).map((d) => d.eventId)).toEqual([dead.id]);
    expect(await deliver(c.sub, [dead])).toEqual([undefined]);
    expect(await applied('meanwhile')).toEqual([pending.id, dead.id]);
    expect(await listDeadLetters(db, SCHEMA)).toEqual([]);
  });

  it('replicas share the due rows: each is attempted once per round', async () => {
    const events = Array.from({ length: 6 }, envelope);
    let running = 0;
    let overlap = 0;
    const seen: string[] = [];
    const sub: Subscription = {
      service: 'shared',
      db,
      schema: SCHEMA,
      retryBackoffMs: 60_000,
      handlers: {
        [TYPE]: async (e) => {
          seen.push(e.id);
          overlap = Math.max(overlap, ++running);
          await sleep(50);
          running--;
          throw new Error('still failing');
        },
      },
    };
    for (const e of events) await recordFailure(db.pool, sub, e, new Error('first'));
    await db.query(`UPDATE ${SCHEMA}.failed_events SET next_attempt_at = now()`);
    const [a, b] = await Promise.all([redeliverDue(db, SCHEMA, [sub]), redeliverDue(db, SCHEMA, [sub])]);
    expect(a.failed + b.failed).toBe(6);
    expect(Math.min(a.failed, b.failed)).toBeGreaterThan(0); // both took some
    expect(overlap).toBe(2);
    expect(seen.sort()).toEqual(events.map((e) => e.id).sort());
    expect((await failedRows('shared')).map((r) => r.attempts)).toEqual(events.map(() => 2));
  });

  it('leaves the rows of consumers it does not serve, and discards dead letters by selector', async () => {
    const mine = consumer('mine', () => true);
    const theirs = consumer('theirs', () => true);
    const [e1, e2] = [envelope(), envelope()];
    await recordFailure(db.pool, mine.sub, e1, new Error('x'), DELIVERY_LIMIT);
    await recordFailure(db.pool, theirs.sub, e2, new Error('x'));
    await db.query(`UPDATE ${SCHEMA}.failed_events SET next_attempt_at = now()`);
    expect(await redeliverDue(db, SCHEMA, [mine.sub])).toEqual({ handled: 0, done: 0, failed: 0, dead: 0 }); // its row is dead
    expect(theirs.calls(e2.id)).toBe(0);
    expect(await discardDeadLetters(db, SCHEMA, { all: true, consumer: 'theirs' })).toBe(0);
    expect(await discardDeadLetters(db, SCHEMA, { eventIds: [] })).toBe(0);
    expect(await discardDeadLetters(db, SCHEMA, { all: true })).toBe(1);
    expect(await failedRows('mine')).toEqual([]);
    expect(await failedRows('theirs')).toHaveLength(1);
    expect(await replayDeadLetters(db, SCHEMA, { all: true })).toBe(0); // a pending row is not a dead letter
  });

  it('replay makes a dead letter due at once with its attempts reset, keeping its error', async () => {
    const c = consumer('replay-reset', () => true, { backoffMs: 60_000 });
    const e = envelope();
    await recordFailure(db.pool, c.sub, e, new Error('kept'), DELIVERY_LIMIT);
    expect(await replayDeadLetters(db, SCHEMA, { eventIds: [e.id] })).toBe(1);
    const [row] = await db.query(`SELECT attempts, dead_at, next_attempt_at <= now() AS due, last_error FROM ${SCHEMA}.failed_events WHERE event_id = $1`, [
      e.id,
    ]);
    expect(row).toEqual({ attempts: 0, dead_at: null, due: true, last_error: 'kept' });
    expect(await replayDeadLetters(db, SCHEMA, { eventIds: [e.id] })).toBe(0); // no longer dead
    // It fails again: DELIVERY_LIMIT more attempts before it is dead again.
    expect(await redeliverDue(db, SCHEMA, [c.sub])).toMatchObject({ failed: 1, dead: 0 });
    expect((await failedRows('replay-reset'))[0]).toMatchObject({ attempts: 1, dead_at: null });
  });
});

describe('migration', () => {
  it('000_bus_failed_events and 000_bus_trace apply on top of a schema that has 000_bus and later migrations already', async () => {
    const schema = 'dlt_upgrade';
    const later = { id: '001_later', sql: `CREATE TABLE ${schema}.later (id int)` };
    expect(await migrate(db, schema, [busMigration(schema), later])).toBe(2);
    expect(await migrate(db, schema, [...busMigrations(schema), later])).toBe(2);
    expect(await db.query(`SELECT count(*)::int AS n FROM ${schema}.failed_events`)).toEqual([{ n: 0 }]);
    expect(await db.query(`SELECT count(traceparent)::int AS n FROM ${schema}.outbox`)).toEqual([{ n: 0 }]);
    expect(await migrate(db, schema, [...busMigrations(schema), later])).toBe(0);
  });
});
