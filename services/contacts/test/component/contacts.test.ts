/**
 * Component test: the contacts use cases (contactsHandlers) against real PostgreSQL, called
 * directly. Its own database herald_c_<random>, dropped afterwards.
 */
import { Db, migrate } from '../../../../libs/db/src';
import { newId } from '../../../../libs/kit/src';
import type { Api } from '../../../../libs/contracts/src';
import { expectAppError, scratchDatabase, ScratchDatabase } from '../../../../libs/testing/src';
import { ContactsRepo } from '../../src/adapters/repo';
import { contactsHandlers } from '../../src/app/handlers';
import { SCHEMA } from '../../src/migrations';
import { migrationsOf } from '../../../../libs/runtime/src';
import { contacts } from '../../src/service';

let scratch: ScratchDatabase;
let db: Db;
let repo: ContactsRepo;
/** The handlers, typed as their decoded (wire) output, as a caller sees them. */
let h: Api<'contacts'>;

beforeAll(async () => {
  scratch = await scratchDatabase({ poolMax: 20 });
  db = scratch.db;
  expect(await migrate(db, SCHEMA, migrationsOf(contacts))).toBe(migrationsOf(contacts).length);
  expect(await migrate(db, SCHEMA, migrationsOf(contacts))).toBe(0); // idempotent
  repo = new ContactsRepo(db);
  h = contactsHandlers(repo) as unknown as Api<'contacts'>;
});

afterAll(async () => {
  await scratch?.drop();
});

/** A call's meta for a project: the caller's project, as the gateway's guard sets it. */
const as = (projectId: string) => ({ requestId: 'test', projectId });

function upsert(projectId: string, email: string, o: { subscribed?: boolean; defaultSubscribed?: boolean; data?: unknown } = {}) {
  return h.UpsertContact(
    {
      email,
      subscribed: o.subscribed,
      default_subscribed: o.defaultSubscribed ?? true,
      data_json: o.data === undefined ? '' : JSON.stringify(o.data),
    },
    as(projectId),
  );
}

function update(projectId: string, id: string, o: { email?: string; subscribed?: boolean; data?: unknown } = {}) {
  return h.UpdateContact({ id, email: o.email, subscribed: o.subscribed, data_json: o.data === undefined ? '' : JSON.stringify(o.data) }, as(projectId));
}

/** The outbox's contact events (without contacts.contacts.changed.v1, the API's recompute trigger for segments, tested on its own). */
const outbox = (projectId: string) =>
  db.query<{ id: string; type: string; data: any; project_id: string }>(
    `SELECT id, type, data, project_id FROM contacts.outbox WHERE project_id = $1 AND type <> 'contacts.contacts.changed.v1' ORDER BY seq`,
    [projectId],
  );

const data = (c: { data_json: string } | null | undefined) => JSON.parse(c!.data_json);

