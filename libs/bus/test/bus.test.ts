/**
 * Component tests for the bus: outbox + relay + transports against real PostgreSQL and RabbitMQ.
 * Each run gets its own database (herald_c_<random>) and its own RabbitMQ names (t<random>.).
 */
import crypto from 'node:crypto';
import net from 'node:net';
import amqp from 'amqplib';
import { Db, migrate } from '../../db/src';
import { metrics, newId } from '../../kit/src';
import type { DomainEvent } from '../../contracts/src/events';
import { AmqpTransport, busMigrations, deliver, MemoryTransport, NewEvent, Outbox, Relay, Subscription, handleOnce, EventHandler, WorkHandler } from '../src';
import { WORK_ITEMS_PER_MESSAGE } from '../src/amqp';
import { eventually, INFRA, scratchDatabase, ScratchDatabase } from '../../testing/src';

const SCHEMA = 'bust';
const outbox = new Outbox(SCHEMA);
/** A schema where recording a failed event fails, as with the database down: the path where a failure is not contained. */
const UNRECORDED = 'bust_unrecorded';
let scratch: ScratchDatabase;
let db: Db;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  scratch = await scratchDatabase({ poolMax: 10 });
  db = scratch.db;
  await migrate(db, SCHEMA, [
    ...busMigrations(SCHEMA),
    {
      id: '001_applied',
      sql: `CREATE TABLE ${SCHEMA}.applied (seq bigserial PRIMARY KEY, consumer text NOT NULL, event_id uuid NOT NULL, email text NOT NULL)`,
    },
  ]);
  await migrate(db, UNRECORDED, [
    ...busMigrations(UNRECORDED),
    { id: '001_unrecorded', sql: `ALTER TABLE ${UNRECORDED}.failed_events ADD CONSTRAINT unrecorded CHECK (false)` },
  ]);
});

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

afterAll(async () => {
  await scratch?.drop();
});

const changed = (projectId: string, email: string): NewEvent => ({
  type: 'contacts.contact.subscription_changed.v1',
  projectId,
  data: { contactId: newId(), email, subscribed: true },
});

/** A handler that records what it applied in the same transaction as the inbox row. */
const recordApplied =
  (consumer: string): EventHandler =>
  async (e, tx) => {
    await tx.query(`INSERT INTO ${SCHEMA}.applied (consumer, event_id, email) VALUES ($1, $2, $3)`, [consumer, e.id, (e.data as any).email]);
  };

const applied = (consumer: string) =>
  db.query<{ event_id: string; email: string }>(`SELECT event_id, email FROM ${SCHEMA}.applied WHERE consumer = $1 ORDER BY seq`, [consumer]);
const outboxRows = () => db.query(`SELECT id, attempts, last_error FROM ${SCHEMA}.outbox ORDER BY seq`);
const inboxRows = (consumer: string) => db.query(`SELECT event_id FROM ${SCHEMA}.inbox WHERE consumer = $1`, [consumer]);

function sub(service: string, handler: EventHandler, type = 'contacts.contact.subscription_changed.v1'): Subscription {
  return { service, db, schema: SCHEMA, handlers: { [type]: handler } };
}

async function startRelay(transport: MemoryTransport | AmqpTransport) {
  const relay = new Relay(db, SCHEMA, transport);
  relay.start();
  cleanups.push(() => relay.stop());
  return relay;
}

