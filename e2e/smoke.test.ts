import { Api, eventually, Topology, TopologyKind } from '../libs/testing/src';

describe.each<TopologyKind>(['all', 'split'])('smoke (%s)', (kind) => {
  let t: Topology;
  let api: Api;
  beforeAll(async () => {
    t = await Topology.start(kind);
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
});