describe('upsert rules', () => {
  it('a new contact takes default_subscribed; a subscribed one emits subscription_changed, an unsubscribed one does not', async () => {
    const p = newId();
    const a = await upsert(p, 'New.Person@Example.com', { defaultSubscribed: true });
    expect(a.is_new).toBe(true);
    expect(a.is_update).toBe(false);
    expect(a.contact!.subscribed).toBe(true);
    expect(a.contact!.email).toBe('new.person@example.com');

    const b = await upsert(p, 'quiet@example.com', { defaultSubscribed: false });
    expect(b.is_new).toBe(true);
    expect(b.contact!.subscribed).toBe(false);

    const rows = await outbox(p);
    expect(rows).toHaveLength(1);
    expect(rows[0].type).toBe('contacts.contact.subscription_changed.v1');
    expect(rows[0].data).toEqual({ contactId: a.contact!.id, email: 'new.person@example.com', subscribed: true });
  });

  it('explicit subscribed wins over default_subscribed for a new contact', async () => {
    const p = newId();
    const c = await upsert(p, 'explicit@example.com', { subscribed: false, defaultSubscribed: true });
    expect(c.contact!.subscribed).toBe(false);
    expect(await outbox(p)).toHaveLength(0);
  });

  it('an existing contact keeps its subscription state when subscribed is not sent', async () => {
    const p = newId();
    const first = await upsert(p, 'keeps@example.com', { subscribed: false });
    const again = await upsert(p, 'KEEPS@example.com', { defaultSubscribed: true });
    expect(again.is_new).toBe(false);
    expect(again.is_update).toBe(false);
    expect(again.contact!.id).toBe(first.contact!.id);
    expect(again.contact!.subscribed).toBe(false);
    expect(await outbox(p)).toHaveLength(0);
  });

  it('creates and changes through the API publish contacts.contacts.changed.v1 (the segments recompute trigger); no-ops publish nothing', async () => {
    const p = newId();
    const changed = async () =>
      Number((await db.query(`SELECT count(*) AS n FROM contacts.outbox WHERE project_id = $1 AND type = 'contacts.contacts.changed.v1'`, [p]))[0].n);
    const c = await upsert(p, 'trigger@example.com', { data: { plan: 'pro' } });
    expect(await changed()).toBe(1);
    await upsert(p, 'trigger@example.com', { data: { plan: 'pro' } }); // same data
    expect(await changed()).toBe(1);
    await update(p, c.contact!.id, { data: { plan: 'pro' } }); // same data
    expect(await changed()).toBe(1);
    await update(p, c.contact!.id, { data: { plan: 'free' } });
    expect(await changed()).toBe(2);
    await upsert(p, 'trigger@example.com', { data: { seats: 3 } });
    expect(await changed()).toBe(3);
  });

  it('an explicit change emits one contacts.contact.subscription_changed.v1 row in the outbox; a no-op change emits none', async () => {
    const p = newId();
    const c = await upsert(p, 'flip@example.com'); // subscribed: 1 event
    const off = await upsert(p, 'flip@example.com', { subscribed: false });
    expect(off.is_update).toBe(true);
    expect(off.contact!.subscribed).toBe(false);
    const same = await upsert(p, 'flip@example.com', { subscribed: false });
    expect(same.is_update).toBe(false);
    const on = await update(p, c.contact!.id, { subscribed: true });
    expect(on.contact!.subscribed).toBe(true);
    await update(p, c.contact!.id, { subscribed: true }); // no change

    const rows = await outbox(p);
    expect(rows.map((r) => r.type)).toEqual(Array(3).fill('contacts.contact.subscription_changed.v1'));
    expect(rows.map((r) => r.data.subscribed)).toEqual([true, false, true]);
    for (const r of rows) expect(r.data).toMatchObject({ contactId: c.contact!.id, email: 'flip@example.com' });
    expect(new Set(rows.map((r) => r.id)).size).toBe(3);
  });

  it('rejects an invalid email with 422 VALIDATION_ERROR naming the field', async () => {
    const err = await expectAppError(upsert(newId(), 'not-an-email'));
    expect(err.status).toBe(422);
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.errors?.[0].field).toBe('email');
  });

  it('concurrent upserts of the same new email create exactly one contact (and one subscription event)', async () => {
    const p = newId();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => upsert(p, 'race@example.com', { data: { [`k${i}`]: i } })));
    expect(new Set(results.map((r) => r.contact!.id)).size).toBe(1);
    expect(results.filter((r) => r.is_new)).toHaveLength(1);
    const rows = await db.query('SELECT id, data FROM contacts.contacts WHERE project_id = $1', [p]);
    expect(rows).toHaveLength(1);
    // Every concurrent patch landed: none was lost to the race.
    expect(Object.keys(rows[0].data).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `k${i}`).sort());
    expect((await outbox(p)).filter((r) => r.type === 'contacts.contact.subscription_changed.v1')).toHaveLength(1);
  });

  it('UpdateContact changes the email, refuses one already taken with 409, and validates it', async () => {
    const p = newId();
    const a = await upsert(p, 'a@example.com');
    await upsert(p, 'b@example.com');
    const moved = await update(p, a.contact!.id, { email: 'A2@Example.com' });
    expect(moved.contact!.email).toBe('a2@example.com');
    const taken = await expectAppError(update(p, a.contact!.id, { email: 'b@example.com' }));
    expect(taken.status).toBe(409);
    expect(taken.code).toBe('CONFLICT');
    const bad = await expectAppError(update(p, a.contact!.id, { email: 'nope' }));
    expect(bad.status).toBe(422);
    expect((await h.GetContact({ id: a.contact!.id }, as(p))).contact!.email).toBe('a2@example.com');
  });
});