describe('outbox + relay (memory transport)', () => {
  beforeEach(async () => {
    await db.query(`TRUNCATE ${SCHEMA}.outbox, ${SCHEMA}.inbox, ${SCHEMA}.failed_events, ${SCHEMA}.applied`);
  });

  it('publishes committed events and nothing from a rolled-back transaction', async () => {
    const transport = new MemoryTransport();
    await transport.subscribe(sub('c1', recordApplied('c1')));
    await startRelay(transport);
    const projectId = newId();

    await expect(
      db.tx(async (tx) => {
        await outbox.enqueue(tx, [changed(projectId, 'rolled-back@example.com')]);
        throw new Error('business rule failed');
      }),
    ).rejects.toThrow('business rule failed');
    expect(await outboxRows()).toHaveLength(0);

    const committed = await db.tx((tx) => outbox.enqueue(tx, [changed(projectId, 'one@example.com'), changed(projectId, 'two@example.com')]));
    expect(committed).toHaveLength(2);

    const rows = await eventually(async () => {
      const r = await applied('c1');
      return r.length >= 2 ? r : undefined;
    });
    // The relay publishes in outbox order, so the rolled-back event would have come first: it never did.
    expect(rows!.map((r) => r.email)).toEqual(['one@example.com', 'two@example.com']);
    expect(rows!.map((r) => r.event_id)).toEqual(committed.map((e) => e.id));
    await eventually(async () => (await outboxRows()).length === 0);
  });

  it('spaces its batches: after a quiet spell an event goes at once; the commits of the next spacingMs go together, after it', async () => {
    const transport = new MemoryTransport();
    const seen: Array<{ email: string; at: number; tx: string }> = [];
    await transport.subscribe(
      sub('spaced', async (e, tx) => {
        const { rows } = await tx.query(`SELECT txid_current()::text AS tx`);
        seen.push({ email: (e.data as any).email, at: performance.now(), tx: rows[0].tx });
      }),
    );
    const relay = new Relay(db, SCHEMA, transport, 1000);
    relay.start(); // its first (empty) batch starts the spacing
    cleanups.push(() => relay.stop());
    await new Promise((r) => setTimeout(r, 1100));
    const projectId = newId();
    const quietAt = performance.now();
    await db.tx((tx) => outbox.enqueue(tx, [changed(projectId, 'lone@example.com')]));
    await eventually(async () => seen.length === 1);
    expect(seen[0].at - quietAt).toBeLessThan(900); // not held for the spacing
    const busyAt = performance.now();
    for (const email of ['b@example.com', 'c@example.com', 'd@example.com']) await db.tx((tx) => outbox.enqueue(tx, [changed(projectId, email)]));
    await eventually(async () => seen.length === 4, 5000);
    const later = seen.slice(1);
    expect(later.map((s) => s.email)).toEqual(['b@example.com', 'c@example.com', 'd@example.com']);
    expect(new Set(later.map((s) => s.tx)).size).toBe(1); // one batch, one transaction
    expect(later[0].tx).not.toBe(seen[0].tx);
    // The batch did not start before 1000 ms after the lone event's (which started after quietAt).
    expect(later[0].at - quietAt).toBeGreaterThanOrEqual(1000);
    expect(later[0].at - busyAt).toBeLessThan(1000 + 900);
  });

  it('keeps its spacing while publishing fails: commits during an outage do not each trigger a retry', async () => {
    const transport = new MemoryTransport();
    let attempts = 0;
    await transport.subscribe({
      ...sub('down', async () => {
        attempts++;
        throw new Error('subscriber down');
      }),
      schema: UNRECORDED, // its failures cannot be set aside, so every batch fails
    });
    const relay = new Relay(db, SCHEMA, transport, 500);
    relay.start();
    cleanups.push(() => relay.stop());
    await new Promise((r) => setTimeout(r, 600)); // past the spacing of the start's empty batch
    const projectId = newId();
    const t0 = performance.now();
    // Ten commits over about 500 ms, each waking the relay; every batch it claims fails.
    for (let i = 0; i < 10; i++) {
      await db.tx((tx) => outbox.enqueue(tx, [changed(projectId, `down${i}@example.com`)]));
      await new Promise((r) => setTimeout(r, 50));
    }
    const elapsed = performance.now() - t0;
    const inWindow = attempts;
    // One claim at once, then at most one per 500 ms (not one per commit).
    expect(inWindow).toBeGreaterThanOrEqual(1);
    expect(inWindow).toBeLessThanOrEqual(1 + Math.ceil(elapsed / 500));
    // Still an outage once only retries are claimed: no failure could be set aside, every row is still there.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await outboxRows()).toHaveLength(10);
  });

  it('delivers the published envelope intact to the subscriber', async () => {
    const transport = new MemoryTransport();
    const seen: DomainEvent[] = [];
    await transport.subscribe(sub('c2', async (e) => void seen.push(e)));
    await startRelay(transport);
    const projectId = newId();
    const [sent] = await db.tx((tx) => outbox.enqueue(tx, [changed(projectId, 'envelope@example.com')]));
    await eventually(async () => seen.length === 1);
    expect(seen[0]).toEqual({ ...sent, occurredAt: new Date(sent.occurredAt).toISOString() });
    expect(seen[0].type).toBe('contacts.contact.subscription_changed.v1');
    expect(seen[0].projectId).toBe(projectId);
  });

  it('retries a handler that failed in the relay transaction, applies it exactly once, and keeps the outbox row until it succeeds', async () => {
    const transport = new MemoryTransport();
    let calls = 0;
    const outboxDuringFailures: number[] = [];
    await transport.subscribe(
      sub('flaky', async (e, tx) => {
        calls++;
        // Only the first: a failure of the retry (through the inbox) is set aside (dead-letters.test.ts).
        if (calls <= 1) {
          outboxDuringFailures.push((await outboxRows()).length);
          throw new Error(`transient failure ${calls}`);
        }
        await recordApplied('flaky')(e, tx);
      }),
    );
    await startRelay(transport);
    const [event] = await db.tx((tx) => outbox.enqueue(tx, [changed(newId(), 'flaky@example.com')]));

    // After the first failure the row is still there, with the attempt and the error recorded.
    const failed = await eventually(async () => {
      const r = await outboxRows();
      return r.length === 1 && r[0].attempts >= 1 ? r : undefined;
    });
    expect(failed![0].id).toBe(event.id);
    expect(failed![0].last_error).toMatch(/transient failure/);
    expect(await inboxRows('flaky')).toHaveLength(0); // a failed handler leaves no inbox row

    await eventually(async () => (await applied('flaky')).length === 1, 20_000);
    await eventually(async () => (await outboxRows()).length === 0, 20_000);
    expect(calls).toBe(2);
    expect(outboxDuringFailures).toEqual([1]);
    expect(await db.query(`SELECT 1 FROM ${SCHEMA}.failed_events`)).toHaveLength(0);
    expect((await applied('flaky')).map((r) => r.event_id)).toEqual([event.id]);
    expect((await inboxRows('flaky')).map((r) => r.event_id)).toEqual([event.id]);
  });

  it('a healthy subscriber is not applied twice when another subscriber makes the batch retry', async () => {
    const transport = new MemoryTransport();
    let failures = 0;
    await transport.subscribe(sub('healthy', recordApplied('healthy')));
    await transport.subscribe(
      sub('fails-once', async (e, tx) => {
        if (failures++ === 0) throw new Error('once');
        await recordApplied('fails-once')(e, tx);
      }),
    );
    await startRelay(transport);
    const [event] = await db.tx((tx) => outbox.enqueue(tx, [changed(newId(), 'both@example.com')]));
    await eventually(async () => (await applied('fails-once')).length === 1, 20_000);
    await eventually(async () => (await outboxRows()).length === 0, 20_000);
    expect((await applied('healthy')).map((r) => r.event_id)).toEqual([event.id]);
  });
});

