/**
 * Reliability e2e: processes crash (SIGKILL) and broker connections drop while domain events are
 * in flight; every change must still produce its public event exactly once. Also the rate limit
 * holding across two gateway processes (Redis) and in one process (memory).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import amqp from 'amqplib';
import { Api, eventually, INFRA, OWNER, session, Topology } from '../libs/testing/src';
import { startHerald } from './support/herald';

const run = promisify(execFile);
jest.setTimeout(180_000);

interface Change {
  contactId: string;
  name: 'contact.subscribed' | 'contact.unsubscribed';
}

/** Public subscription events recorded for the given contacts: `${contactId}|${name}` → how many. */
async function subscriptionEventCounts(t: Topology, contactIds: string[]) {
  const rows = await t.sql<{ contact_id: string; name: string; n: string }>(
    `SELECT contact_id, name, count(*) AS n FROM events.events
     WHERE project_id = $1 AND contact_id = ANY($2::uuid[]) AND name IN ('contact.subscribed', 'contact.unsubscribed')
     GROUP BY contact_id, name`,
    [t.projectId, contactIds],
  );
  return new Map(rows.map((r) => [`${r.contact_id}|${r.name}`, Number(r.n)]));
}

/** Waits until every change has its event, the outboxes are drained, then checks none is doubled. */
async function expectExactlyOnce(t: Topology, changes: Change[], timeoutMs = 90_000) {
  const ids = [...new Set(changes.map((c) => c.contactId))];
  const expected = new Map<string, number>();
  for (const c of changes) expected.set(`${c.contactId}|${c.name}`, (expected.get(`${c.contactId}|${c.name}`) ?? 0) + 1);
  await eventually(
    async () => {
      const counts = await subscriptionEventCounts(t, ids);
      return [...expected.keys()].every((k) => (counts.get(k) ?? 0) >= 1);
    },
    timeoutMs,
    250,
  );
  await eventually(async () => (await t.sql('SELECT 1 FROM contacts.outbox LIMIT 1')).length === 0, timeoutMs, 250);
  await eventually(async () => (await t.sql('SELECT 1 FROM events.outbox LIMIT 1')).length === 0, timeoutMs, 250);
  const counts = await subscriptionEventCounts(t, ids);
  expect(Object.fromEntries(counts)).toEqual(Object.fromEntries(expected));
}

/** Creates `n` new (subscribed) contacts and unsubscribes each: two changes per contact. */
async function subscribeThenUnsubscribe(apis: Api[], prefix: string, n: number, concurrency = 5): Promise<Change[]> {
  const changes: Change[] = [];
  const one = async (i: number) => {
    const api = apis[i % apis.length];
    const created = await api.post('/contacts', { email: `${prefix}-${i}@example.com`, data: { i } });
    expect([created.status, created.status === 201 ? '' : created.body]).toEqual([201, '']);
    expect(created.body.subscribed).toBe(true);
    changes.push({ contactId: created.body.id, name: 'contact.subscribed' });
    const off = await apis[(i + 1) % apis.length].patch(`/contacts/${created.body.id}`, { subscribed: false });
    expect([off.status, off.status === 200 ? '' : off.body]).toEqual([200, '']);
    expect(off.body.subscribed).toBe(false);
    changes.push({ contactId: created.body.id, name: 'contact.unsubscribed' });
  };
  for (let i = 0; i < n; i += concurrency) {
    await Promise.all(Array.from({ length: Math.min(concurrency, n - i) }, (_, k) => one(i + k)));
  }
  return changes;
}

async function queueDepth(queue: string): Promise<number> {
  const conn = await amqp.connect(INFRA.rabbitmq.url);
  try {
    const ch = await conn.createChannel();
    const q = await ch.checkQueue(queue);
    await ch.close();
    return q.messageCount;
  } finally {
    await conn.close().catch(() => undefined);
  }
}

/**
 * Closes, on the broker side, the RabbitMQ connections of the given processes (like a network cut
 * or a broker restart for them), leaving other test runs that share the broker alone. Returns how
 * many connections were closed.
 */
async function cutBrokerConnections(pids: number[]): Promise<number> {
  const { stdout: sockets } = await run('ss', ['-tnpH', 'dport = :5672']);
  const ports = new Set<string>();
  for (const line of sockets.split('\n')) {
    const local = /\s(\S+):(\d+)\s+\S+:5672\s/.exec(line);
    const pid = /pid=(\d+)/.exec(line);
    if (local && pid && pids.includes(Number(pid[1]))) ports.add(local[2]);
  }
  const { stdout: conns } = await run('rabbitmqctl', ['list_connections', 'pid', 'peer_port', '-q', '--no-table-headers']);
  const mine = conns
    .trim()
    .split('\n')
    .map((line) => line.trim().split('\t'))
    .filter(([pid, port]) => pid && ports.has(port));
  // All at once, so that both processes are cut off at the same moment.
  await Promise.all(mine.map(([pid]) => run('rabbitmqctl', ['close_connection', pid, 'reliability test: connection cut'])));
  return mine.length;
}