describe('data patch rules (persisted)', () => {
  it('merges keys, deletes on null, ignores empty strings and reserved keys, keeps transient values out of storage', async () => {
    const p = newId();
    const c = await upsert(p, 'data@example.com', { data: { plan: 'pro', seats: 3, nested: { a: 1, b: { c: true } }, gone: 'x' } });
    expect(data(c.contact)).toEqual({ plan: 'pro', seats: 3, nested: { a: 1, b: { c: true } }, gone: 'x' });

    const next = await upsert(p, 'data@example.com', {
      data: {
        gone: null,
        plan: '',
        seats: 4,
        email: 'hijack@example.com',
        id: 'x',
        nested: { z: 1, empty: '', nil: null },
        token: { value: 'secret', persistent: false },
        kept: { value: 'yes', persistent: true },
      },
    });
    expect(next.is_update).toBe(true);
    const expected = { plan: 'pro', seats: 4, nested: { z: 1 }, kept: 'yes' };
    expect(data(next.contact)).toEqual(expected);
    expect(JSON.parse(next.transient_json)).toEqual({ token: 'secret' });
    expect(next.contact!.email).toBe('data@example.com');

    // Persisted, not only returned.
    const [row] = await db.query('SELECT data FROM contacts.contacts WHERE project_id = $1 AND id = $2', [p, c.contact!.id]);
    expect(row.data).toEqual(expected);
    const got = await h.GetContact({ id: c.contact!.id }, as(p));
    expect(data(got.contact)).toEqual(expected);

    // The same data again is not an update.
    const same = await upsert(p, 'data@example.com', { data: { seats: 4 } });
    expect(same.is_update).toBe(false);
  });

  it('UpdateContact applies the same patch rules', async () => {
    const p = newId();
    const c = await upsert(p, 'patch@example.com', { data: { a: 1, b: 2 } });
    const u = await update(p, c.contact!.id, { data: { a: null, c: 'three', plunk_id: 'x' } });
    expect(data(u.contact)).toEqual({ b: 2, c: 'three' });
  });

  it('rejects data that is not an object with 422', async () => {
    const p = newId();
    const err = await expectAppError(h.UpsertContact({ email: 'arr@example.com', default_subscribed: true, data_json: '[1,2]' }, as(p)));
    expect(err.status).toBe(422);
    expect(err.code).toBe('VALIDATION_ERROR');
    const bad = await expectAppError(h.UpsertContact({ email: 'arr@example.com', default_subscribed: true, data_json: '{oops' }, as(p)));
    expect(bad.status).toBe(422);
    expect(await db.query('SELECT 1 FROM contacts.contacts WHERE project_id = $1', [p])).toHaveLength(0);
  });

  it('records field types first-wins and lists them with coverage', async () => {
    const p = newId();
    await upsert(p, 'f1@example.com', { data: { plan: 'pro', score: 5, since: '2024-01-31', vip: true, profile: { tier: 'gold' } } });
    await upsert(p, 'f2@example.com', { data: { score: 'high', since: 'yesterday', vip: 'no', profile: { tier: 3 } } });
    await upsert(p, 'f3@example.com');
    const types = await repo.fieldTypes(p);
    expect(Object.fromEntries(types)).toEqual({ plan: 'string', score: 'number', since: 'date', vip: 'boolean', 'profile.tier': 'string' });

    const { fields } = await h.ListFields({}, as(p));
    const byName = Object.fromEntries(fields.map((f) => [f.field, f]));
    expect(byName.email).toMatchObject({ type: 'string', is_custom: false, coverage: 1 });
    expect(byName['data.score']).toMatchObject({ type: 'number', is_custom: true });
    expect(byName['data.score'].coverage).toBeCloseTo(2 / 3, 3);
    expect(byName['data.plan'].coverage).toBeCloseTo(1 / 3, 3);
    expect(byName['data.profile.tier']).toMatchObject({ type: 'string', is_custom: true });
    // Another project's first value is its own.
    const q = newId();
    await upsert(q, 'other@example.com', { data: { score: 'text' } });
    expect((await repo.fieldTypes(q)).get('score')).toBe('string');
  });

  it('lists every field a project may hold: 2,000 of them (500 keys on each of four contacts) are counted in bounded statements; one more is refused', async () => {
    const p = newId();
    for (let c = 0; c < 4; c++) {
      await upsert(p, `many${c}@example.com`, { data: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`k${c * 500 + i}`, i])) });
    }
    await upsert(p, 'few@example.com', { data: { k1: 1, k1999: 1, k1000: 1 } });
    const { fields } = await h.ListFields({}, as(p));
    const custom = fields.filter((f) => f.is_custom);
    expect(custom).toHaveLength(2000);
    const byName = Object.fromEntries(custom.map((f) => [f.field, f.coverage]));
    expect([byName['data.k1'], byName['data.k1999'], byName['data.k1000'], byName['data.k7']]).toEqual([0.4, 0.4, 0.4, 0.2]); // 2 or 1 of 5 contacts
    const more = await expectAppError(upsert(p, 'more@example.com', { data: { k1: 2, extra: 1 } }));
    expect([more.status, more.errors?.[0]?.code]).toEqual([422, 'too_many_fields']);
    expect((await h.LookupContacts({ emails: ['more@example.com'] }, as(p))).not_found).toEqual(['more@example.com']);
  });
});