describe('in-process subscribers in the relay transaction (memory transport)', () => {
  beforeEach(async () => {
    await db.query(`TRUNCATE ${SCHEMA}.outbox, ${SCHEMA}.inbox, ${SCHEMA}.failed_events, ${SCHEMA}.applied`);
  });

  it('a subscriber on the relay database applies a first attempt in the relay transaction: no inbox row, exactly once', async () => {
    const transport = new MemoryTransport();
    const seenInTx: boolean[] = [];
    await transport.subscribe(
      sub('same-db', async (e, tx) => {
        // The relay deleted the row in this very transaction; another connection still sees it.
        seenInTx.push((await tx.query(`SELECT 1 FROM ${SCHEMA}.outbox WHERE id = $1`, [e.id])).rowCount === 0 && (await outboxRows()).length === 1);
        await recordApplied('same-db')(e, tx);
      }),
    );
    await startRelay(transport);
    const [event] = await db.tx((tx) => outbox.enqueue(tx, [changed(newId(), 'same@example.com')]));
    await eventually(async () => (await applied('same-db')).length === 1);
    await eventually(async () => (await outboxRows()).length === 0);
    expect(seenInTx).toEqual([true]);
    expect((await applied('same-db')).map((r) => r.event_id)).toEqual([event.id]);
    expect(await inboxRows('same-db')).toHaveLength(0);
  });

  it('decides per row: in one batch a retried event goes through the inbox, a first attempt through the relay transaction', async () => {
    const transport = new MemoryTransport();
    await transport.subscribe(sub('per-row', recordApplied('per-row')));
    const projectId = newId();
    const [retried, fresh] = await db.tx((tx) => outbox.enqueue(tx, [changed(projectId, 'retried@example.com'), changed(projectId, 'fresh@example.com')]));
    await db.query(`UPDATE ${SCHEMA}.outbox SET attempts = 1 WHERE id = $1`, [retried.id]);
    await startRelay(transport);
    await eventually(async () => (await outboxRows()).length === 0);
    expect((await applied('per-row')).map((r) => r.event_id)).toEqual([retried.id, fresh.id]); // in outbox order
    expect((await inboxRows('per-row')).map((r) => r.event_id)).toEqual([retried.id]);
  });

  it('a transaction a failed statement aborted does not commit quietly, also when the error was caught', async () => {
    const [event] = await db.tx((tx) => outbox.enqueue(tx, [changed(newId(), 'kept@example.com')]));
    await expect(
      db.tx(async (tx) => {
        await tx.query(`DELETE FROM ${SCHEMA}.outbox WHERE id = $1`, [event.id]);
        await tx.query('SELECT 1/0').catch(() => undefined);
      }),
    ).rejects.toThrow(/rolled back/);
    expect((await outboxRows()).map((r) => r.id)).toEqual([event.id]);
  });

  it('a subscriber with a pool of its own uses its inbox, in a transaction of its own', async () => {
    const other = new Db(db.url, 2);
    cleanups.push(() => other.close());
    const transport = new MemoryTransport();
    await transport.subscribe({ ...sub('own-pool', recordApplied('own-pool')), db: other });
    await startRelay(transport);
    const [event] = await db.tx((tx) => outbox.enqueue(tx, [changed(newId(), 'own@example.com')]));
    await eventually(async () => (await applied('own-pool')).length === 1);
    expect((await inboxRows('own-pool')).map((r) => r.event_id)).toEqual([event.id]);
  });

  it("a failed first attempt undoes every subscriber's writes with the claim; the retry goes through the inboxes, once each", async () => {
    const transport = new MemoryTransport();
    let failures = 0;
    await transport.subscribe(sub('first', recordApplied('first')));
    await transport.subscribe(
      sub('second', async (e, tx) => {
        await recordApplied('second')(e, tx);
        if (failures++ === 0) throw new Error('once');
      }),
    );
    await startRelay(transport);
    const [event] = await db.tx((tx) => outbox.enqueue(tx, [changed(newId(), 'retry@example.com')]));
    await eventually(async () => (await outboxRows()).length === 0, 20_000);
    expect(failures).toBe(2);
    expect((await applied('first')).map((r) => r.event_id)).toEqual([event.id]);
    expect((await applied('second')).map((r) => r.event_id)).toEqual([event.id]);
    expect((await inboxRows('first')).map((r) => r.event_id)).toEqual([event.id]);
    expect((await inboxRows('second')).map((r) => r.event_id)).toEqual([event.id]);
  });
});

