import crypto from 'node:crypto';
import { Api, ApiResponse, eventually, Topology, TopologyKind } from '../libs/testing/src';
import { sharedHerald } from './support/herald';

/** /v1/track and its subscription rules, the event reads and deletes, and the reserved event names. */

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const uid = () => crypto.randomBytes(4).toString('hex');

function expectError(res: ApiResponse, status: number, code: string) {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  expect(res.body.success).toBe(false);
}

describe.each<TopologyKind>(['all'])('events (%s)', (kind) => {
  let t: Topology;
  let api: Api;
  let pub: Api;
  beforeAll(async () => {
    t = await sharedHerald(kind);
    api = new Api(t.baseUrl, t.keys.secret);
    pub = new Api(t.baseUrl, t.keys.public);
  }, 60_000);
  afterAll(() => t?.stop());

  const eventsOf = async (contactId: string) => (await api.get(`/events/contact/${contactId}`)).body.events as any[];
  const namesOf = async (contactId: string) => (await eventsOf(contactId)).map((e) => e.name).sort();
  /** Waits until the contact's events (sorted names) are exactly `expected`. */
  const expectEventsEventually = (contactId: string, expected: string[]) =>
    eventually(async () => JSON.stringify(await namesOf(contactId)) === JSON.stringify([...expected].sort())).catch(async () => {
      expect(await namesOf(contactId)).toEqual([...expected].sort());
    });

  describe('tracking', () => {
    it('tracks with pk_ and sk_ keys and through /events/track, answering the envelope', async () => {
      const email = `track-${uid()}@events.test`;
      const a = await pub.post('/v1/track', { event: 'signed-up', email, data: { plan: 'pro' } });
      expect(a.status).toBe(200);
      expect(a.body).toEqual({ success: true, data: { contact: expect.any(String), event: expect.any(String), timestamp: expect.stringMatching(ISO) } });
      const b = await api.post('/v1/track', { event: 'upgraded', email: email.toUpperCase() });
      expect(b.status).toBe(200);
      expect(b.body.data.contact).toBe(a.body.data.contact);
      const c = await pub.post('/events/track', { event: 'logged-in', email });
      expect(c.status).toBe(200);
      expect(c.body).toEqual({ success: true, data: { contact: a.body.data.contact, event: expect.any(String), timestamp: expect.stringMatching(ISO) } });
      expect(new Set([a.body.data.event, b.body.data.event, c.body.data.event]).size).toBe(3);

      const contact = (await api.get(`/contacts/${a.body.data.contact}`)).body;
      expect(contact).toMatchObject({ email, subscribed: true, data: { plan: 'pro' } });
      await expectEventsEventually(a.body.data.contact, ['contact.subscribed', 'signed-up', 'upgraded', 'logged-in']);
      const tracked = (await eventsOf(a.body.data.contact)).find((e) => e.name === 'signed-up');
      expect(tracked).toEqual({
        id: a.body.data.event,
        name: 'signed-up',
        data: { plan: 'pro' },
        contactId: a.body.data.contact,
        contact: { email },
        createdAt: expect.stringMatching(ISO),
      });
    });

    it('an existing contact keeps its state when subscribed is omitted; subscribed:false unsubscribes', async () => {
      const email = `state-${uid()}@events.test`;
      const created = await api.post('/contacts', { email, subscribed: false });
      expect(created.status).toBe(201);
      const id = created.body.id;
      await pub.post('/v1/track', { event: 'visited', email });
      expect((await api.get(`/contacts/${id}`)).body.subscribed).toBe(false);

      await pub.post('/v1/track', { event: 'opted-in', email, subscribed: true });
      expect((await api.get(`/contacts/${id}`)).body.subscribed).toBe(true);
      await pub.post('/v1/track', { event: 'visited', email });
      expect((await api.get(`/contacts/${id}`)).body.subscribed).toBe(true);
      await pub.post('/v1/track', { event: 'opted-out', email, subscribed: false });
      expect((await api.get(`/contacts/${id}`)).body.subscribed).toBe(false);
      await expectEventsEventually(id, ['visited', 'opted-in', 'contact.subscribed', 'visited', 'opted-out', 'contact.unsubscribed']);
    });

    it('a new contact tracked with subscribed:false starts unsubscribed, with no subscription event', async () => {
      const email = `quiet-${uid()}@events.test`;
      const res = await pub.post('/v1/track', { event: 'quiet', email, subscribed: false });
      expect((await api.get(`/contacts/${res.body.data.contact}`)).body.subscribed).toBe(false);
      // A later event proves the bus has delivered what came before it.
      await api.patch(`/contacts/${res.body.data.contact}`, { subscribed: true });
      await expectEventsEventually(res.body.data.contact, ['quiet', 'contact.subscribed']);
    });

    it('concurrent tracks for one new email make one contact, every event, one subscription event', async () => {
      const email = `burst-${uid()}@events.test`;
      const results = await Promise.all(Array.from({ length: 10 }, () => pub.post('/v1/track', { event: 'burst', email })));
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
      const ids = new Set(results.map((r) => r.body.data.contact));
      expect(ids.size).toBe(1);
      const [id] = [...ids];
      await expectEventsEventually(id, [...Array(10).fill('burst'), 'contact.subscribed']);
      expect((await api.get(`/contacts?search=${encodeURIComponent(email)}`)).body.total).toBe(1);
    });

    it('concurrent tracks are batched, yet each succeeds or fails on its own and stays in its project', async () => {
      const owner = await t.owner();
      const other = await owner.post('/users/@me/projects', { name: `Batch ${uid()}` });
      expect(other.status).toBe(201);
      const otherApi = new Api(t.baseUrl, other.body.secret);
      const run = uid();
      const shared = `shared-${run}@events.test`;
      // One burst: good tracks for two projects (the same email in both), a reserved event name
      // (refused by events) and a bad address (refused by contacts) — all in flight together.
      const requests: Array<{ via: Api; body: Record<string, unknown>; ok: boolean }> = [];
      for (let i = 0; i < 12; i++) requests.push({ via: pub, body: { event: 'batched', email: `b${i}-${run}@events.test`, data: { n: i } }, ok: true });
      requests.push({ via: pub, body: { event: 'batched', email: shared, data: { side: 'one' } }, ok: true });
      requests.push({ via: otherApi, body: { event: 'batched', email: shared, data: { side: 'two' } }, ok: true });
      requests.push({ via: pub, body: { event: 'email.sent', email: `bad-name-${run}@events.test` }, ok: false });
      requests.push({ via: pub, body: { event: 'batched', email: `not an email ${run}` }, ok: false });
      const results = await Promise.all(requests.map((r) => r.via.post('/v1/track', r.body)));
      results.forEach((res, i) => {
        if (requests[i].ok) expect({ i, status: res.status }).toEqual({ i, status: 200 });
        else expectError(res, 422, 'VALIDATION_ERROR');
      });
      const badName = `bad-name-${run}@events.test`;
      expect((await api.post('/contacts/lookup', { emails: [badName] })).body.notFound).toEqual([badName]);
      const inOne = results[12].body.data.contact;
      const inTwo = results[13].body.data.contact;
      expect(inOne).not.toBe(inTwo);
      expect((await api.get(`/contacts/${inOne}`)).body).toMatchObject({ email: shared, data: { side: 'one' } });
      expect((await otherApi.get(`/contacts/${inTwo}`)).body).toMatchObject({ email: shared, data: { side: 'two' } });
      expect((await api.get(`/contacts/${inTwo}`)).status).toBe(404);
      expect((await otherApi.get(`/contacts/${inOne}`)).status).toBe(404);
      await expectEventsEventually(results[0].body.data.contact, ['batched', 'contact.subscribed']);
      await eventually(async () => (await otherApi.get(`/events/contact/${inTwo}`)).body.events.length === 2);
      expect((await otherApi.get(`/events/contact/${inTwo}`)).body.events.map((e: any) => e.name).sort()).toEqual(['batched', 'contact.subscribed']);
    });

    it('refuses reserved names with 422 reserved_event on field event, recording nothing', async () => {
      const email = `reserved-${uid()}@events.test`;
      for (const event of [
        'email.sent',
        ' email.sent ',
        'email.anything',
        'contact.subscribed',
        'contact.unsubscribed',
        'segment.vip.entry',
        'segment.big-spenders.exit',
      ]) {
        for (const path of ['/v1/track', '/events/track']) {
          const res = await pub.post(path, { event, email });
          expectError(res, 422, 'VALIDATION_ERROR');
          expect(res.body.error.errors[0]).toEqual({ field: 'event', code: 'reserved_event', message: expect.any(String) });
        }
      }
      expect((await api.post('/contacts/lookup', { emails: [email] })).body.notFound).toEqual([email]);
      // Look-alikes are ordinary names.
      for (const event of ['emails.sent', 'contact.subscribed.later', 'segment.vip', 'my.email.sent']) {
        expect((await pub.post('/v1/track', { event, email })).status).toBe(200);
      }
    });

    it('validates the body', async () => {
      expectError(await pub.post('/v1/track', { event: 'x' }), 422, 'VALIDATION_ERROR');
      expectError(await pub.post('/v1/track', { email: 'x@events.test' }), 422, 'VALIDATION_ERROR');
      const bad = await pub.post('/v1/track', { event: 'x', email: 'not-an-email' });
      expectError(bad, 422, 'VALIDATION_ERROR');
      expect(bad.body.error.errors[0].field).toBe('email');
    });
  });

  describe('idempotency', () => {
    it('without the header, tracking twice records two events', async () => {
      const email = `twice-${uid()}@events.test`;
      const a = await pub.post('/v1/track', { event: 'twice', email });
      const b = await pub.post('/v1/track', { event: 'twice', email });
      expect(a.body.data.event).not.toBe(b.body.data.event);
      expect(b.headers.get('idempotent-replayed')).toBeNull();
      const list = await api.get('/events?eventName=twice');
      expect(list.body.events.map((e: any) => e.id).sort()).toEqual([a.body.data.event, b.body.data.event].sort());
    });

    it('a repeat with the same Idempotency-Key replays the first response and records nothing', async () => {
      const email = `idem-${uid()}@events.test`;
      const key = `key-${uid()}`;
      const body = { event: 'idem', email, data: { n: 1 } };
      const first = await pub.post('/v1/track', body, { 'idempotency-key': key });
      expect(first.status).toBe(200);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const again = await pub.post('/v1/track', body, { 'idempotency-key': key });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      // The same key through the secret key of the same project is the same request.
      const viaSecret = await api.post('/v1/track', body, { 'idempotency-key': key });
      expect(viaSecret.body).toEqual(first.body);

      const usage = await api.get('/events/idem/usage');
      expect(usage.body.totalCount).toBe(1);

      const different = await pub.post('/v1/track', { ...body, data: { n: 2 } }, { 'idempotency-key': key });
      expectError(different, 409, 'CONFLICT');
      expect((await api.get('/events/idem/usage')).body.totalCount).toBe(1);
      expect((await api.get(`/contacts/${first.body.data.contact}`)).body.data).toEqual({ n: 1 });

      // A new key runs again.
      const other = await pub.post('/v1/track', body, { 'idempotency-key': `${key}-2` });
      expect(other.body.data.event).not.toBe(first.body.data.event);
      expect((await api.get('/events/idem/usage')).body.totalCount).toBe(2);
    });

    it('a rejected request is replayed as the same error', async () => {
      const key = `err-${uid()}`;
      const body = { event: 'email.sent', email: `idem-err-${uid()}@events.test` };
      const first = await pub.post('/v1/track', body, { 'idempotency-key': key });
      expectError(first, 422, 'VALIDATION_ERROR');
      const again = await pub.post('/v1/track', body, { 'idempotency-key': key });
      expectError(again, 422, 'VALIDATION_ERROR');
      expect(again.body.error.errors).toEqual(first.body.error.errors);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
    });

    it('concurrent requests with one key record one event', async () => {
      const key = `conc-${uid()}`;
      const body = { event: 'idem-conc', email: `idem-conc-${uid()}@events.test` };
      const results = await Promise.all(Array.from({ length: 5 }, () => pub.post('/v1/track', body, { 'idempotency-key': key })));
      for (const r of results) expect([200, 409]).toContain(r.status);
      const ok = results.filter((r) => r.status === 200);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      expect(new Set(ok.map((r) => r.body.data.event)).size).toBe(1);
      expect((await api.get('/events/idem-conc/usage')).body.totalCount).toBe(1);
    });

    it('keys are per project', async () => {
      const owner = await t.owner();
      const other = (await owner.post('/users/@me/projects', { name: 'Idem other' })).body;
      const key = `shared-${uid()}`;
      const body = { event: 'per-project', email: `pp-${uid()}@events.test` };
      const a = await pub.post('/v1/track', body, { 'idempotency-key': key });
      const b = await new Api(t.baseUrl, other.public).post('/v1/track', body, { 'idempotency-key': key });
      expect(b.status).toBe(200);
      expect(b.headers.get('idempotent-replayed')).toBeNull();
      expect(b.body.data.contact).not.toBe(a.body.data.contact);
    });
  });

  describe('subscription events from contacts', () => {
    it('POST /contacts and PATCH /contacts record contact.subscribed / contact.unsubscribed', async () => {
      const c = (await api.post('/contacts', { email: `sub-${uid()}@events.test` })).body;
      await expectEventsEventually(c.id, ['contact.subscribed']);
      await api.patch(`/contacts/${c.id}`, { subscribed: false });
      await expectEventsEventually(c.id, ['contact.subscribed', 'contact.unsubscribed']);
      // No change, no event.
      await api.patch(`/contacts/${c.id}`, { subscribed: false, data: { x: 1 } });
      await api.post('/contacts', { email: c.email, subscribed: true });
      await expectEventsEventually(c.id, ['contact.subscribed', 'contact.unsubscribed', 'contact.subscribed']);

      const quiet = (await api.post('/contacts', { email: `nosub-${uid()}@events.test`, subscribed: false })).body;
      await api.patch(`/contacts/${quiet.id}`, { subscribed: true });
      await expectEventsEventually(quiet.id, ['contact.subscribed']);
    });
  });

  describe('reading and deleting', () => {
    let p: Api;
    let contactA: string;
    let contactB: string;
    beforeAll(async () => {
      // A project of its own so counts and lists are exact.
      const owner = await t.owner();
      p = new Api(t.baseUrl, (await owner.post('/users/@me/projects', { name: 'Events read' })).body.secret);
      contactA = (await p.post('/v1/track', { event: 'x', email: 'a@read.test', subscribed: false })).body.data.contact;
      await p.post('/v1/track', { event: 'x', email: 'a@read.test', data: { n: 2 } });
      contactB = (await p.post('/v1/track', { event: 'x', email: 'b@read.test', subscribed: false })).body.data.contact;
      await p.post('/v1/track', { event: 'y', email: 'b@read.test', subscribed: false });
    });

    it('GET /events lists recent events newest first, with eventName and limit', async () => {
      const all = await p.get('/events');
      expect(all.status).toBe(200);
      expect(all.body.events.map((e: any) => e.name)).toEqual(['y', 'x', 'x', 'x']);
      expect(all.body.events.map((e: any) => e.contact.email)).toEqual(['b@read.test', 'b@read.test', 'a@read.test', 'a@read.test']);
      expect(all.body.events[2]).toMatchObject({ name: 'x', contactId: contactA, data: { n: 2 } });
      const xs = await p.get('/events?eventName=x&limit=2');
      expect(xs.body.events).toHaveLength(2);
      expect(xs.body.events.every((e: any) => e.name === 'x')).toBe(true);
      expect((await p.get('/events?eventName=nothing')).body.events).toEqual([]);
      expect((await p.get('/events?limit=1')).body.events.map((e: any) => e.name)).toEqual(['y']);
    });

    it('/events/stats, /events/names, /events/contact/:id', async () => {
      expect((await p.get('/events/stats')).body).toEqual([
        { name: 'x', count: 3 },
        { name: 'y', count: 1 },
      ]);
      expect((await p.get('/events/names')).body).toEqual({ eventNames: ['x', 'y'] });
      const ofB = await p.get(`/events/contact/${contactB}`);
      expect(ofB.status).toBe(200);
      expect(ofB.body.events.map((e: any) => e.name)).toEqual(['y', 'x']);
      expect(ofB.body.events.every((e: any) => e.contactId === contactB && e.contact.email === 'b@read.test')).toBe(true);
      expect((await p.get(`/events/contact/${crypto.randomUUID()}`)).body).toEqual({ events: [] });
    });

    it('keeps per-contact event facts for segment filters', async () => {
      const projectId = (await t.sql(`SELECT project_id FROM events.events WHERE contact_id = $1 LIMIT 1`, [contactA]))[0].project_id;
      const rows = await eventually(async () => {
        const r = await t.sql(`SELECT contact_id, count::int AS count FROM contacts.event_facts WHERE project_id = $1 AND name = 'x' ORDER BY count DESC`, [
          projectId,
        ]);
        return r.length === 2 && r[0].count === 2 ? r : undefined;
      });
      expect(rows).toEqual([
        { contact_id: contactA, count: 2 },
        { contact_id: contactB, count: 1 },
      ]);
    });

    it('/events/:name/usage counts events and contacts; reserved names cannot be deleted', async () => {
      expect((await p.get('/events/x/usage')).body).toEqual({ usedInSegments: [], usedInWorkflows: [], totalCount: 3, uniqueContacts: 2, canDelete: true });
      expect((await p.get('/events/nothing/usage')).body).toMatchObject({ totalCount: 0, uniqueContacts: 0, canDelete: true });
      expect((await p.get('/events/email.sent/usage')).body).toMatchObject({ canDelete: false });
      expectError(await p.delete('/events/email.sent'), 400, 'BAD_REQUEST');
      expectError(await p.delete('/events/contact.subscribed'), 400, 'BAD_REQUEST');
      expectError(await p.delete('/events/segment.vip.entry'), 400, 'BAD_REQUEST');
    });

    it('DELETE /events/:name deletes every event of that name and its facts', async () => {
      const res = await p.delete('/events/x');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ deletedCount: 3 });
      expect((await p.get('/events?eventName=x')).body.events).toEqual([]);
      expect((await p.get('/events/names')).body).toEqual({ eventNames: ['y'] });
      expect((await p.get('/events/x/usage')).body).toMatchObject({ totalCount: 0, uniqueContacts: 0 });
      expect((await p.get(`/events/contact/${contactB}`)).body.events.map((e: any) => e.name)).toEqual(['y']);
      expect((await p.delete('/events/x')).body).toEqual({ deletedCount: 0 });
      const projectId = (await t.sql(`SELECT project_id FROM events.events WHERE contact_id = $1 LIMIT 1`, [contactB]))[0].project_id;
      await eventually(async () => (await t.sql(`SELECT 1 FROM contacts.event_facts WHERE project_id = $1 AND name = 'x'`, [projectId])).length === 0);
      expect(await t.sql(`SELECT count::int AS count FROM contacts.event_facts WHERE project_id = $1 AND name = 'y'`, [projectId])).toEqual([{ count: 1 }]);
    });
  });

  it('event facts count each tracked event (main project)', async () => {
    const email = `facts-${uid()}@events.test`;
    const name = `fact-${uid()}`;
    await pub.post('/v1/track', { event: name, email });
    await pub.post('/v1/track', { event: name, email });
    const rows = await eventually(async () => {
      const r = await t.sql(`SELECT count::int AS count FROM contacts.event_facts WHERE project_id = $1 AND name = $2`, [t.projectId, name]);
      return r.length === 1 && r[0].count === 2 ? r : undefined;
    });
    expect(rows).toEqual([{ count: 2 }]);
  });

  it('deleting a contact removes its events', async () => {
    const email = `gone-${uid()}@events.test`;
    const res = await pub.post('/v1/track', { event: 'before-delete', email });
    const id = res.body.data.contact;
    await expectEventsEventually(id, ['before-delete', 'contact.subscribed']);
    expect((await api.delete(`/contacts/${id}`)).status).toBe(204);
    await eventually(async () => (await eventsOf(id)).length === 0);
    expect(await eventsOf(id)).toEqual([]);
  });
});