describe('list', () => {
  it('paginates newest first with a cursor and a total, and filters by search and subscribed', async () => {
    const p = newId();
    const made: string[] = [];
    for (let i = 0; i < 25; i++) {
      const c = await upsert(p, `page${String(i).padStart(2, '0')}@example.com`, { subscribed: i % 5 !== 0 });
      made.push(c.contact!.id);
    }
    await upsert(newId(), 'elsewhere@example.com'); // another project: never listed

    const seen: string[] = [];
    let cursor = '';
    let pages = 0;
    let first: Awaited<ReturnType<Api<'contacts'>['ListContacts']>> | undefined;
    for (;;) {
      const page = await h.ListContacts({ limit: 10, cursor, search: '' }, as(p));
      first ??= page;
      pages++;
      seen.push(...page.contacts.map((c) => c.id));
      if (!page.has_more) {
        expect(page.cursor).toBe('');
        break;
      }
      expect(page.contacts).toHaveLength(10);
      cursor = page.cursor;
      expect(pages).toBeLessThan(5);
    }
    expect(pages).toBe(3);
    expect(Number(first!.total)).toBe(25);
    expect(seen).toEqual([...made].reverse()); // newest first, none skipped or repeated

    const unsub = await h.ListContacts({ limit: 100, cursor: '', search: '', subscribed: false }, as(p));
    expect(unsub.contacts).toHaveLength(5);
    expect(Number(unsub.total)).toBe(5);
    expect(unsub.contacts.every((c) => !c.subscribed)).toBe(true);

    const search = await h.ListContacts({ limit: 100, cursor: '', search: 'PAGE1' }, as(p));
    expect(search.contacts.map((c) => c.email).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `page1${i}@example.com`));
    expect(Number(search.total)).toBe(10);

    // LIKE wildcards in search match literally.
    const wildcard = await h.ListContacts({ limit: 100, cursor: '', search: '%' }, as(p));
    expect(wildcard.contacts).toHaveLength(0);
  });

  it('rejects a limit out of range and a malformed cursor with 400', async () => {
    const p = newId();
    expect((await expectAppError(h.ListContacts({ limit: 101, cursor: '', search: '' }, as(p)))).status).toBe(400);
    expect((await expectAppError(h.ListContacts({ limit: 10, cursor: 'nope', search: '' }, as(p)))).status).toBe(400);
  });
});