describe('handleOnce (inbox)', () => {
  beforeEach(async () => {
    await db.query(`TRUNCATE ${SCHEMA}.outbox, ${SCHEMA}.inbox, ${SCHEMA}.failed_events, ${SCHEMA}.applied`);
  });

  const envelope = (projectId = newId()): DomainEvent => ({
    id: newId(),
    type: 'contacts.contact.subscription_changed.v1',
    occurredAt: new Date().toISOString(),
    projectId,
    data: { contactId: newId(), email: 'dup@example.com', subscribed: false },
  });

  it('applies the same event once when delivered twice', async () => {
    const s = sub('dedupe', recordApplied('dedupe'));
    const e = envelope();
    expect(await handleOnce(s, e)).toBe('handled');
    expect(await handleOnce(s, e)).toBe('duplicate');
    expect(await applied('dedupe')).toHaveLength(1);
  });

  it('applies the same event once when delivered twice concurrently', async () => {
    const s = sub('dedupe-concurrent', recordApplied('dedupe-concurrent'));
    const e = envelope();
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => handleOnce(s, e)));
    expect(outcomes.filter((o) => o === 'handled')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(4);
    expect(await applied('dedupe-concurrent')).toHaveLength(1);
  });

  it('a batch holding two copies of an event (a redelivery beside the original) applies it once', async () => {
    const e = envelope();
    const other = envelope();
    let batchCalls = 0;
    const s: Subscription = {
      ...sub('dedupe-batch', recordApplied('dedupe-batch')),
      batchHandlers: {
        'contacts.contact.subscription_changed.v1': async (events, tx) => {
          batchCalls++;
          for (const ev of events) await recordApplied('dedupe-batch')(ev, tx);
        },
      },
    };
    expect(await deliver(s, [e, other, e])).toEqual([undefined, undefined, undefined]);
    expect(batchCalls).toBe(1);
    expect((await applied('dedupe-batch')).map((r) => r.event_id)).toEqual([e.id, other.id]);
    expect(await deliver(s, [e])).toEqual([undefined]); // and a later copy is skipped by the inbox
    expect(await applied('dedupe-batch')).toHaveLength(2);
  });

  it('dedupes per consumer: two consumers each apply the event once', async () => {
    const e = envelope();
    expect(await handleOnce(sub('a', recordApplied('a')), e)).toBe('handled');
    expect(await handleOnce(sub('b', recordApplied('b')), e)).toBe('handled');
    expect(await handleOnce(sub('a', recordApplied('a')), e)).toBe('duplicate');
    expect(await applied('a')).toHaveLength(1);
    expect(await applied('b')).toHaveLength(1);
  });

  it('a failed handler rolls back its inbox row, so a redelivery applies it', async () => {
    let fail = true;
    const s = sub('redeliver', async (ev, tx) => {
      await recordApplied('redeliver')(ev, tx);
      if (fail) throw new Error('boom');
    });
    const e = envelope();
    await expect(handleOnce(s, e)).rejects.toThrow('boom');
    expect(await applied('redeliver')).toHaveLength(0);
    expect(await inboxRows('redeliver')).toHaveLength(0);
    fail = false;
    expect(await handleOnce(s, e)).toBe('handled');
    expect(await handleOnce(s, e)).toBe('duplicate');
    expect(await applied('redeliver')).toHaveLength(1);
  });

  it('ignores an event type the subscription has no handler for', async () => {
    const s = sub('ignore', recordApplied('ignore'), 'contacts.contact.deleted.v1');
    expect(await handleOnce(s, envelope())).toBe('ignored');
    expect(await inboxRows('ignore')).toHaveLength(0);
  });
});