describe('split topology: crashes and broker outages lose nothing and apply nothing twice', () => {
  let t: Topology;
  let apis: Api[];

  beforeAll(async () => {
    t = await startHerald('split', { gateways: 2 });
    apis = t.gatewayUrls.map((u) => new Api(u, t.keys.secret));
  }, 120_000);
  afterAll(() => t?.stop());

  it('events consumer down: subscription changes wait in RabbitMQ and are recorded exactly once after restart', async () => {
    const queue = `${t.namespace}.events.events`;
    await t.kill('events');

    // Served by the contacts process; the events they cause queue up for the stopped consumer.
    const changes = await subscribeThenUnsubscribe(apis, 'consumer-down', 25);
    expect(changes).toHaveLength(50);
    // Published (the outbox is empty) and waiting in the queue (runs of events travel as one message).
    await eventually(async () => (await t.sql('SELECT 1 FROM contacts.outbox LIMIT 1')).length === 0 && (await queueDepth(queue)) > 0, 30_000, 250);
    expect(
      (
        await subscriptionEventCounts(
          t,
          changes.map((c) => c.contactId),
        )
      ).size,
    ).toBe(0);

    await t.restart('events');
    await expectExactlyOnce(t, changes);
    expect(await queueDepth(queue)).toBe(0);

    // And through the public API.
    const listed = await apis[1].get('/events?eventName=contact.unsubscribed&limit=100');
    expect(listed.status).toBe(200);
    const unsub = listed.body.events.filter((e: any) => changes.some((c) => c.contactId === e.contactId));
    expect(unsub).toHaveLength(25);
    expect(new Set(unsub.map((e: any) => e.contactId)).size).toBe(25);
    expect(unsub.every((e: any) => /^consumer-down-\d+@example\.com$/.test(e.contact.email))).toBe(true);
  });

  it('contacts killed while event facts are pending: after restart every tracked event is counted exactly once', async () => {
    const name = 'reliability-fact';
    const pub = apis[0].withKey(t.keys.public);
    const emails = Array.from({ length: 10 }, (_, i) => `fact-${i}@example.com`);
    const contactIds = new Set<string>();
    for (let round = 0; round < 3; round++) {
      const res = await Promise.all(
        emails.map((email, i) => (i % 2 ? apis[1] : apis[0]).withKey(t.keys.public).post('/v1/track', { event: name, email, data: { round } })),
      );
      for (const r of res) {
        expect({ status: r.status, body: r.status === 200 ? undefined : r.body }).toEqual({ status: 200, body: undefined });
        contactIds.add(r.body.data.contact);
      }
    }
    expect(pub).toBeDefined();
    await t.kill('contacts');
    await t.restart('contacts');

    const sum = async () =>
      Number((await t.sql(`SELECT coalesce(sum(count), 0) AS n FROM contacts.event_facts WHERE project_id = $1 AND name = $2`, [t.projectId, name]))[0].n);
    await eventually(async () => (await sum()) >= 30, 90_000, 250);
    await eventually(async () => (await t.sql('SELECT 1 FROM events.outbox LIMIT 1')).length === 0, 60_000, 250);
    await eventually(async () => (await queueDepth(`${t.namespace}.contacts.events`)) === 0, 60_000, 250);
    expect(await sum()).toBe(30);
    const perContact = await t.sql(`SELECT contact_id, count FROM contacts.event_facts WHERE project_id = $1 AND name = $2`, [t.projectId, name]);
    expect(perContact).toHaveLength(10);
    for (const r of perContact) {
      expect(contactIds.has(r.contact_id)).toBe(true);
      expect(Number(r.count)).toBe(3);
    }
    // The events service recorded each of the 30 once as well.
    const recorded = await t.sql(`SELECT count(*) AS n FROM events.events WHERE project_id = $1 AND name = $2`, [t.projectId, name]);
    expect(Number(recorded[0].n)).toBe(30);
  });

  it('broker connections cut while changes are made: outbox and consumers recover, exactly once', async () => {
    const pids = t.procs.filter((p) => p.target === 'contacts' || p.target === 'events').map((p) => p.child.pid!);
    const name = 'outage-fact';
    const bothReady = () =>
      eventually(
        async () => {
          for (const p of t.procs.filter((x) => x.target !== 'gateway')) {
            if ((await fetch(`http://127.0.0.1:${p.httpPort}/readyz`)).status !== 200) return false;
          }
          return true;
        },
        60_000,
        100,
      );

    const changes: Change[] = [];
    let tracked = 0;
    const changeBatch = async (label: string) => {
      const [made, res] = await Promise.all([
        subscribeThenUnsubscribe(apis, label, 6, 6),
        Promise.all(
          Array.from({ length: 6 }, (_, i) => apis[i % 2].withKey(t.keys.public).post('/v1/track', { event: name, email: `outage-track-${i}@example.com` })),
        ),
      ]);
      changes.push(...made);
      for (const r of res) expect(r.status).toBe(200);
      tracked += res.length;
    };

    await changeBatch('outage-before');
    for (let cycle = 0; cycle < 3; cycle++) {
      // Cut both processes off the broker, then change things at once, while they reconnect.
      expect(await cutBrokerConnections(pids)).toBeGreaterThanOrEqual(2);
      await changeBatch(`outage-during-${cycle}`);
      await bothReady();
    }
    await changeBatch('outage-after');

    expect(changes).toHaveLength(5 * 12);
    await expectExactlyOnce(t, changes);
    const sum = async () =>
      Number((await t.sql(`SELECT coalesce(sum(count), 0) AS n FROM contacts.event_facts WHERE project_id = $1 AND name = $2`, [t.projectId, name]))[0].n);
    await eventually(async () => (await sum()) >= tracked, 60_000, 250);
    await eventually(async () => (await queueDepth(`${t.namespace}.contacts.events`)) === 0, 60_000, 250);
    expect(await sum()).toBe(tracked);
    // Nothing was dead-lettered on the way.
    expect(await queueDepth(`${t.namespace}.events.events.dlq`)).toBe(0);
    expect(await queueDepth(`${t.namespace}.contacts.events.dlq`)).toBe(0);
  });
});

