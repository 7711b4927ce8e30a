import { Api, ApiResponse, Topology, TopologyKind } from '../libs/testing/src';
import { sharedHerald } from './support/herald';

/** Contacts, their data and fields (without import and bulk jobs), in Plunk's shapes, end to end. */

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function expectError(res: ApiResponse, status: number, code: string) {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  expect(res.body.success).toBe(false);
}

describe.each<TopologyKind>(['all'])('contacts (%s)', (kind) => {
  let t: Topology;
  let api: Api;
  let owner: Api;
  beforeAll(async () => {
    t = await sharedHerald(kind);
    api = new Api(t.baseUrl, t.keys.secret);
    owner = await t.owner();
  }, 60_000);
  afterAll(() => t?.stop());

  /** A fresh, empty project (for assertions over every contact of a project, such as coverage). */
  async function freshProject(name: string) {
    const res = await owner.post('/users/@me/projects', { name });
    expect(res.status).toBe(201);
    return new Api(t.baseUrl, res.body.secret);
  }

  describe('create, get, patch, delete', () => {
    it('creates with 201 and _meta.isNew, answers 200 with isUpdate for the same email', async () => {
      const created = await api.post('/contacts', { email: '  Jane.DOE@Example.COM ', data: { plan: 'pro' } });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        email: 'jane.doe@example.com',
        subscribed: true,
        data: { plan: 'pro' },
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
        _meta: { isNew: true, isUpdate: false },
      });

      const again = await api.post('/contacts', { email: 'jane.doe@EXAMPLE.com', data: { seats: 3 } });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({
        id: created.body.id,
        email: 'jane.doe@example.com',
        data: { plan: 'pro', seats: 3 },
        _meta: { isNew: false, isUpdate: true },
      });

      const same = await api.post('/contacts', { email: 'jane.doe@example.com', data: { seats: 3 } });
      expect(same.status).toBe(200);
      expect(same.body._meta).toEqual({ isNew: false, isUpdate: false });

      const unsub = await api.post('/contacts', { email: 'jane.doe@example.com', subscribed: false });
      expect(unsub.status).toBe(200);
      expect(unsub.body).toMatchObject({ subscribed: false, data: { plan: 'pro', seats: 3 }, _meta: { isNew: false, isUpdate: true } });

      const got = await api.get(`/contacts/${created.body.id}`);
      expect(got.status).toBe(200);
      expect(got.body).toEqual({ ...unsub.body, _meta: undefined });
      expect(got.body._meta).toBeUndefined();
    });

    it('concurrent creates of one new email make exactly one contact (one 201, the rest 200)', async () => {
      const email = 'race@contacts.test';
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => api.post('/contacts', { email, data: { [`k${i}`]: i } })));
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
      const list = await api.get('/contacts?search=race@contacts.test');
      expect(list.body.total).toBe(1);
      // Every patch landed (data is merged, none lost).
      expect(Object.keys(list.body.data[0].data).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `k${i}`).sort());
    });

    it('creates an unsubscribed contact when asked, with data {} by default', async () => {
      const res = await api.post('/contacts', { email: 'optout@example.com', subscribed: false });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ subscribed: false, data: {} });
    });

    it('rejects a missing or invalid email with 422', async () => {
      expectError(await api.post('/contacts', {}), 422, 'VALIDATION_ERROR');
      const bad = await api.post('/contacts', { email: 'nope' });
      expectError(bad, 422, 'VALIDATION_ERROR');
      expect(bad.body.error.errors[0].field).toBe('email');
    });

    it('patches email (normalized), subscribed and data; deletes with 204 and then 404', async () => {
      const c = (await api.post('/contacts', { email: 'patch-me@example.com', data: { a: 1 } })).body;
      const p = await api.patch(`/contacts/${c.id}`, { email: ' Patched@Example.com', subscribed: false, data: { b: 2 } });
      expect(p.status).toBe(200);
      expect(p.body).toMatchObject({ id: c.id, email: 'patched@example.com', subscribed: false, data: { a: 1, b: 2 } });
      expect(p.body._meta).toBeUndefined();
      expect(new Date(p.body.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(c.updatedAt).getTime());
      expect((await api.post('/contacts/lookup', { emails: ['patch-me@example.com', 'patched@example.com'] })).body).toEqual({
        found: ['patched@example.com'],
        notFound: ['patch-me@example.com'],
      });

      expectError(await api.patch(`/contacts/${c.id}`, { email: 'not-an-email' }), 422, 'VALIDATION_ERROR');
      expectError(await api.patch(`/contacts/${c.id}`, {}), 400, 'BAD_REQUEST');

      const del = await api.delete(`/contacts/${c.id}`);
      expect(del.status).toBe(204);
      expect(del.body).toBeUndefined();
      expectError(await api.get(`/contacts/${c.id}`), 404, 'CONTACT_NOT_FOUND');
      expectError(await api.patch(`/contacts/${c.id}`, { subscribed: true }), 404, 'CONTACT_NOT_FOUND');
      expectError(await api.delete(`/contacts/${c.id}`), 404, 'CONTACT_NOT_FOUND');
      // The email is free again.
      expect((await api.post('/contacts', { email: 'patched@example.com' })).status).toBe(201);
    });

    it('changing email to one that exists is 409 and changes nothing', async () => {
      const a = (await api.post('/contacts', { email: 'dup-a@example.com' })).body;
      await api.post('/contacts', { email: 'dup-b@example.com' });
      const res = await api.patch(`/contacts/${a.id}`, { email: 'DUP-B@example.com', data: { x: 1 } });
      expectError(res, 409, 'CONFLICT');
      expect((await api.get(`/contacts/${a.id}`)).body).toMatchObject({ email: 'dup-a@example.com', data: {} });
      // Its own address (in another case) is not a conflict.
      expect((await api.patch(`/contacts/${a.id}`, { email: 'Dup-A@example.com' })).status).toBe(200);
    });
  });

  describe('listing', () => {
    it('pages with limit and cursor; total only on the first page, 0 later; hasMore ends it', async () => {
      const emails = Array.from({ length: 5 }, (_, i) => `pager${i}@paging.test`);
      for (const email of emails) expect((await api.post('/contacts', { email })).status).toBe(201);

      const seen: string[] = [];
      let page = await api.get('/contacts?limit=2&search=paging.test');
      expect(page.status).toBe(200);
      expect(page.body).toEqual({ data: expect.any(Array), cursor: expect.any(String), hasMore: true, total: 5 });
      expect(page.body.data).toHaveLength(2);
      seen.push(...page.body.data.map((c: any) => c.email));
      const pages = [page.body];
      while (page.body.hasMore) {
        page = await api.get(`/contacts?limit=2&search=paging.test&cursor=${encodeURIComponent(page.body.cursor)}`);
        expect(page.status).toBe(200);
        expect(page.body.total).toBe(0);
        seen.push(...page.body.data.map((c: any) => c.email));
        pages.push(page.body);
      }
      expect(pages.map((p) => p.data.length)).toEqual([2, 2, 1]);
      expect(pages[2].hasMore).toBe(false);
      expect(pages[2].cursor).toBeNull();
      expect([...seen].sort()).toEqual([...emails].sort());
      // Newest first.
      expect(seen).toEqual([...emails].reverse());
    });

    it('limit defaults to 20 and must be 1..100', async () => {
      const p = await freshProject('Listing');
      for (let i = 0; i < 21; i++) await p.post('/contacts', { email: `l${i}@limit.test` });
      const def = await p.get('/contacts');
      expect(def.body.data).toHaveLength(20);
      expect(def.body).toMatchObject({ hasMore: true, total: 21 });
      expect((await p.get('/contacts?limit=100')).body).toMatchObject({ hasMore: false, total: 21, cursor: null });
      expect((await p.get('/contacts?limit=100')).body.data).toHaveLength(21);
      expect((await p.get('/contacts?limit=1')).body.data).toHaveLength(1);
      for (const q of ['limit=0', 'limit=101', 'limit=-3', 'limit=x']) expectError(await p.get(`/contacts?${q}`), 400, 'BAD_REQUEST');
      expectError(await p.get('/contacts?cursor=not-a-cursor'), 400, 'BAD_REQUEST');
    });

    it('search is a case-insensitive substring of the email; subscribed filters', async () => {
      await api.post('/contacts', { email: 'Alpha.Search@Find.test' });
      await api.post('/contacts', { email: 'beta.search@find.test', subscribed: false });
      await api.post('/contacts', { email: 'gamma@elsewhere.test' });
      const found = await api.get('/contacts?search=SEARCH@FIND');
      expect(found.body.data.map((c: any) => c.email).sort()).toEqual(['alpha.search@find.test', 'beta.search@find.test']);
      expect(found.body.total).toBe(2);
      expect((await api.get('/contacts?search=find.test&subscribed=true')).body.data.map((c: any) => c.email)).toEqual(['alpha.search@find.test']);
      expect((await api.get('/contacts?search=find.test&subscribed=false')).body.data.map((c: any) => c.email)).toEqual(['beta.search@find.test']);
      // LIKE wildcards are literal.
      expect((await api.get('/contacts?search=%25')).body.total).toBe(0);
      expect((await api.get('/contacts?search=_')).body.total).toBe(0);
      expectError(await api.get('/contacts?subscribed=maybe'), 400, 'BAD_REQUEST');
    });
  });

  describe('custom data rules', () => {
    it('patch keeps other keys, null deletes, empty string is ignored, non-persistent values are not stored', async () => {
      const c = (await api.post('/contacts', { email: 'data@rules.test', data: { plan: 'pro', seats: 3, city: 'Ghent' } })).body;
      const p = await api.patch(`/contacts/${c.id}`, { data: { seats: null, city: '', promo: { value: 'SPRING', persistent: false }, tier: 'gold' } });
      expect(p.status).toBe(200);
      expect(p.body.data).toEqual({ plan: 'pro', city: 'Ghent', tier: 'gold' });
      // { value, persistent: true } stores the value itself.
      const q = await api.patch(`/contacts/${c.id}`, { data: { kept: { value: 7, persistent: true } } });
      expect(q.body.data).toEqual({ plan: 'pro', city: 'Ghent', tier: 'gold', kept: 7 });
      // The same rules through POST /contacts on an existing contact.
      const r = await api.post('/contacts', { email: 'data@rules.test', data: { plan: null, tier: '' } });
      expect(r.body.data).toEqual({ city: 'Ghent', tier: 'gold', kept: 7 });
      expect((await api.get(`/contacts/${c.id}`)).body.data).toEqual({ city: 'Ghent', tier: 'gold', kept: 7 });
    });

    it('reserved keys are silently dropped', async () => {
      const res = await api.post('/contacts', {
        email: 'reserved@rules.test',
        data: {
          id: 'x',
          email: 'other@x.test',
          unsubscribeUrl: 'u',
          subscribeUrl: 's',
          manageUrl: 'm',
          plunk_id: 'p',
          plunk_email: 'p',
          herald_id: 'h',
          herald_email: 'h',
          svc_id: 's',
          svc_email: 's',
          ok: 1,
        },
      });
      expect(res.status).toBe(201);
      expect(res.body.email).toBe('reserved@rules.test');
      expect(res.body.data).toEqual({ ok: 1 });
      const fields = (await api.get('/contacts/fields')).body.fields.map((f: any) => f.field);
      for (const k of ['data.id', 'data.email', 'data.unsubscribeUrl', 'data.herald_email', 'data.plunk_id']) expect(fields).not.toContain(k);
    });

    it('stores nested objects, replaced as a whole, and reaches them by dotted field name', async () => {
      const c = (
        await api.post('/contacts', { email: 'nested@rules.test', data: { profile: { tier: 'gold', address: { city: 'Ghent' }, empty: '' }, locale: 'nl' } })
      ).body;
      expect(c.data).toEqual({ profile: { tier: 'gold', address: { city: 'Ghent' } }, locale: 'nl' });
      const fields = (await api.get('/contacts/fields')).body.fields;
      expect(fields).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: 'data.profile.tier', type: 'string', isCustom: true }),
          expect.objectContaining({ field: 'data.profile.address.city' }),
        ]),
      );
      const values = await api.get('/contacts/fields/data.profile.tier/values');
      expect(values.body.values).toContain('gold');
      const p = await api.patch(`/contacts/${c.id}`, { data: { profile: { tier: 'silver' } } });
      expect(p.body.data).toEqual({ profile: { tier: 'silver' }, locale: 'nl' });
    });
  });

  describe('lookup', () => {
    it('answers found / notFound, normalizing emails', async () => {
      await api.post('/contacts', { email: 'look@up.test' });
      const res = await api.post('/contacts/lookup', { emails: [' LOOK@up.test', 'missing@up.test', 'look@up.test'] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ found: ['look@up.test'], notFound: ['missing@up.test'] });
    });

    it('accepts 500 emails and refuses 501 with 422', async () => {
      const emails = Array.from({ length: 500 }, (_, i) => `n${i}@lookup.test`);
      const ok = await api.post('/contacts/lookup', { emails });
      expect(ok.status).toBe(200);
      expect(ok.body.notFound).toHaveLength(500);
      const tooMany = await api.post('/contacts/lookup', { emails: [...emails, 'one-more@lookup.test'] });
      expectError(tooMany, 422, 'VALIDATION_ERROR');
      expect(tooMany.body.error.errors[0].field).toBe('emails');
      expectError(await api.post('/contacts/lookup', { emails: [] }), 422, 'VALIDATION_ERROR');
      expectError(await api.post('/contacts/lookup', {}), 422, 'VALIDATION_ERROR');
    });
  });

  describe('fields', () => {
    it('describes standard and custom fields with inferred types and 0..1 coverage', async () => {
      const p = await freshProject('Fields');
      const empty = await p.get('/contacts/fields');
      expect(empty.status).toBe(200);
      expect(empty.body.fields.filter((f: any) => f.isCustom)).toEqual([]);
      for (const f of empty.body.fields) expect(f.coverage).toBe(0);

      await p.post('/contacts', {
        email: 'f1@fields.test',
        data: { score: 42, vip: true, since: '2026-05-06', seen: '2026-05-06T10:20:30.123Z', when: '05/06/2026', note: 'hi' },
      });
      await p.post('/contacts', { email: 'f2@fields.test', data: { score: 7.5 } });
      await p.post('/contacts', { email: 'f3@fields.test', data: { vip: false } });
      await p.post('/contacts', { email: 'f4@fields.test' });

      const fields = (await p.get('/contacts/fields')).body.fields;
      const by = Object.fromEntries(fields.map((f: any) => [f.field, f]));
      for (const name of ['email', 'subscribed', 'createdAt', 'updatedAt']) expect(by[name]).toMatchObject({ isCustom: false, coverage: 1 });
      expect(by.email.type).toBe('string');
      expect(by.subscribed.type).toBe('boolean');
      expect(by.createdAt.type).toBe('date');
      expect(by['data.score']).toEqual({ field: 'data.score', type: 'number', isCustom: true, coverage: 0.5 });
      expect(by['data.vip']).toEqual({ field: 'data.vip', type: 'boolean', isCustom: true, coverage: 0.5 });
      expect(by['data.since']).toEqual({ field: 'data.since', type: 'date', isCustom: true, coverage: 0.25 });
      expect(by['data.seen']).toMatchObject({ type: 'date', coverage: 0.25 });
      expect(by['data.when']).toMatchObject({ type: 'string', coverage: 0.25 });
      expect(by['data.note']).toMatchObject({ type: 'string', coverage: 0.25 });
      for (const f of fields) {
        expect(f.coverage).toBeGreaterThanOrEqual(0);
        expect(f.coverage).toBeLessThanOrEqual(1);
      }
    });

    it('the first value fixes the type; a later value of another type is still stored', async () => {
      const p = await freshProject('Types');
      await p.post('/contacts', { email: 't1@types.test', data: { level: 3 } });
      const later = await p.post('/contacts', { email: 't2@types.test', data: { level: 'high' } });
      expect(later.body.data).toEqual({ level: 'high' });
      const c1 = await p.patch(`/contacts/${(await p.post('/contacts', { email: 't1@types.test' })).body.id}`, { data: { level: 'low' } });
      expect(c1.body.data).toEqual({ level: 'low' });
      const field = (await p.get('/contacts/fields')).body.fields.find((f: any) => f.field === 'data.level');
      expect(field).toEqual({ field: 'data.level', type: 'number', isCustom: true, coverage: 1 });
    });

    it('lists distinct values of a field', async () => {
      const p = await freshProject('Values');
      await p.post('/contacts', { email: 'v1@values.test', data: { plan: 'pro' } });
      await p.post('/contacts', { email: 'v2@values.test', data: { plan: 'free' } });
      await p.post('/contacts', { email: 'v3@values.test', data: { plan: 'pro' } });
      await p.post('/contacts', { email: 'v4@values.test' });
      for (const name of ['data.plan', 'plan']) {
        const res = await p.get(`/contacts/fields/${name}/values`);
        expect(res.status).toBe(200);
        expect(res.body.count).toBe(2);
        expect([...res.body.values].sort()).toEqual(['free', 'pro']);
      }
      const subscribed = await p.get('/contacts/fields/subscribed/values');
      expect(subscribed.body).toMatchObject({ field: 'subscribed', values: [true], count: 1 });
      const none = await p.get('/contacts/fields/data.nothing/values');
      expect(none.body).toMatchObject({ values: [], count: 0 });
      expectError(await p.get('/contacts/fields/data.id/values'), 422, 'VALIDATION_ERROR');
    });

    it("field usage has Plunk's shape", async () => {
      const res = await api.get('/contacts/fields/data.plan/usage');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ field: 'data.plan', usedInSegments: [], usedInCampaigns: [], usedInWorkflows: [] });
    });

    it('deleting a field removes it from every contact and from the field list', async () => {
      const p = await freshProject('Delete field');
      const a = (await p.post('/contacts', { email: 'd1@delete.test', data: { temp: 1, keep: 'x' } })).body;
      await p.post('/contacts', { email: 'd2@delete.test', data: { temp: 2 } });
      await p.post('/contacts', { email: 'd3@delete.test', data: { keep: 'y' } });
      const res = await p.delete('/contacts/fields/data.temp');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ deletedFrom: 2 });
      expect((await p.get(`/contacts/${a.id}`)).body.data).toEqual({ keep: 'x' });
      const fields = (await p.get('/contacts/fields')).body.fields.map((f: any) => f.field);
      expect(fields).not.toContain('data.temp');
      expect(fields).toContain('data.keep');
      expect((await p.get('/contacts/fields/data.temp/values')).body.values).toEqual([]);
      expect((await p.delete('/contacts/fields/data.temp')).body).toEqual({ deletedFrom: 0 });
      expectError(await p.delete('/contacts/fields/email'), 400, 'BAD_REQUEST');
      // A value sent after the delete types the field afresh.
      await p.post('/contacts', { email: 'd1@delete.test', data: { temp: 'now a string' } });
      expect((await p.get('/contacts/fields')).body.fields.find((f: any) => f.field === 'data.temp')).toMatchObject({ type: 'string' });
    });
  });
});