describe('AmqpTransport (real RabbitMQ)', () => {
  const nsUsed: Array<{ ns: string; services: string[] }> = [];
  /** Work queues (full names) the tests declared, deleted with their DLQs at the end. */
  const workQueuesUsed: string[] = [];

  async function amqpTransport(services: string[], url = INFRA.rabbitmq.url, connectTimeoutMs?: number) {
    const ns = `t${crypto.randomBytes(4).toString('hex')}.`;
    nsUsed.push({ ns, services });
    const t = new AmqpTransport(url, ns, connectTimeoutMs);
    cleanups.push(() => t.stop());
    return { t, ns };
  }

  afterAll(async () => {
    const conn = await amqp.connect(INFRA.rabbitmq.url);
    try {
      for (const { ns, services } of nsUsed) {
        for (const s of services) {
          for (const q of [`${ns}${s}.events`, `${ns}${s}.events.dlq`]) {
            const ch = await conn.createChannel();
            await ch.deleteQueue(q).catch(() => undefined);
            await ch.close().catch(() => undefined);
          }
        }
        const ch = await conn.createChannel();
        for (const q of workQueuesUsed.filter((name) => name.startsWith(ns))) {
          await ch.deleteQueue(q).catch(() => undefined);
          await ch.deleteQueue(`${q}.dlq`).catch(() => undefined);
        }
        await ch.deleteExchange(`${ns}herald.events`).catch(() => undefined);
        await ch.deleteExchange(`${ns}herald.events.dlx`).catch(() => undefined);
        await ch.close().catch(() => undefined);
      }
    } finally {
      await conn.close();
    }
  });

  beforeEach(async () => {
    await db.query(`TRUNCATE ${SCHEMA}.outbox, ${SCHEMA}.inbox, ${SCHEMA}.failed_events, ${SCHEMA}.applied`);
  });

  it('publishes through the broker to a consumer, which applies each event once', async () => {
    const { t, ns } = await amqpTransport(['amqp-ok']);
    await t.subscribe(sub('amqp-ok', recordApplied('amqp-ok')));
    await t.start();
    expect(t.ready()).toBe(true);
    expect(t.queueOf('amqp-ok')).toBe(`${ns}amqp-ok.events`);

    const projectId = newId();
    const events: DomainEvent[] = ['a@example.com', 'b@example.com', 'c@example.com'].map((email) => ({
      id: newId(),
      type: 'contacts.contact.subscription_changed.v1',
      occurredAt: new Date().toISOString(),
      projectId,
      data: { contactId: newId(), email, subscribed: true },
    }));
    await t.publish(events);
    // A redelivered duplicate (same id) is deduped by the inbox.
    await t.publish([events[0]]);

    const rows = await eventually(async () => {
      const r = await applied('amqp-ok');
      return r.length >= 3 ? r : undefined;
    }, 20_000);
    expect(new Set(rows!.map((r) => r.event_id))).toEqual(new Set(events.map((e) => e.id)));
    await eventually(async () => (await inboxRows('amqp-ok')).length === 3);
    // The duplicate reached the consumer and was recognised as such, not applied again.
    await eventually(async () => {
      const m = await metrics.busConsumed.get();
      return m.values.some((v) => v.labels.consumer === 'amqp-ok' && v.labels.outcome === 'duplicate' && v.value === 1);
    }, 20_000);
    expect(await applied('amqp-ok')).toHaveLength(3);
  });

  it('the relay drains the outbox through RabbitMQ', async () => {
    const { t } = await amqpTransport(['amqp-relay']);
    await t.subscribe(sub('amqp-relay', recordApplied('amqp-relay')));
    await t.start();
    await startRelay(t);
    const projectId = newId();
    const sent = await db.tx((tx) =>
      outbox.enqueue(
        tx,
        Array.from({ length: 20 }, (_, i) => changed(projectId, `r${i}@example.com`)),
      ),
    );
    const rows = await eventually(async () => {
      const r = await applied('amqp-relay');
      return r.length >= 20 ? r : undefined;
    }, 20_000);
    expect(rows!.map((r) => r.event_id).sort()).toEqual(sent.map((e) => e.id).sort());
    await eventually(async () => (await outboxRows()).length === 0);
  });

  it('dead-letters an event whose handler always fails and whose failure cannot be recorded to <ns><service>.events.dlq after the delivery limit', async () => {
    const { t, ns } = await amqpTransport(['amqp-poison']);
    let attempts = 0;
    await t.subscribe({
      ...sub('amqp-poison', async () => {
        attempts++;
        throw new Error('poison');
      }),
      schema: UNRECORDED,
    });
    await t.start();
    const poison: DomainEvent = {
      id: newId(),
      type: 'contacts.contact.subscription_changed.v1',
      occurredAt: new Date().toISOString(),
      projectId: newId(),
      data: { contactId: newId(), email: 'poison@example.com', subscribed: false },
    };
    await t.publish([poison]);

    const conn = await connection();
    const ch = await conn.createChannel();
    try {
      const dlq = `${ns}amqp-poison.events.dlq`;
      const msg = await eventually(async () => (await ch.get(dlq, { noAck: true })) || undefined, 30_000, 200);
      expect(JSON.parse(msg!.content.toString('utf8'))).toMatchObject([{ id: poison.id, type: poison.type }]); // a run of events, one message
      expect(msg!.properties.messageId).toBe(poison.id);
      // The handler was retried up to the limit (5 redeliveries) before the broker gave up.
      expect(attempts).toBeGreaterThanOrEqual(5);
      // Nothing was applied and the work queue is empty.
      expect(await db.query(`SELECT 1 FROM ${UNRECORDED}.inbox`)).toHaveLength(0);
      const q = await ch.checkQueue(`${ns}amqp-poison.events`);
      expect(q.messageCount).toBe(0);
    } finally {
      await ch.close().catch(() => undefined);
    }
  });

  it('dead-letters an unparseable message without calling the handler', async () => {
    const { t, ns } = await amqpTransport(['amqp-garbage']);
    let calls = 0;
    await t.subscribe(sub('amqp-garbage', async () => void calls++));
    await t.start();
    const conn = await connection();
    const ch = await conn.createChannel();
    try {
      ch.publish(`${ns}herald.events`, 'contacts.contact.subscription_changed.v1', Buffer.from('{not json'), { persistent: true });
      const msg = await eventually(async () => (await ch.get(`${ns}amqp-garbage.events.dlq`, { noAck: true })) || undefined, 30_000, 200);
      expect(msg!.content.toString('utf8')).toBe('{not json');
      expect(calls).toBe(0);
    } finally {
      await ch.close().catch(() => undefined);
    }
  });

  it('start keeps trying while the broker cannot be reached, and connects once it can', async () => {
    const port = await freePort();
    const { t } = await amqpTransport(['amqp-late'], brokerUrlVia(port));
    const applied: string[] = [];
    await t.subscribe(sub('amqp-late', async (e) => void applied.push(e.id)));
    const started = t.start();
    await new Promise((r) => setTimeout(r, 800)); // a few refused attempts
    expect(t.ready()).toBe(false);
    const proxy = await brokerProxy(port);
    await started;
    expect(t.ready()).toBe(true);
    expect(proxy.connections).toBe(1);
    await expectRoundTrip(t, applied);
  });

  it('a connection that breaks while declaring (as a broker under load does with 541 INTERNAL_ERROR) is closed and start tries again', async () => {
    const proxy = await brokerProxy(await freePort(), { cutFirstAtExchangeDeclare: true });
    const { t } = await amqpTransport(['amqp-cut'], brokerUrlVia(proxy.port));
    const applied: string[] = [];
    await t.subscribe(sub('amqp-cut', async (e) => void applied.push(e.id)));
    await t.start();
    expect(proxy.cut).toBe(1);
    expect(proxy.connections).toBe(2);
    await expectRoundTrip(t, applied);
  });

  it('start gives up with a clear error once its connect timeout has passed', async () => {
    const { t } = await amqpTransport([], brokerUrlVia(await freePort()), 1000);
    const began = Date.now();
    await expect(t.start()).rejects.toThrow(/^RabbitMQ not reachable within 1000 ms: .*ECONNREFUSED/);
    expect(Date.now() - began).toBeGreaterThanOrEqual(1000);
    expect(t.ready()).toBe(false);
  });

  it('stop while start is still retrying: start rejects and makes no further attempt', async () => {
    const port = await freePort();
    const { t } = await amqpTransport([], brokerUrlVia(port));
    const started = t.start();
    await new Promise((r) => setTimeout(r, 300));
    await t.stop();
    const proxy = await brokerProxy(port); // the broker "comes back" now
    await expect(started).rejects.toThrow(/stopped while connecting to RabbitMQ/);
    await new Promise((r) => setTimeout(r, 1000));
    expect(proxy.connections).toBe(0);
    expect(t.ready()).toBe(false);
  });

  it('stop returns promptly when the connection has just died under it', async () => {
    const proxy = await brokerProxy(await freePort());
    const { t } = await amqpTransport([], brokerUrlVia(proxy.port));
    await t.start();
    proxy.destroyAll();
    const began = Date.now();
    await t.stop();
    expect(Date.now() - began).toBeLessThan(4000);
  });

  /** `n` work items of the transactional lane of messaging's send queue (as the send path enqueues them). */
  const workItems = (n: number): DomainEvent[] =>
    Array.from({ length: n }, () => ({
      id: newId(),
      type: 'messaging.email.queued.v1',
      occurredAt: new Date().toISOString(),
      projectId: newId(),
      data: { emailId: newId(), lane: 'transactional' },
    }));

  /** A work subscription on `<ns>work-<name>` for the transactional lane. */
  function workOn(ns: string, name: string, concurrency: number, handler: WorkHandler) {
    workQueuesUsed.push(`${ns}work-${name}`);
    return { queue: `work-${name}`, type: 'messaging.email.queued.v1', lane: 'transactional', concurrency, handler };
  }

  it(`work items go at most ${WORK_ITEMS_PER_MESSAGE} to a message; the items of every message share the subscription's concurrency`, async () => {
    const { t, ns } = await amqpTransport([]);
    const seen: string[] = [];
    let running = 0;
    let maxRunning = 0;
    await t.work(
      workOn(ns, 'batch', 4, async (e) => {
        maxRunning = Math.max(maxRunning, ++running);
        await new Promise((r) => setTimeout(r, 20));
        seen.push(e.id);
        running--;
      }),
    );
    await t.start();
    // What went over the wire: a queue of our own bound to the lane's routing key sees the same messages.
    const ch = await (await connection()).createChannel();
    const peek = `${ns}work-peek`;
    workQueuesUsed.push(peek);
    await ch.assertQueue(peek, { durable: false });
    await ch.bindQueue(peek, `${ns}herald.events`, 'messaging.email.queued.v1.transactional');

    const items = workItems(2 * WORK_ITEMS_PER_MESSAGE + 3);
    await t.publish(items);
    await eventually(async () => seen.length >= items.length, 20_000);
    expect(seen.sort()).toEqual(items.map((i) => i.id).sort());
    // Three messages held them; without shared slots the first message alone would run 16 at once.
    expect(maxRunning).toBe(4);
    const sizes: number[] = [];
    for (let m; (m = await ch.get(peek, { noAck: true }));) sizes.push(JSON.parse(m.content.toString('utf8')).length);
    expect(sizes).toEqual([WORK_ITEMS_PER_MESSAGE, WORK_ITEMS_PER_MESSAGE, 3]);

    // A message holding one envelope (not an array; as earlier builds published) is handled too.
    const [single] = workItems(1);
    ch.publish(`${ns}herald.events`, 'messaging.email.queued.v1.transactional', Buffer.from(JSON.stringify(single)), { persistent: true });
    await eventually(async () => seen.includes(single.id), 20_000);
    await ch.close();
  });

  it('a work item that fails goes back to the queue alone, marked redelivered; its siblings done are not offered again', async () => {
    const { t, ns } = await amqpTransport([]);
    const calls: Array<{ id: string; redelivered: boolean }> = [];
    const items = workItems(3);
    let failed = false;
    await t.work(
      workOn(ns, 'retry', 8, async (e, info) => {
        calls.push({ id: e.id, redelivered: info.redelivered });
        if (e.id === items[1].id && !failed) {
          failed = true;
          throw new Error('temporary trouble');
        }
      }),
    );
    await t.start();
    await t.publish(items);
    await eventually(async () => calls.length >= 4, 20_000);
    await new Promise((r) => setTimeout(r, 500));
    expect(items.map((i) => calls.filter((c) => c.id === i.id).map((c) => c.redelivered))).toEqual([[false], [false, true], [false]]);
    // Both messages acked: the queue holds nothing.
    const ch = await (await connection()).createChannel();
    expect((await ch.checkQueue(`${ns}work-retry`)).messageCount).toBe(0);
    await ch.close();
  });

  it('a refused publish of the relay on the shared channel does not make a work message hand back its items twice', async () => {
    const { t, ns } = await amqpTransport([]);
    const calls: Array<{ id: string; redelivered: boolean }> = [];
    const items = workItems(6);
    await t.work(
      workOn(ns, 'shared', 8, async (e, info) => {
        calls.push({ id: e.id, redelivered: info.redelivered });
        if (!info.redelivered) throw new Error('temporary trouble'); // each fails once: six hand-backs
      }),
    );
    await t.start();
    // A queue that refuses everything (reject-publish at length 0) makes the broker nack what the relay publishes to it.
    const ch = await (await connection()).createChannel();
    const full = `${ns}work-full`;
    workQueuesUsed.push(full);
    await ch.assertQueue(full, { durable: false, arguments: { 'x-max-length': 0, 'x-overflow': 'reject-publish' } });
    await ch.bindQueue(full, `${ns}herald.events`, 'contacts.contact.subscription_changed.v1');
    let refusals = 0;
    let relaying = true;
    const relay = (async () => {
      // Refused publishes in flight all the time (a timer between rounds, so the loop never starves the event loop).
      while (relaying) {
        await new Promise((r) => setTimeout(r, 1));
        const refused = () => ({
          id: newId(),
          type: 'contacts.contact.subscription_changed.v1' as const,
          occurredAt: new Date().toISOString(),
          projectId: newId(),
          data: { contactId: newId(), email: 'full@example.com', subscribed: true },
        });
        await Promise.all(Array.from({ length: 4 }, () => t.publish([refused()]).catch(() => refusals++)));
      }
    })();
    // Six messages, through a channel of the test's own (the transport's publish sees the refusals).
    for (const item of items)
      ch.publish(`${ns}herald.events`, 'messaging.email.queued.v1.transactional', Buffer.from(JSON.stringify([item])), { persistent: true });
    await eventually(async () => calls.length >= 12, 20_000);
    await new Promise((r) => setTimeout(r, 500));
    relaying = false;
    await relay;
    expect(refusals).toBeGreaterThan(0);
    // Each ran twice: once, then once more handed back. A hand-back that took the relay's refusal for
    // its own would have requeued its message too, and the item would have run three times.
    expect(items.map((i) => calls.filter((c) => c.id === i.id).map((c) => c.redelivered))).toEqual(items.map(() => [false, true]));
    await ch.close();
  });

  it('a work item that keeps failing is dead-lettered alone after the delivery limit', async () => {
    const { t, ns } = await amqpTransport([]);
    const items = workItems(3);
    const calls: string[] = [];
    await t.work(
      workOn(ns, 'poison', 8, async (e) => {
        calls.push(e.id);
        if (e.id === items[2].id) throw new Error('poison');
      }),
    );
    await t.start();
    await t.publish(items);
    const ch = await (await connection()).createChannel();
    const msg = await eventually(async () => (await ch.get(`${ns}work-poison.dlq`, { noAck: true })) || undefined, 30_000, 100);
    expect(JSON.parse(msg!.content.toString('utf8')).map((e: DomainEvent) => e.id)).toEqual([items[2].id]);
    expect(calls.filter((id) => id === items[2].id)).toHaveLength(5);
    expect(calls.filter((id) => id !== items[2].id).sort()).toEqual([items[0].id, items[1].id].sort());
    expect((await ch.checkQueue(`${ns}work-poison`)).messageCount).toBe(0);
    await ch.close();
  });

  it('quiesce: the items of a message not started yet go back to the queue, without the one that ran, not marked redelivered', async () => {
    const { t, ns } = await amqpTransport([]);
    const started: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await t.work(
      workOn(ns, 'quiesce', 1, async (e) => {
        started.push(e.id);
        await gate;
      }),
    );
    await t.start();
    const items = workItems(3);
    await t.publish(items);
    await eventually(async () => started.length === 1, 20_000);
    const quiesced = t.quiesce(10_000);
    release();
    await quiesced;
    await t.stop();
    expect(started).toEqual([items[0].id]);

    const ch = await (await connection()).createChannel();
    const msg = await eventually(async () => (await ch.get(`${ns}work-quiesce`, { noAck: true })) || undefined, 20_000, 100);
    expect(JSON.parse(msg!.content.toString('utf8')).map((e: DomainEvent) => e.id)).toEqual([items[1].id, items[2].id]);
    expect(msg!.fields.redelivered).toBe(false);
    expect(msg!.properties.headers?.['x-herald-redelivered']).toBe(false);
    expect(await ch.get(`${ns}work-quiesce`, { noAck: true })).toBe(false);
    await ch.close();
  });

  it('a connection that dies leaves the items still waiting for a slot unstarted: only the redelivered message runs them', async () => {
    const proxy = await brokerProxy(await freePort());
    const { t, ns } = await amqpTransport([], brokerUrlVia(proxy.port));
    const calls: Array<{ id: string; redelivered: boolean }> = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await t.work(
      workOn(ns, 'closed', 1, async (e, info) => {
        calls.push({ id: e.id, redelivered: info.redelivered });
        if (calls.length === 1) await gate; // the first item holds the only slot
      }),
    );
    await t.start();
    const items = workItems(3);
    await t.publish(items);
    await eventually(async () => calls.length === 1, 20_000);
    proxy.destroyAll(); // the broker is gone for this channel; the transport reconnects through the proxy
    // The broker delivers the message again on the new connection, whole and flagged redelivered
    // (at least once, as before batching: the first item's first run is still going).
    await eventually(async () => items.every((i) => calls.some((c) => c.id === i.id && c.redelivered)), 20_000, 50);
    release();
    await new Promise((r) => setTimeout(r, 500));
    // The two items that were waiting behind the first on the dead channel never started there.
    expect(calls.filter((c) => !c.redelivered).map((c) => c.id)).toEqual([items[0].id]);
  });

  /** Publishes one event through `t` and waits for its consumer (which pushes to `applied`) to get it. */
  async function expectRoundTrip(t: AmqpTransport, applied: string[]) {
    const e: DomainEvent = {
      id: newId(),
      type: 'contacts.contact.subscription_changed.v1',
      occurredAt: new Date().toISOString(),
      projectId: newId(),
      data: { contactId: newId(), email: 'late@example.com', subscribed: true },
    };
    await t.publish([e]);
    await eventually(async () => applied.includes(e.id), 20_000);
  }

  let shared: amqp.ChannelModel | undefined;
  async function connection() {
    if (!shared) {
      shared = await amqp.connect(INFRA.rabbitmq.url);
      cleanups.push(async () => {
        const c = shared;
        shared = undefined;
        await c?.close();
      });
    }
    return shared;
  }
});

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

