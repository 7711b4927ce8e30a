import { Api, eventually, Topology, TopologyKind } from '../libs/testing/src';
import { sharedHerald, startHerald } from './support/herald';

describe.each<TopologyKind>(['all', 'split'])('smoke (%s)', (kind) => {
  let t: Topology;
  let api: Api;
  beforeAll(async () => {
    t = await sharedHerald(kind);
    api = new Api(t.baseUrl, t.keys.secret);
  }, 60_000);
  afterAll(() => t?.stop());

  it('tracks an event and records the subscription event through the bus', async () => {
    const tracked = await api.withKey(t.keys.public).post('/v1/track', { event: 'signed-up', email: 'smoke@example.com' });
    expect(tracked.status).toBe(200);
    const events = await eventually(async () => {
      const r = await api.get(`/events/contact/${tracked.body.data.contact}`);
      return r.body.events.length === 2 ? r.body.events : undefined;
    });
    expect(events.map((e: any) => e.name).sort()).toEqual(['contact.subscribed', 'signed-up']);
  });

  it('reports every module in /readyz and the whole process in one /metrics exposition', async () => {
    const ready = await api.withKey(undefined).get('/readyz');
    expect(ready.status).toBe(200);
    if (kind === 'all')
      expect(Object.keys(ready.body.checks).sort()).toEqual([
        'billing',
        'bus',
        'campaigns',
        'contacts',
        'domains',
        'events',
        'gateway',
        'messaging',
        'workflows',
      ]);
    if (kind === 'split') expect(Object.keys(ready.body.checks)).toContain('remote:contacts');
    const res = await fetch(`${t.baseUrl}/metrics`);
    const text = await res.text();
    expect(res.status).toBe(200);
    // The HTTP metrics come from the gateway; events published and consumed from the services
    // (in all-in-one a thread of their own): both are in the gateway's exposition.
    expect(text).toMatch(/^herald_http_request_duration_seconds_count\{[^}]*route="\/v1\/track"[^}]*\} [1-9]/m);
    if (kind === 'all') {
      expect(text).toMatch(/^herald_bus_published_total\{schema="contacts"\} [1-9]/m);
      // Each metric family once, with the process's own metrics (CPU, memory) not counted twice.
      const families = text
        .split('\n')
        .filter((l) => l.startsWith('# TYPE '))
        .map((l) => l.split(' ')[2]);
      expect(new Set(families).size).toBe(families.length);
      expect(text.split('\n').filter((l) => l.startsWith('process_cpu_seconds_total'))).toHaveLength(1);
    }
  });
});

describe('all-in-one on one thread (ALL_IN_ONE_THREADS=1)', () => {
  let t: Topology;
  let api: Api;
  beforeAll(async () => {
    t = await startHerald('all', { env: { ALL_IN_ONE_THREADS: '1' } });
    api = new Api(t.baseUrl, t.keys.secret);
  }, 60_000);
  afterAll(() => t?.stop());

  it('tracks, projects and sends as with two', async () => {
    const tracked = await api.withKey(t.keys.public).post('/v1/track', { event: 'one-thread', email: 'one@example.com' });
    expect(tracked.status).toBe(200);
    await eventually(async () => (await api.get(`/events/contact/${tracked.body.data.contact}`)).body.events.length === 2);
    const sent = await api.post('/v1/send', { to: 'one@example.com', from: 'owner@herald.local', subject: 'Hi', body: '<p>Hello</p>' });
    expect(sent.status).toBe(200);
    const mail = await eventually(async () => (await api.get('/dev/mailbox')).body.messages.find((m: any) => m.emailId === sent.body.data.emails[0].email));
    expect(mail.subject).toBe('Hi');
  });
});
