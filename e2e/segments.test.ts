/**
 * Segments, in Plunk's shapes, end to end in both topologies: segment CRUD and its refusals,
 * members of DYNAMIC (live) and STATIC segments, compute with its entry and exit events, refresh,
 * the background recompute after a track, field and event usage, and tenant isolation on every
 * segment route.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Api, ApiResponse, eventually, Topology, TopologyKind } from '../libs/testing/src';
import { sharedHerald } from './support/herald';

jest.setTimeout(240_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function expectError(res: ApiResponse, status: number, code: string, field?: string) {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  expect(res.body).toMatchObject({ success: false, error: { statusCode: status, suggestion: expect.any(String) } });
  if (field) expect(res.body.error.errors.map((e: any) => e.field)).toContain(field);
}

const where = (...filters: object[]) => ({ logic: 'AND', groups: [{ filters }] });

describe.each<TopologyKind>(['all'])('segments (%s)', (kind) => {
  let t: Topology;
  let owner: Api;

  beforeAll(async () => {
    t = await sharedHerald(kind, { env: { SEGMENT_RECOMPUTE_DEBOUNCE_MS: '200' } });
    owner = await t.owner();
  }, 120_000);
  afterAll(async () => {
    if (t) fs.writeFileSync(path.join(os.tmpdir(), `herald-segments-${kind}.log`), t.output());
    await t?.stop();
  });

  /** A fresh, empty project. */
  async function freshProject(name: string) {
    const res = await owner.post('/users/@me/projects', { name });
    expect(res.status).toBe(201);
    return { api: new Api(t.baseUrl, res.body.secret), publicApi: new Api(t.baseUrl, res.body.public), id: res.body.id as string };
  }

  async function contact(api: Api, email: string, data: object = {}, subscribed = true): Promise<string> {
    const res = await api.post('/contacts', { email, data, subscribed });
    expect(res.status).toBeLessThan(300);
    return res.body.id;
  }

  const eventNames = async (api: Api, contactId: string) => (await api.get(`/events/contact/${contactId}`)).body.events.map((e: any) => e.name).sort();

  it('creates, lists, gets, updates and deletes segments, refusing what is wrong with a 422 or 409 naming it', async () => {
    const { api } = await freshProject('Segments CRUD');
    await contact(api, 'pro1@seg.test', { plan: 'pro', age: 40 });
    await contact(api, 'pro2@seg.test', { plan: 'pro', age: 20 });
    await contact(api, 'free@seg.test', { plan: 'free', age: 50 });

    const created = await api.post('/segments', {
      name: 'Pro Users!',
      description: 'Paying',
      type: 'DYNAMIC',
      condition: where({ field: 'data.plan', operator: 'equals', value: 'pro' }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(UUID),
      name: 'Pro Users!',
      description: 'Paying',
      type: 'DYNAMIC',
      condition: where({ field: 'data.plan', operator: 'equals', value: 'pro' }),
      trackMembership: false,
      memberCount: 2,
      computedAt: null,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });
    const id = created.body.id;

    // Aliases are stored normalised.
    const older = await api.post('/segments', { name: 'Older', type: 'DYNAMIC', condition: where({ field: 'data.age', operator: 'gte', value: 40 }) });
    expect(older.status).toBe(201);
    expect(older.body.condition.groups[0].filters[0].operator).toBe('greaterThanOrEqual');
    expect(older.body.memberCount).toBe(2);

    const list = await api.get('/segments');
    expect(list.status).toBe(200);
    expect(list.body.map((s: any) => s.name)).toEqual(['Pro Users!', 'Older']);
    expect((await api.get(`/segments/${id}`)).body).toEqual(created.body);

    // Refusals.
    expectError(
      await api.post('/segments', { name: 'S', type: 'STATIC', condition: where({ field: 'email', operator: 'contains', value: 'x' }) }),
      422,
      'VALIDATION_ERROR',
      'condition',
    );
    expectError(await api.post('/segments', { name: 'D', type: 'DYNAMIC' }), 422, 'VALIDATION_ERROR', 'condition');
    expectError(await api.post('/segments', { name: 'T', type: 'SOMETIMES' }), 422, 'VALIDATION_ERROR', 'type');
    expectError(await api.post('/segments', { name: '!!!', type: 'STATIC' }), 422, 'VALIDATION_ERROR', 'name');
    const badValue = await api.post('/segments', {
      name: 'Bad',
      type: 'DYNAMIC',
      condition: {
        logic: 'AND',
        groups: [
          { filters: [{ field: 'email', operator: 'contains', value: 'a' }] },
          { filters: [{ field: 'data.age', operator: 'greaterThan', value: 'old' }] },
        ],
      },
    });
    expectError(badValue, 422, 'VALIDATION_ERROR', 'condition.groups[1].filters[0].value');
    expectError(
      await api.post('/segments', { name: 'No unit', type: 'DYNAMIC', condition: where({ field: 'createdAt', operator: 'within', value: 3 }) }),
      422,
      'VALIDATION_ERROR',
      'condition.groups[0].filters[0].unit',
    );
    expectError(await api.post('/segments', { name: 'pro users', type: 'STATIC' }), 409, 'CONFLICT');
    // Names that race for one slug: one wins, the others are 409s.
    const racing = await Promise.all(['vip', 'VIP', 'Vip!'].map((name) => api.post('/segments', { name, type: 'STATIC' })));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409]);

    // Patch: name, description (null clears), condition; a static segment refuses a condition.
    const patched = await api.patch(`/segments/${id}`, {
      name: 'Pro',
      description: null,
      condition: where({ field: 'data.plan', operator: 'equals', value: 'free' }),
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id, name: 'Pro', description: null, memberCount: 1 });
    const stat = await api.post('/segments', { name: 'Hand picked', type: 'STATIC' });
    expect(stat.body).toMatchObject({ type: 'STATIC', condition: null, memberCount: 0 });
    expectError(
      await api.patch(`/segments/${stat.body.id}`, { condition: where({ field: 'email', operator: 'contains', value: 'a' }) }),
      422,
      'VALIDATION_ERROR',
      'condition',
    );
    expectError(await api.patch(`/segments/${id}`, {}), 400, 'BAD_REQUEST');

    // A segment another one's condition names cannot go; once that one is gone, it can.
    const ref = await api.post('/segments', {
      name: 'Pro and older',
      type: 'DYNAMIC',
      condition: where({ field: `segment.${id}`, operator: 'memberOfSegment' }, { field: 'data.age', operator: 'gt', value: 30 }),
    });
    expect(ref.status).toBe(201);
    expect(ref.body.memberCount).toBe(1); // free@ (50): in "Pro" (now plan = free) and over 30
    expectError(await api.delete(`/segments/${id}`), 409, 'CONFLICT');
    // A condition that loops back through segments is refused.
    expectError(
      await api.patch(`/segments/${id}`, { condition: where({ field: `segment.${ref.body.id}`, operator: 'memberOfSegment' }) }),
      422,
      'VALIDATION_ERROR',
    );
    expect((await api.delete(`/segments/${ref.body.id}`)).status).toBe(204);
    expect((await api.delete(`/segments/${id}`)).status).toBe(204);
    expectError(await api.get(`/segments/${id}`), 404, 'SEGMENT_NOT_FOUND');
    expectError(await api.get('/segments/not-a-uuid'), 404, 'SEGMENT_NOT_FOUND');
  });

  it('pages the members of a DYNAMIC segment live and of a STATIC one as added; adds and removes static members by email', async () => {
    const { api } = await freshProject('Segment members');
    for (let i = 0; i < 5; i++) await contact(api, `m${i}@seg.test`, { n: i });
    const dyn = (
      await api.post('/segments', { name: 'Big n', type: 'DYNAMIC', condition: where({ field: 'data.n', operator: 'greaterThanOrEqual', value: 2 }) })
    ).body;
    const page1 = await api.get(`/segments/${dyn.id}/contacts?page=1&pageSize=2`);
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ total: 3, page: 1, pageSize: 2, totalPages: 2 });
    expect(page1.body.data.map((c: any) => c.email)).toEqual(['m4@seg.test', 'm3@seg.test']);
    expect((await api.get(`/segments/${dyn.id}/contacts?page=2&pageSize=2`)).body.data.map((c: any) => c.email)).toEqual(['m2@seg.test']);
    // Live: a contact that changes shows at once, and refresh updates the cached count without events.
    await contact(api, 'm0@seg.test', { n: 10 });
    expect((await api.get(`/segments/${dyn.id}/contacts`)).body.total).toBe(4);
    expect((await api.get(`/segments/${dyn.id}`)).body.memberCount).toBe(3);
    expect((await api.post(`/segments/${dyn.id}/refresh`)).body).toEqual({ memberCount: 4 });
    expect((await api.get(`/segments/${dyn.id}`)).body.memberCount).toBe(4);
    expectError(await api.get(`/segments/${dyn.id}/contacts?pageSize=101`), 400, 'BAD_REQUEST');
    expectError(await api.post(`/segments/${dyn.id}/members`, { emails: ['m1@seg.test'] }), 400, 'BAD_REQUEST');

    const st = (await api.post('/segments', { name: 'VIP', type: 'STATIC' })).body;
    const added = await api.post(`/segments/${st.id}/members`, { emails: ['M1@seg.test ', 'm2@seg.test', 'nobody@seg.test'] });
    expect(added.body).toEqual({ added: 2, created: 0, notFound: ['nobody@seg.test'] });
    const again = await api.post(`/segments/${st.id}/members`, { emails: ['m1@seg.test', 'new@seg.test'], createMissing: true, subscribed: false });
    expect(again.body).toEqual({ added: 1, created: 1, notFound: [] });
    const created = (await api.get('/contacts?search=new@seg.test')).body.data[0];
    expect(created).toMatchObject({ email: 'new@seg.test', subscribed: false });
    expect((await api.get(`/segments/${st.id}`)).body.memberCount).toBe(3);
    const members = await api.get(`/segments/${st.id}/contacts`);
    expect(members.body.data.map((c: any) => c.email).sort()).toEqual(['m1@seg.test', 'm2@seg.test', 'new@seg.test']);
    expectError(await api.post(`/segments/${st.id}/members`, { emails: ['ok@seg.test', 'not an email'] }), 422, 'VALIDATION_ERROR', 'emails[1]');
    expectError(await api.post(`/segments/${st.id}/members`, { emails: [] }), 422, 'VALIDATION_ERROR', 'emails');

    expect((await api.delete(`/segments/${st.id}/members`, { emails: ['m2@seg.test', 'nobody@seg.test'] })).body).toEqual({ removed: 1 });
    // A deleted contact leaves the segment.
    expect((await api.delete(`/contacts/${created.id}`)).status).toBe(204);
    expect((await api.get(`/segments/${st.id}/contacts`)).body.data.map((c: any) => c.email)).toEqual(['m1@seg.test']);
    expect((await api.post(`/segments/${st.id}/refresh`)).body).toEqual({ memberCount: 1 });
    expectError(await api.post(`/segments/${st.id}/compute`), 400, 'BAD_REQUEST');
  });

  it('computes a tracked segment: membership written, entry and exit events for exactly who entered and left', async () => {
    const { api } = await freshProject('Segment compute');
    const a = await contact(api, 'a@compute.test', { score: 90 });
    const b = await contact(api, 'b@compute.test', { score: 10 });
    // Untracked: compute is refused (refresh counts).
    const untracked = (
      await api.post('/segments', { name: 'Untracked', type: 'DYNAMIC', condition: where({ field: 'data.score', operator: 'gt', value: 50 }) })
    ).body;
    expectError(await api.post(`/segments/${untracked.id}/compute`), 400, 'BAD_REQUEST');

    // A long debounce would not matter: compute is immediate.
    const seg = (
      await api.post('/segments', {
        name: 'High Scorers',
        type: 'DYNAMIC',
        trackMembership: true,
        condition: where({ field: 'data.score', operator: 'gt', value: 50 }),
      })
    ).body;
    const first = await api.post(`/segments/${seg.id}/compute`);
    expect(first.status).toBe(200);
    // Either this compute or the background one (the segment is new) wrote a's entry; never twice.
    await eventually(async () => (await eventNames(api, a)).includes('segment.high-scorers.entry'), 15_000);
    expect(await eventNames(api, b)).not.toContain('segment.high-scorers.entry');
    expect((await api.get(`/segments/${seg.id}`)).body).toMatchObject({ memberCount: 1, computedAt: expect.stringMatching(ISO) });

    await api.patch(`/contacts/${a}`, { data: { score: 5 } });
    await api.patch(`/contacts/${b}`, { data: { score: 70 } });
    await eventually(async () => {
      const names = { a: await eventNames(api, a), b: await eventNames(api, b) };
      return names.a.includes('segment.high-scorers.exit') && names.b.includes('segment.high-scorers.entry') ? names : undefined;
    }, 15_000);
    expect((await api.post(`/segments/${seg.id}/compute`)).body).toEqual({ added: 0, removed: 0, total: 1 });
    const aEvents = (await api.get(`/events/contact/${a}`)).body.events.filter((e: any) => e.name.startsWith('segment.'));
    expect(aEvents.map((e: any) => e.name).sort()).toEqual(['segment.high-scorers.entry', 'segment.high-scorers.exit']);
    expect(aEvents[0].data).toEqual({ segmentId: seg.id, segmentName: 'High Scorers' });
    // Entry and exit event names are reserved: nobody can track them.
    expectError(await api.post('/events/track', { event: 'segment.high-scorers.entry', email: 'a@compute.test' }), 422, 'VALIDATION_ERROR');
  });

  it('recomputes tracked segments in the background after a track, and answers field and event usage from conditions', async () => {
    const { api, publicApi } = await freshProject('Segment background');
    const seg = (
      await api.post('/segments', {
        name: 'Buyers',
        type: 'DYNAMIC',
        trackMembership: true,
        condition: where({ field: 'event.purchase', operator: 'triggeredWithin', value: 30, unit: 'days' }, { field: 'data.tier', operator: 'exists' }),
      })
    ).body;
    expect((await publicApi.post('/v1/track', { event: 'purchase', email: 'buyer@bg.test', data: { tier: 'gold' } })).status).toBe(200);
    const buyer = (await api.get('/contacts?search=buyer@bg.test')).body.data[0].id;
    // Nobody calls compute.
    await eventually(async () => (await eventNames(api, buyer)).includes('segment.buyers.entry'), 20_000, 200);
    expect((await api.get(`/segments/${seg.id}`)).body.memberCount).toBe(1);

    expect((await api.get('/contacts/fields/data.tier/usage')).body).toEqual({
      field: 'data.tier',
      usedInSegments: [{ id: seg.id, name: 'Buyers' }],
      usedInCampaigns: [],
      usedInWorkflows: [],
    });
    expect((await api.get('/contacts/fields/data.other/usage')).body.usedInSegments).toEqual([]);
    expectError(await api.get('/contacts/fields/__proto__/usage'), 422, 'VALIDATION_ERROR', 'field');
    expect((await api.get('/events/purchase/usage')).body).toMatchObject({
      usedInSegments: [{ id: seg.id, name: 'Buyers' }],
      totalCount: 1,
      uniqueContacts: 1,
    });

    // Deleting the field leaves the segment; its filter on it matches nothing, so the buyer exits.
    expect((await api.delete('/contacts/fields/data.tier')).body).toEqual({ deletedFrom: 1 });
    expect((await api.get(`/segments/${seg.id}`)).status).toBe(200);
    await eventually(async () => (await eventNames(api, buyer)).includes('segment.buyers.exit'), 20_000, 200);
    expect((await api.post(`/segments/${seg.id}/refresh`)).body).toEqual({ memberCount: 0 });
  });

  it("previews the count of an unsaved condition, validated as a segment's, counting only the caller's contacts", async () => {
    const mine = await freshProject('Segment preview mine');
    const theirs = await freshProject('Segment preview theirs');
    await contact(mine.api, 'a@preview.test', { plan: 'pro' });
    await contact(mine.api, 'b@preview.test', { plan: 'pro' }, false);
    await contact(mine.api, 'c@preview.test', { plan: 'free' });
    for (const email of ['a@preview.test', 'x@preview.test', 'y@preview.test']) await contact(theirs.api, email, { plan: 'pro' });
    expect((await mine.publicApi.post('/v1/track', { event: 'purchased', email: 'a@preview.test' })).status).toBe(200);

    const pro = where({ field: 'data.plan', operator: 'equals', value: 'pro' });
    const preview = await mine.api.post('/segments/preview', { condition: pro });
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({ total: 2, subscribed: 1 });
    expect((await theirs.api.post('/segments/preview', { condition: pro })).body).toEqual({ total: 3, subscribed: 3 });
    // A tracked event reaches the contacts' event facts through the bus: counted once it has.
    const buyers = where({ field: 'data.plan', operator: 'equals', value: 'pro' }, { field: 'event.purchased', operator: 'triggered' });
    const counted = await eventually(
      async () => {
        const body = (await mine.api.post('/segments/preview', { condition: buyers })).body;
        return body.total > 0 ? body : undefined;
      },
      20_000,
      200,
    );
    expect(counted).toEqual({ total: 1, subscribed: 1 });
    expect(
      (
        await mine.api.post('/segments/preview', {
          condition: { logic: 'OR', groups: [{ filters: [{ field: 'email', operator: 'contains', value: 'c@' }] }, { filters: [], conditions: pro }] },
        })
      ).body,
    ).toEqual({ total: 3, subscribed: 2 });
    // The same query as the member count: a saved segment of the condition counts the same.
    expect((await mine.api.post('/segments', { name: 'Preview pro', type: 'DYNAMIC', condition: pro })).body.memberCount).toBe(2);
    // Nothing was stored by the previews.
    expect((await mine.api.get('/segments')).body.map((x: any) => x.name)).toEqual(['Preview pro']);

    // Refused as a segment's condition is, each problem at its path.
    const bad = await mine.api.post('/segments/preview', {
      condition: where({ field: 'data.plan', operator: 'equals', value: 'pro' }, { field: 'subscribed', operator: 'contains', value: 'x' }),
    });
    expectError(bad, 422, 'VALIDATION_ERROR', 'condition.groups[0].filters[1].operator');
    expectError(
      await mine.api.post('/segments/preview', { condition: where({ field: 'createdAt', operator: 'within', value: 3 }) }),
      422,
      'VALIDATION_ERROR',
      'condition.groups[0].filters[0].unit',
    );
    expectError(await mine.api.post('/segments/preview', { condition: { logic: 'XOR', groups: [] } }), 422, 'VALIDATION_ERROR', 'condition.logic');
    expectError(await mine.api.post('/segments/preview', {}), 422, 'VALIDATION_ERROR', 'condition');
    // Another project's segment is unknown here.
    const theirSeg = (await theirs.api.post('/segments', { name: 'Theirs preview', type: 'DYNAMIC', condition: pro })).body;
    expectError(
      await mine.api.post('/segments/preview', { condition: where({ field: `segment.${theirSeg.id}`, operator: 'memberOfSegment' }) }),
      422,
      'VALIDATION_ERROR',
      'condition.groups[0].filters[0].field',
    );
    expect((await theirs.api.post('/segments/preview', { condition: where({ field: `segment.${theirSeg.id}`, operator: 'memberOfSegment' }) })).body).toEqual({
      total: 3,
      subscribed: 3,
    });
  });

  it("never shows or touches another project's segments", async () => {
    const mine = await freshProject('Segments mine');
    const theirs = await freshProject('Segments theirs');
    await contact(theirs.api, 'x@theirs.test', { plan: 'pro' });
    await contact(mine.api, 'x@theirs.test', { plan: 'pro' });
    const seg = (await theirs.api.post('/segments', { name: 'Theirs', type: 'STATIC' })).body;
    await theirs.api.post(`/segments/${seg.id}/members`, { emails: ['x@theirs.test'] });
    const dyn = (
      await theirs.api.post('/segments', {
        name: 'Theirs dyn',
        type: 'DYNAMIC',
        trackMembership: true,
        condition: where({ field: 'data.plan', operator: 'equals', value: 'pro' }),
      })
    ).body;

    const s = mine.api;
    expect((await s.get('/segments')).body).toEqual([]);
    for (const id of [seg.id, dyn.id]) {
      expectError(await s.get(`/segments/${id}`), 404, 'SEGMENT_NOT_FOUND');
      expectError(await s.patch(`/segments/${id}`, { name: 'Mine now' }), 404, 'SEGMENT_NOT_FOUND');
      expectError(await s.get(`/segments/${id}/contacts`), 404, 'SEGMENT_NOT_FOUND');
      expectError(await s.post(`/segments/${id}/members`, { emails: ['x@theirs.test'] }), 404, 'SEGMENT_NOT_FOUND');
      expectError(await s.delete(`/segments/${id}/members`, { emails: ['x@theirs.test'] }), 404, 'SEGMENT_NOT_FOUND');
      expectError(await s.post(`/segments/${id}/compute`), 404, 'SEGMENT_NOT_FOUND');
      expectError(await s.post(`/segments/${id}/refresh`), 404, 'SEGMENT_NOT_FOUND');
      expectError(await s.delete(`/segments/${id}`), 404, 'SEGMENT_NOT_FOUND');
    }
    // Their segment is unknown in my conditions.
    expectError(
      await s.post('/segments', { name: 'Sneaky', type: 'DYNAMIC', condition: where({ field: `segment.${seg.id}`, operator: 'memberOfSegment' }) }),
      422,
      'VALIDATION_ERROR',
      'condition.groups[0].filters[0].field',
    );
    // Theirs are intact, and my contacts are not in their counts.
    expect((await theirs.api.get(`/segments/${seg.id}/contacts`)).body.total).toBe(1);
    expect((await theirs.api.post(`/segments/${dyn.id}/refresh`)).body).toEqual({ memberCount: 1 });
    expect((await theirs.api.get('/segments')).body.map((x: any) => x.name)).toEqual(['Theirs', 'Theirs dyn']);
  });
});