describe('the project of a call', () => {
  it("is the caller's (CallMeta): a call without one is a 500 naming the caller's bug, and touches nothing", async () => {
    const p = newId();
    const c = await upsert(p, 'meta@example.com');
    for (const call of [
      h.GetContact({ id: c.contact!.id }, { requestId: 'test' }),
      h.ListContacts({ limit: 10 }, { requestId: 'test', projectId: '' }),
      h.UpsertContact({ email: 'meta2@example.com', default_subscribed: true, data_json: '' }, { requestId: 'test' }),
      h.DeleteContact({ id: c.contact!.id }, { requestId: 'test' }),
      h.ListFields({}, { requestId: 'test' }),
    ]) {
      const err = await expectAppError(call);
      expect(err.status).toBe(500);
      expect(err.code).toBe('MISSING_PROJECT');
    }
    expect((await db.query('SELECT email FROM contacts.contacts WHERE project_id = $1', [p])).map((r) => r.email)).toEqual(['meta@example.com']);
  });
});

describe('tenant scoping', () => {
  it("project B can neither get, update, delete, list nor look up project A's contact", async () => {
    const a = newId();
    const b = newId();
    const c = await upsert(a, 'tenant@example.com', { data: { owner: 'a' } });
    const id = c.contact!.id;

    for (const call of [h.GetContact({ id }, as(b)), update(b, id, { subscribed: false, data: { owner: 'b' } }), h.DeleteContact({ id }, as(b))]) {
      const err = await expectAppError(call);
      expect(err.status).toBe(404);
      expect(err.code).toBe('CONTACT_NOT_FOUND');
    }
    expect((await h.BatchGetContacts({ ids: [id] }, as(b))).contacts).toHaveLength(0);
    expect((await h.ListContacts({ limit: 100, cursor: '', search: '' }, as(b))).contacts).toHaveLength(0);
    expect((await h.LookupContacts({ emails: ['tenant@example.com'] }, as(b))).found).toEqual([]);
    expect(await outbox(b)).toHaveLength(0);

    // A's contact is untouched.
    const still = await h.GetContact({ id }, as(a));
    expect(still.contact!.subscribed).toBe(true);
    expect(data(still.contact)).toEqual({ owner: 'a' });

    // The same email in B is a different contact.
    const other = await upsert(b, 'tenant@example.com');
    expect(other.is_new).toBe(true);
    expect(other.contact!.id).not.toBe(id);
  });

  it('a malformed id is CONTACT_NOT_FOUND, not a server error', async () => {
    const err = await expectAppError(h.GetContact({ id: 'not-a-uuid' }, as(newId())));
    expect(err.status).toBe(404);
    expect(err.code).toBe('CONTACT_NOT_FOUND');
  });
});

