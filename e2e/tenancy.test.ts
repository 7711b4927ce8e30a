import crypto from 'node:crypto';
import { contracts, grpcClient } from '../libs/contracts/src';
import { Api, eventually, expectAppError, OWNER, session, Topology, TopologyKind } from '../libs/testing/src';
import { sharedHerald } from './support/herald';

/** The project comes from the key, and one project never sees or touches another's data. */

describe.each<TopologyKind>(['all', 'split'])('tenancy (%s)', (kind) => {
  let t: Topology;
  let one: Api;
  let two: Api;
  let twoId: string;
  let contact: any;
  beforeAll(async () => {
    t = await sharedHerald(kind);
    one = new Api(t.baseUrl, t.keys.secret);
    const owner = await t.owner();
    const created = await owner.post('/users/@me/projects', { name: 'Tenant two' });
    expect(created.status).toBe(201);
    two = new Api(t.baseUrl, created.body.secret);
    twoId = created.body.id;

    // Project one: a contact with data, tracked events, and its subscription event delivered.
    contact = (await one.post('/contacts', { email: 'shared@tenant.test', data: { secretPlan: 'enterprise', profile: { tier: 'gold' } } })).body;
    await new Api(t.baseUrl, t.keys.public).post('/v1/track', { event: 'tenant-one-event', email: 'shared@tenant.test', data: { k: 1 } });
    await eventually(async () => (await one.get(`/events/contact/${contact.id}`)).body.events.length === 2);
  }, 60_000);
  afterAll(() => t?.stop());

  it("404s on another project's contact by id: GET, PATCH, DELETE leave it untouched", async () => {
    for (const res of [
      await two.get(`/contacts/${contact.id}`),
      await two.patch(`/contacts/${contact.id}`, { subscribed: false, data: { hacked: true } }),
      await two.patch(`/contacts/${contact.id}`, { email: 'stolen@tenant.test' }),
      await two.delete(`/contacts/${contact.id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('CONTACT_NOT_FOUND');
    }
    const still = await one.get(`/contacts/${contact.id}`);
    expect(still.status).toBe(200);
    expect(still.body).toMatchObject({ email: 'shared@tenant.test', subscribed: true, data: { secretPlan: 'enterprise', profile: { tier: 'gold' } } });
  });

  it("does not list, look up or describe another project's contacts", async () => {
    const list = await two.get('/contacts?limit=100');
    expect(list.body.data.map((c: any) => c.email)).not.toContain('shared@tenant.test');
    expect((await two.get('/contacts?search=tenant')).body).toMatchObject({ data: [], total: 0 });
    expect((await two.post('/contacts/lookup', { emails: ['shared@tenant.test'] })).body).toEqual({ found: [], notFound: ['shared@tenant.test'] });
    const fields = (await two.get('/contacts/fields')).body.fields.map((f: any) => f.field);
    expect(fields).not.toContain('data.secretPlan');
    expect(fields).not.toContain('data.profile.tier');
    expect((await two.get('/contacts/fields/data.secretPlan/values')).body).toMatchObject({ values: [], count: 0 });
    expect((await two.get('/contacts/fields/email/values')).body.values).not.toContain('shared@tenant.test');
    // …while project one sees them.
    expect((await one.get('/contacts/fields/data.secretPlan/values')).body.values).toEqual(['enterprise']);
  });

  it("does not show another project's events", async () => {
    expect((await two.get(`/events/contact/${contact.id}`)).body).toEqual({ events: [] });
    expect((await two.get('/events')).body.events.map((e: any) => e.name)).not.toContain('tenant-one-event');
    expect((await two.get('/events?eventName=tenant-one-event')).body).toEqual({ events: [] });
    expect((await two.get('/events/names')).body.eventNames).not.toContain('tenant-one-event');
    expect((await two.get('/events/stats')).body.map((s: any) => s.name)).not.toContain('tenant-one-event');
    expect((await two.get('/events/tenant-one-event/usage')).body).toMatchObject({ totalCount: 0, uniqueContacts: 0 });
  });

  it('deletes by name and by field only within its own project', async () => {
    expect((await two.delete('/events/tenant-one-event')).body).toEqual({ deletedCount: 0 });
    expect((await one.get('/events/tenant-one-event/usage')).body).toMatchObject({ totalCount: 1, uniqueContacts: 1 });
    expect((await two.delete('/contacts/fields/data.secretPlan')).body).toEqual({ deletedFrom: 0 });
    expect((await one.get(`/contacts/${contact.id}`)).body.data.secretPlan).toBe('enterprise');
  });

  it('the same email is a separate contact in each project', async () => {
    const mine = await two.post('/contacts', { email: 'shared@tenant.test', data: { other: true } });
    expect(mine.status).toBe(201);
    expect(mine.body.id).not.toBe(contact.id);
    expect(mine.body.data).toEqual({ other: true });
    const tracked = await two.post('/v1/track', { event: 'tenant-two-event', email: 'shared@tenant.test' });
    expect(tracked.body.data.contact).toBe(mine.body.id);
    expect((await one.get(`/contacts/${contact.id}`)).body.data).toEqual({ secretPlan: 'enterprise', profile: { tier: 'gold' }, k: 1 });
    expect((await one.get('/events/names')).body.eventNames).not.toContain('tenant-two-event');
    expect((await one.get('/contacts?search=shared@tenant.test')).body.total).toBe(1);
    // Project-two facts land under project two only.
    await eventually(async () => (await t.sql(`SELECT 1 FROM contacts.event_facts WHERE project_id = $1 AND name = 'tenant-two-event'`, [twoId])).length === 1);
    expect(await t.sql(`SELECT 1 FROM contacts.event_facts WHERE project_id = $1 AND name = 'tenant-two-event'`, [t.projectId])).toEqual([]);
  });

  // Split only: all-in-one serves no gRPC port.
  if (kind === 'split')
    it("a caller of a service's gRPC port sees only the project its metadata names, and nothing without the token", async () => {
      const env = t.procs.find((p) => p.target === 'gateway')!.env;
      const call = (internalToken: string) =>
        grpcClient(contracts.contacts.definition(), contracts.contacts.fullName, env.CONTACTS_ADDR!, { deadlineMs: 5000, internalToken });
      const herald = call(env.INTERNAL_TOKEN!);
      const stranger = call(crypto.randomBytes(32).toString('hex'));
      try {
        // The right token, project two in the metadata: project two's contacts, never project one's.
        const listed = await herald.ListContacts({ limit: 100, search: 'shared@tenant.test' }, { projectId: twoId });
        expect(listed.contacts.map((c) => c.id)).not.toContain(contact.id);
        expect(listed.contacts.map((c) => c.email)).toEqual(['shared@tenant.test']);
        expect((await expectAppError(herald.GetContact({ id: contact.id }, { projectId: twoId }))).status).toBe(404);
        expect((await herald.GetContact({ id: contact.id }, { projectId: t.projectId })).contact!.email).toBe('shared@tenant.test');
        // Without Herald's token: nothing, whatever project it names.
        const refused = await expectAppError(stranger.GetContact({ id: contact.id }, { projectId: t.projectId }));
        expect(refused.status).toBe(503);
        expect(refused.message).toMatch(/INTERNAL_TOKEN/);
        // The refusal is logged by the contacts process; its line reaches this process a moment later.
        await eventually(async () => /refused a gRPC call with a wrong internal token/.test(t.output('contacts')), 5000);
        expect(t.output('contacts')).not.toContain(env.INTERNAL_TOKEN!);
      } finally {
        herald.close();
        stranger.close();
      }
    });

  it('a session scoped to project two sees project two only', async () => {
    const s = await session(t.baseUrl, OWNER.email, OWNER.password, twoId);
    const found = await s.post('/contacts/lookup', { emails: ['shared@tenant.test'] });
    expect(found.body.found).toEqual(['shared@tenant.test']);
    expect((await s.get(`/contacts/${contact.id}`)).status).toBe(404);
    expect((await s.get(`/events/contact/${contact.id}`)).body).toEqual({ events: [] });
  });
});