function brokerUrlVia(port: number) {
  const u = new URL(INFRA.rabbitmq.url);
  u.hostname = '127.0.0.1';
  u.port = String(port);
  return u.toString();
}

/**
 * A TCP proxy on loopback `port` to the real broker. With `cutFirstAtExchangeDeclare`, the first
 * connection is cut the moment the client sends an Exchange.Declare (AMQP frame type 1, class 40,
 * method 10): the broker failing in the middle of setup.
 */
async function brokerProxy(port: number, opts: { cutFirstAtExchangeDeclare?: boolean } = {}) {
  const broker = new URL(INFRA.rabbitmq.url);
  const sockets = new Set<net.Socket>();
  const destroyAll = () => {
    for (const s of sockets) s.destroy();
  };
  const state = { port, connections: 0, cut: 0, destroyAll };
  const server = net.createServer((client) => {
    const n = ++state.connections;
    const upstream = net.connect(Number(broker.port || 5672), broker.hostname);
    sockets.add(client).add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    upstream.pipe(client);
    if (!(opts.cutFirstAtExchangeDeclare && n === 1)) {
      client.pipe(upstream);
      return;
    }
    // Walk the client's frames after the 8-byte protocol header; forward until the declare.
    let buf = Buffer.alloc(0);
    let headerSkipped = false;
    client.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      if (!headerSkipped) {
        if (buf.length < 8) return;
        upstream.write(buf.subarray(0, 8));
        buf = buf.subarray(8);
        headerSkipped = true;
      }
      while (buf.length >= 7) {
        const size = buf.readUInt32BE(3);
        if (buf.length < 8 + size) return;
        const frame = buf.subarray(0, 8 + size);
        buf = buf.subarray(8 + size);
        if (frame[0] === 1 && size >= 4 && frame.readUInt16BE(7) === 40 && frame.readUInt16BE(9) === 10) {
          state.cut++;
          close();
          return;
        }
        upstream.write(frame);
      }
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  cleanups.push(async () => {
    destroyAll();
    await new Promise((r) => server.close(r));
  });
  return state;
}