describe('delete', () => {
  it('deletes the contact, its event facts, and emits contacts.contact.deleted.v1', async () => {
    const p = newId();
    const c = await upsert(p, 'bye@example.com');
    await db.tx((tx) => repo.recordEventFact(tx, p, c.contact!.id, 'signed-up', new Date().toISOString()));
    await h.DeleteContact({ id: c.contact!.id }, as(p));
    expect((await expectAppError(h.GetContact({ id: c.contact!.id }, as(p)))).status).toBe(404);
    expect(await repo.eventFacts(p, c.contact!.id)).toHaveLength(0);
    const rows = await outbox(p);
    expect(rows[rows.length - 1]).toMatchObject({ type: 'contacts.contact.deleted.v1', data: { contactId: c.contact!.id, email: 'bye@example.com' } });
    expect((await expectAppError(h.DeleteContact({ id: c.contact!.id }, as(p)))).status).toBe(404);
  });
});

describe('fields', () => {
  it('DeleteField removes the key from every contact of the project only, and from the field list', async () => {
    const p = newId();
    const q = newId();
    const x = await upsert(p, 'x@example.com', { data: { plan: 'pro', keep: 1, profile: { tier: 'a', since: 2020 } } });
    await upsert(p, 'y@example.com', { data: { plan: 'free' } });
    await upsert(p, 'z@example.com', { data: { keep: 2 } });
    const other = await upsert(q, 'x@example.com', { data: { plan: 'pro' } });

    const out = await h.DeleteField({ field: 'data.plan', limit: 0 }, as(p));
    expect(Number(out.deleted_from)).toBe(2);
    expect(data((await h.GetContact({ id: x.contact!.id }, as(p))).contact)).toEqual({ keep: 1, profile: { tier: 'a', since: 2020 } });
    expect(data((await h.GetContact({ id: other.contact!.id }, as(q))).contact)).toEqual({ plan: 'pro' });
    const names = (await h.ListFields({}, as(p))).fields.map((f) => f.field);
    expect(names).not.toContain('data.plan');
    expect(names).toContain('data.keep');
    expect((await repo.fieldTypes(q)).get('plan')).toBe('string');

    // A nested object key removes its sub-fields too.
    expect(Number((await h.DeleteField({ field: 'profile', limit: 0 }, as(p))).deleted_from)).toBe(1);
    const after = (await h.ListFields({}, as(p))).fields.map((f) => f.field);
    expect(after.filter((f) => f.startsWith('data.profile'))).toEqual([]);
  });

  it('refuses to delete standard fields (400) and invalid names (422)', async () => {
    const p = newId();
    expect((await expectAppError(h.DeleteField({ field: 'email', limit: 0 }, as(p)))).status).toBe(400);
    const err = await expectAppError(h.DeleteField({ field: 'data.', limit: 0 }, as(p)));
    expect(err.status).toBe(422);
    expect(err.errors?.[0].field).toBe('field');
  });

  it('FieldValues lists distinct values of a custom field', async () => {
    const p = newId();
    await upsert(p, 'v1@example.com', { data: { plan: 'pro' } });
    await upsert(p, 'v2@example.com', { data: { plan: 'free' } });
    await upsert(p, 'v3@example.com', { data: { plan: 'pro' } });
    const out = await h.FieldValues({ field: 'data.plan', limit: 10 }, as(p));
    expect(out.values_json.map((v) => JSON.parse(v)).sort()).toEqual(['free', 'pro']);
    expect(Number(out.count)).toBe(2);
  });
});

describe('lookup', () => {
  it('splits emails into found and not found, normalised and deduplicated', async () => {
    const p = newId();
    await upsert(p, 'found@example.com');
    const out = await h.LookupContacts({ emails: ['FOUND@example.com', 'found@example.com', 'missing@example.com'] }, as(p));
    expect(out.found).toEqual(['found@example.com']);
    expect(out.not_found).toEqual(['missing@example.com']);
  });

  it('rejects an empty list and more than 500 emails with 422', async () => {
    const p = newId();
    expect((await expectAppError(h.LookupContacts({ emails: [] }, as(p)))).status).toBe(422);
    const many = Array.from({ length: 501 }, (_, i) => `m${i}@example.com`);
    expect((await expectAppError(h.LookupContacts({ emails: many }, as(p)))).status).toBe(422);
  });
});