/** Sends `n` GET /contacts to each gateway at once; returns all responses. */
async function burst(urls: string[], key: string, n: number) {
  return (await Promise.all(urls.map((u) => Promise.all(Array.from({ length: n }, () => new Api(u, key).get('/contacts?limit=1')))))).flat();
}

function expectLimited(responses: Awaited<ReturnType<typeof burst>>, allowed: number) {
  const ok = responses.filter((r) => r.status === 200);
  const limited = responses.filter((r) => r.status === 429);
  expect(ok).toHaveLength(allowed);
  expect(limited).toHaveLength(responses.length - allowed);
  for (const r of limited) {
    expect(r.body.success).toBe(false);
    expect(r.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(r.body.error.statusCode).toBe(429);
    const retryAfter = Number(r.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(r.body.error.details.retryAfter).toBe(retryAfter);
  }
}

async function otherProjectKey(t: Topology): Promise<string> {
  const s = await session(t.baseUrl, OWNER.email, OWNER.password);
  const created = await s.post('/users/@me/projects', { name: 'Unaffected' });
  expect(created.status).toBe(201);
  expect(created.body.secret).toMatch(/^sk_/);
  return created.body.secret;
}

describe('rate limit across two gateway processes (split, Redis)', () => {
  let t: Topology;
  beforeAll(async () => {
    t = await startHerald('split', { gateways: 2, env: { RATE_LIMIT_PER_MINUTE: '40' } });
  }, 120_000);
  afterAll(() => t?.stop());

  it('allows exactly 40 requests per minute per project in total, and other projects are unaffected', async () => {
    const urls = t.gatewayUrls;
    expect(urls).toHaveLength(2);
    const other = await otherProjectKey(t);

    expectLimited(await burst(urls, t.keys.secret, 30), 40);

    const fresh = await burst(urls, other, 5);
    expect(fresh.map((r) => r.status)).toEqual(Array(10).fill(200));
    // The first project is still limited on both gateways.
    const again = await burst(urls, t.keys.secret, 1);
    expect(again.map((r) => r.status)).toEqual([429, 429]);
  });
});

describe('rate limit in one process (all-in-one, memory)', () => {
  let t: Topology;
  beforeAll(async () => {
    t = await startHerald('all', { env: { RATE_LIMIT_PER_MINUTE: '40' } });
  }, 120_000);
  afterAll(() => t?.stop());

  it('allows exactly 40 requests per minute per project, and other projects are unaffected', async () => {
    const other = await otherProjectKey(t);
    expectLimited(await burst([t.baseUrl], t.keys.secret, 60), 40);
    const fresh = await burst([t.baseUrl], other, 10);
    expect(fresh.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect((await burst([t.baseUrl], t.keys.secret, 1))[0].status).toBe(429);
  });
});

describe('all-in-one crash: outbox rows survive in PostgreSQL', () => {
  let t: Topology;
  beforeAll(async () => {
    t = await startHerald('all');
  }, 120_000);
  afterAll(() => t?.stop());

  it('SIGKILL right after the changes: after restart every change has its event exactly once', async () => {
    const api = new Api(t.baseUrl, t.keys.secret);
    const changes = await subscribeThenUnsubscribe([api], 'aio-crash', 30, 10);
    await t.kill('all');
    await t.restart('all');

    await expectExactlyOnce(t, changes);
    const listed = await new Api(t.baseUrl, t.keys.secret).get('/events?eventName=contact.subscribed&limit=100');
    expect(listed.status).toBe(200);
    const mine = listed.body.events.filter((e: any) => /^aio-crash-\d+@example\.com$/.test(e.contact.email));
    expect(mine).toHaveLength(30);
  });
});
