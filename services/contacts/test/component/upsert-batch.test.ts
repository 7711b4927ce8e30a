/**
 * Component test: the batched upsert (UpsertContacts → upsertMany, with ContactsRepo.upsertBatch)
 * against real PostgreSQL, called directly. Its own database herald_c_<random>,
 * dropped afterwards. The single UpsertContact is the reference: a batch must leave the same rows,
 * results, field types and outbox events as the same items upserted one by one, in order.
 */
import { Db, migrate } from '../../../../libs/db/src';
import { errorFromMessage, newId, type ErrorMessage } from '../../../../libs/kit/src';
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
  repo = new ContactsRepo(db);
  h = contactsHandlers(repo) as unknown as Api<'contacts'>;
});

afterAll(async () => {
  await scratch?.drop();
});

/** A batch call carries no project (its items name theirs); a single call carries its caller's. */
const meta = { requestId: 'test' };
const as = (projectId: string) => ({ requestId: 'test', projectId });

interface ItemOpts {
  subscribed?: boolean;
  defaultSubscribed?: boolean;
  /** An object is JSON-encoded; a string is sent as data_json verbatim. */
  data?: unknown;
}

function item(projectId: string, email: string, o: ItemOpts = {}) {
  return {
    project_id: projectId,
    email,
    subscribed: o.subscribed,
    default_subscribed: o.defaultSubscribed ?? true,
    data_json: o.data === undefined ? '' : typeof o.data === 'string' ? o.data : JSON.stringify(o.data),
  };
}
type Item = ReturnType<typeof item>;

const batch = (items: Item[]) => h.UpsertContacts({ items }, meta);
const single = ({ project_id, ...it }: Item) => h.UpsertContact(it, as(project_id));

/** The result of a successful item (fails the test, showing the error, if the item failed). */
function okResult(r: { result?: any; error?: ErrorMessage | null } | undefined) {
  expect(r).toBeDefined();
  expect(r!.error ?? null).toBeNull();
  expect(r!.result?.contact).toBeTruthy();
  return r!.result!;
}

function errorOf(r: { result?: any; error?: ErrorMessage | null } | undefined) {
  expect(r).toBeDefined();
  expect(r!.error).toBeTruthy();
  expect(r!.result?.contact ?? null).toBeNull();
  return errorFromMessage(r!.error).toJSON();
}

/** The outbox's contact events (without contacts.contacts.changed.v1, the API's recompute trigger for segments, tested on its own). */
const outbox = (projectId: string) =>
  db.query<{ id: string; type: string; data: any; project_id: string }>(
    `SELECT id, type, data, project_id FROM contacts.outbox WHERE project_id = $1 AND type <> 'contacts.contacts.changed.v1' ORDER BY seq`,
    [projectId],
  );

const rows = (projectId: string) =>
  db.query<{ id: string; email: string; subscribed: boolean; data: any; created_at: Date; updated_at: Date }>(
    `SELECT id, email, subscribed, data, created_at, updated_at FROM contacts.contacts WHERE project_id = $1 ORDER BY email`,
    [projectId],
  );

const data = (c: { data_json: string } | null | undefined) => JSON.parse(c!.data_json);

/** What a caller can see of one item's result (ids and timestamps differ between projects). */
const view = (r: any) => ({
  email: r.contact.email,
  subscribed: r.contact.subscribed,
  data: JSON.parse(r.contact.data_json),
  is_new: r.is_new,
  is_update: r.is_update,
  transient: JSON.parse(r.transient_json || '{}'),
});

/** Per email, the subscribed values of its subscription events, in order. */
async function eventsByEmail(projectId: string) {
  const out: Record<string, boolean[]> = {};
  for (const r of await outbox(projectId)) {
    expect(r.type).toBe('contacts.contact.subscription_changed.v1');
    (out[r.data.email] ??= []).push(r.data.subscribed);
  }
  return out;
}

/** Rows of a project without ids and timestamps, for comparing two projects. */
const comparable = async (projectId: string) => (await rows(projectId)).map((r) => ({ email: r.email, subscribed: r.subscribed, data: r.data }));

/**
 * Runs `setup` then `items` as one batch in a fresh project, and `setup` then `items` one by one
 * through UpsertContact in another; returns both so a test can check they agree.
 */
async function batchVersusSingle(setup: (p: string) => Item[], items: (p: string) => Item[]) {
  const p = newId();
  const q = newId();
  for (const it of setup(p)) await single(it);
  for (const it of setup(q)) await single(it);
  const res = await batch(items(p));
  const reference: any[] = [];
  for (const it of items(q)) {
    try {
      reference.push({ ok: view(await single(it)) });
    } catch (err) {
      reference.push({ error: (err as any).code });
    }
  }
  const got = res.results.map((r: any) => (r.error ? { error: r.error.code } : { ok: view(r.result) }));
  return { p, q, res, got, reference };
}

describe('UpsertContacts: results', () => {
  it('returns one result per item, in request order, whatever path each item takes', async () => {
    const p = newId();
    const existing = await single(item(p, 'existing@example.com', { data: { plan: 'free' } }));
    const same = await single(item(p, 'same@example.com', { data: { n: 1 } }));
    const flip = await single(item(p, 'flip@example.com'));

    const items = [
      item(p, 'dup@example.com', { data: { a: 1 } }), // new
      item(p, 'not-an-email'), // invalid
      item(p, 'flip@example.com', { subscribed: false }), // subscription change (later path)
      item(p, 'existing@example.com', { data: { plan: 'pro' } }), // data update
      item(p, 'dup@example.com', { data: { b: 2 } }), // repeated email (later path)
      item(p, 'same@example.com', { data: { n: 1 } }), // no change
      item(p, 'fresh@example.com', { defaultSubscribed: false }), // new, unsubscribed
      item(p, 'bad-data@example.com', { data: '[1,2]' }), // invalid data
    ];
    const { results } = await batch(items);
    expect(results).toHaveLength(items.length);

    const dup1 = okResult(results[0]);
    expect(dup1.contact.email).toBe('dup@example.com');
    expect(errorOf(results[1]).code).toBe('VALIDATION_ERROR');
    const flipped = okResult(results[2]);
    expect(flipped.contact).toMatchObject({ id: flip.contact!.id, email: 'flip@example.com', subscribed: false });
    const updated = okResult(results[3]);
    expect(updated.contact).toMatchObject({ id: existing.contact!.id, email: 'existing@example.com' });
    expect(data(updated.contact)).toEqual({ plan: 'pro' });
    const dup2 = okResult(results[4]);
    expect(dup2.contact.id).toBe(dup1.contact.id);
    expect(data(dup2.contact)).toEqual({ a: 1, b: 2 });
    const unchanged = okResult(results[5]);
    expect(unchanged.contact.id).toBe(same.contact!.id);
    const fresh = okResult(results[6]);
    expect(fresh.contact).toMatchObject({ email: 'fresh@example.com', subscribed: false });
    expect(errorOf(results[7]).code).toBe('VALIDATION_ERROR');
  });

  it('an empty batch returns no results and writes nothing', async () => {
    const { results } = await h.UpsertContacts({ items: [] }, meta);
    expect(results).toEqual([]);
  });

  it('matches UpsertContact item by item: results, stored rows and subscription events', async () => {
    const setup = (p: string) => [
      item(p, 'old@example.com', { data: { plan: 'free', seats: 1, gone: 'x', nested: { a: 1 } } }),
      item(p, 'quiet@example.com', { subscribed: false, data: { k: 'v' } }),
      item(p, 'loud@example.com'),
    ];
    const items = (p: string) => [
      item(p, 'new1@example.com', { data: { plan: 'pro', token: { value: 't1', persistent: false } } }),
      item(p, 'OLD@example.com', {
        data: { plan: '', seats: 2, gone: null, nested: { z: 1, nil: null }, id: 'hijack', kept: { value: 'k', persistent: true } },
      }),
      item(p, 'new2@example.com', { defaultSubscribed: false, data: { x: true } }),
      item(p, 'quiet@example.com', { data: { k: 'v' } }),
      item(p, 'loud@example.com', { subscribed: false, data: { why: 'spam' } }),
      item(p, 'quiet@example.com', { subscribed: true }),
      item(p, ' New1@Example.com ', { data: { plan: null, extra: 3 } }),
      item(p, 'nope@', { data: { a: 1 } }),
      item(p, 'new3@example.com', { subscribed: false, defaultSubscribed: true }),
    ];
    const { p, q, got, reference } = await batchVersusSingle(setup, items);
    expect(got).toEqual(reference);
    expect(await comparable(p)).toEqual(await comparable(q));
    expect(await eventsByEmail(p)).toEqual(await eventsByEmail(q));
    expect(Object.fromEntries(await repo.fieldTypes(p))).toEqual(Object.fromEntries(await repo.fieldTypes(q)));
  });
});

describe('UpsertContacts: new contacts', () => {
  it('inserts new emails (is_new), subscribed = default_subscribed unless sent, with one subscription event per new subscribed contact', async () => {
    const p = newId();
    const { results } = await batch([
      item(p, 'a@example.com', { defaultSubscribed: true, data: { plan: 'pro' } }),
      item(p, 'b@example.com', { defaultSubscribed: false }),
      item(p, 'c@example.com', { subscribed: false, defaultSubscribed: true }),
      item(p, 'd@example.com', { subscribed: true, defaultSubscribed: false }),
    ]);
    const [a, b, c, d] = results.map(okResult);
    for (const r of [a, b, c, d]) {
      expect(r.is_new).toBe(true);
      expect(r.is_update).toBe(false);
    }
    expect([a, b, c, d].map((r) => r.contact.subscribed)).toEqual([true, false, false, true]);
    expect(data(a.contact)).toEqual({ plan: 'pro' });
    expect(data(b.contact)).toEqual({});
    expect(new Set([a, b, c, d].map((r) => r.contact.id)).size).toBe(4);

    // Stored, not only returned.
    const stored = await rows(p);
    expect(stored.map((r) => [r.email, r.subscribed, r.data])).toEqual([
      ['a@example.com', true, { plan: 'pro' }],
      ['b@example.com', false, {}],
      ['c@example.com', false, {}],
      ['d@example.com', true, {}],
    ]);
    const got = await h.GetContact({ id: a.contact.id }, as(p));
    expect(got.contact).toEqual(a.contact);

    const events = await outbox(p);
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.type === 'contacts.contact.subscription_changed.v1' && e.project_id === p)).toBe(true);
    const byContact = Object.fromEntries(events.map((e) => [e.data.contactId, e.data]));
    expect(byContact).toEqual({
      [a.contact.id]: { contactId: a.contact.id, email: 'a@example.com', subscribed: true },
      [d.contact.id]: { contactId: d.contact.id, email: 'd@example.com', subscribed: true },
    });
    expect(new Set(events.map((e) => e.id)).size).toBe(2);
  });

  it('a new contact looks the same whether created by a batch or by UpsertContact', async () => {
    const p = newId();
    const q = newId();
    const payload = { plan: 'pro', seats: 3, nested: { a: 1, empty: '', b: { c: true } }, blank: '', email: 'x@evil.com', t: { value: 1, persistent: false } };
    const viaBatch = okResult((await batch([item(p, 'Same.Shape@Example.com', { data: payload })])).results[0]);
    const viaSingle = await single(item(q, 'Same.Shape@Example.com', { data: payload }));
    expect(view(viaBatch)).toEqual(view(viaSingle));
    expect(await comparable(p)).toEqual(await comparable(q));
    expect((await outbox(p)).map((e) => ({ type: e.type, email: e.data.email, subscribed: e.data.subscribed }))).toEqual(
      (await outbox(q)).map((e) => ({ type: e.type, email: e.data.email, subscribed: e.data.subscribed })),
    );
  });
});

describe('UpsertContacts: existing contacts', () => {
  it('merges changed data by the data patch rules (is_update, no outbox event), persisted', async () => {
    const p = newId();
    const c = await single(item(p, 'data@example.com', { data: { plan: 'pro', seats: 3, nested: { a: 1, b: { c: true } }, gone: 'x' } }));
    const before = (await rows(p))[0];
    const eventsBefore = (await outbox(p)).length;

    const { results } = await batch([
      item(p, 'data@example.com', {
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
      }),
    ]);
    const r = okResult(results[0]);
    const expected = { plan: 'pro', seats: 4, nested: { z: 1 }, kept: 'yes' };
    expect(r.is_new).toBe(false);
    expect(r.is_update).toBe(true);
    expect(r.contact.id).toBe(c.contact!.id);
    expect(r.contact.email).toBe('data@example.com');
    expect(r.contact.subscribed).toBe(true);
    expect(data(r.contact)).toEqual(expected);
    expect(JSON.parse(r.transient_json)).toEqual({ token: 'secret' });

    const [after] = await rows(p);
    expect(after.data).toEqual(expected);
    expect(after.updated_at.getTime()).toBeGreaterThanOrEqual(before.updated_at.getTime());
    expect(after.created_at).toEqual(before.created_at);
    expect(data((await h.GetContact({ id: c.contact!.id }, as(p))).contact)).toEqual(expected);
    expect(await outbox(p)).toHaveLength(eventsBefore); // data changes publish nothing
  });

  it('identical data comes back unchanged with is_update false and writes nothing', async () => {
    const p = newId();
    const c = await single(item(p, 'same@example.com', { data: { seats: 4, tags: ['a', 'b'], nested: { x: 1 } } }));
    const before = (await rows(p))[0];
    const eventsBefore = (await outbox(p)).length;
    await new Promise((r) => setTimeout(r, 5)); // an accidental write would move updated_at

    const { results } = await batch([
      item(p, 'same@example.com', { data: { seats: 4 } }),
      item(p, 'other@example.com'), // an unrelated neighbour in the batch
    ]);
    const r = okResult(results[0]);
    expect(r.is_new).toBe(false);
    expect(r.is_update).toBe(false);
    expect(r.contact).toEqual(c.contact);

    // Not sending data, or sending the same nested object / array, is no change either.
    const again = await batch([item(p, 'same@example.com', { data: { tags: ['a', 'b'], nested: { x: 1 } } })]);
    expect(okResult(again.results[0]).is_update).toBe(false);
    const nothing = await batch([item(p, 'same@example.com')]);
    expect(okResult(nothing.results[0]).is_update).toBe(false);

    const after = (await rows(p)).find((x) => x.email === 'same@example.com')!;
    expect(after.updated_at).toEqual(before.updated_at);
    expect(after.data).toEqual(before.data);
    expect((await outbox(p)).filter((e) => e.data.email === 'same@example.com')).toHaveLength(eventsBefore);
  });

  it('an existing contact keeps its subscription when subscribed is absent, whatever default_subscribed says', async () => {
    const p = newId();
    await single(item(p, 'keeps@example.com', { subscribed: false }));
    const { results } = await batch([item(p, 'keeps@example.com', { defaultSubscribed: true, data: { a: 1 } })]);
    const r = okResult(results[0]);
    expect(r.contact.subscribed).toBe(false);
    expect(r.is_update).toBe(true);
    expect(await outbox(p)).toHaveLength(0);
  });

  it('applies a subscription change of an existing contact, with a subscription_changed event (subscribed false)', async () => {
    const p = newId();
    const c = await single(item(p, 'flip@example.com', { data: { plan: 'pro' } }));
    expect(await outbox(p)).toHaveLength(1); // created subscribed

    const { results } = await batch([item(p, 'flip@example.com', { subscribed: false }), item(p, 'bystander@example.com', { defaultSubscribed: false })]);
    const r = okResult(results[0]);
    expect(r.is_new).toBe(false);
    expect(r.is_update).toBe(true);
    expect(r.contact).toMatchObject({ id: c.contact!.id, subscribed: false });
    expect(data(r.contact)).toEqual({ plan: 'pro' });
    expect((await h.GetContact({ id: c.contact!.id }, as(p))).contact!.subscribed).toBe(false);

    const events = await outbox(p);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({
      type: 'contacts.contact.subscription_changed.v1',
      project_id: p,
      data: { contactId: c.contact!.id, email: 'flip@example.com', subscribed: false },
    });

    // Sending the state it already has is no change and no event.
    const same = await batch([item(p, 'flip@example.com', { subscribed: false })]);
    expect(okResult(same.results[0]).is_update).toBe(false);
    // And back on: one more event, subscribed true.
    const on = await batch([item(p, 'flip@example.com', { subscribed: true, data: { plan: 'max' } })]);
    expect(okResult(on.results[0]).contact).toMatchObject({ subscribed: true });
    expect(data(okResult(on.results[0]).contact)).toEqual({ plan: 'max' });
    expect((await outbox(p)).map((e) => e.data.subscribed)).toEqual([true, false, true]);
  });
});

describe('UpsertContacts: the same contact more than once in a batch', () => {
  it('the same new email twice: both succeed, the second sees the first, one contact and one event', async () => {
    const p = newId();
    const { results } = await batch([item(p, 'twice@example.com', { data: { a: 1 } }), item(p, 'twice@example.com', { data: { b: 2 } })]);
    const [first, second] = results.map(okResult);
    expect(first.is_new).toBe(true);
    expect(data(first.contact)).toEqual({ a: 1 });
    expect(second.is_new).toBe(false);
    expect(second.is_update).toBe(true);
    expect(second.contact.id).toBe(first.contact.id);
    expect(data(second.contact)).toEqual({ a: 1, b: 2 });

    const stored = await rows(p);
    expect(stored).toHaveLength(1);
    expect(stored[0].data).toEqual({ a: 1, b: 2 });
    expect(await outbox(p)).toHaveLength(1);
  });

  it('an existing email three times: each item applies on top of the one before, the last value wins', async () => {
    const p = newId();
    await single(item(p, 'thrice@example.com', { data: { n: 0, keep: true } }));
    const { results } = await batch([
      item(p, 'thrice@example.com', { data: { n: 1 } }),
      item(p, 'thrice@example.com', { data: { n: 2, m: 'x' } }),
      item(p, 'thrice@example.com', { data: { n: 3, m: null } }),
    ]);
    expect(results.map((r) => data(okResult(r).contact))).toEqual([
      { n: 1, keep: true },
      { n: 2, m: 'x', keep: true },
      { n: 3, keep: true },
    ]);
    expect((await rows(p))[0].data).toEqual({ n: 3, keep: true });
  });

  it('two spellings of one address (case, surrounding spaces) land on one normalized contact', async () => {
    const p = newId();
    const { results } = await batch([
      item(p, '  Mixed.Case@Example.COM ', { data: { a: 1 } }),
      item(p, 'mixed.case@example.com', { data: { b: 2 } }),
      item(p, 'MIXED.CASE@EXAMPLE.COM', {}),
    ]);
    const rs = results.map(okResult);
    expect(rs.map((r) => r.contact.email)).toEqual(Array(3).fill('mixed.case@example.com'));
    expect(new Set(rs.map((r) => r.contact.id)).size).toBe(1);
    expect(rs.map((r) => r.is_new)).toEqual([true, false, false]);
    const stored = await rows(p);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ email: 'mixed.case@example.com', data: { a: 1, b: 2 } });
    expect(await repo.findByEmail(p, 'mixed.case@example.com')).toMatchObject({ id: rs[0].contact.id });
    expect(await outbox(p)).toHaveLength(1);
  });

  it('an existing contact spelled differently is found, not duplicated', async () => {
    const p = newId();
    const c = await single(item(p, 'known@example.com'));
    const { results } = await batch([item(p, ' KNOWN@Example.com', { data: { seen: true } })]);
    const r = okResult(results[0]);
    expect(r.is_new).toBe(false);
    expect(r.contact.id).toBe(c.contact!.id);
    expect(await rows(p)).toHaveLength(1);
  });

  it('a subscription change followed by a data change of the same contact: the second item sees the first (request order)', async () => {
    // The docstring of upsertMany: "...in request order, so each item sees the ones before it".
    const setup = (p: string) => [item(p, 'order@example.com', { data: { plan: 'free' } })];
    const items = (p: string) => [
      item(p, 'order@example.com', { subscribed: false, data: { plan: 'a' } }),
      item(p, 'order@example.com', { data: { plan: 'b' } }),
    ];
    const { p, q, got, reference } = await batchVersusSingle(setup, items);
    // One by one: the contact ends unsubscribed with plan "b"; the second result shows both.
    expect(reference[1]).toEqual({ ok: expect.objectContaining({ subscribed: false, data: { plan: 'b' } }) });
    expect(await comparable(q)).toEqual([{ email: 'order@example.com', subscribed: false, data: { plan: 'b' } }]);
    // The batch must agree, in its results and in what it stores.
    expect({ results: got, stored: await comparable(p) }).toEqual({ results: reference, stored: await comparable(q) });
  });
});

describe('UpsertContacts: items fail on their own', () => {
  it('an invalid email fails alone with 422 VALIDATION_ERROR; the rest of the batch succeeds', async () => {
    const p = newId();
    const { results } = await batch([
      item(p, 'good1@example.com'),
      item(p, 'not-an-email', { data: { a: 1 } }),
      item(p, ''),
      item(p, 'good2@example.com', { data: { b: 2 } }),
    ]);
    expect(results).toHaveLength(4);
    okResult(results[0]);
    for (const bad of [results[1], results[2]]) {
      const err = errorOf(bad);
      expect(err.code).toBe('VALIDATION_ERROR');
      expect(err.status).toBe(422);
      expect(err.errors?.[0]?.field).toBe('email');
    }
    expect(data(okResult(results[3]).contact)).toEqual({ b: 2 });
    expect((await rows(p)).map((r) => r.email)).toEqual(['good1@example.com', 'good2@example.com']);

    // The same error UpsertContact gives for that input.
    const single422 = await expectAppError(single(item(p, 'not-an-email')));
    expect(errorOf(results[1])).toEqual(single422.toJSON());
  });

  it('invalid data (not an object, not JSON) fails alone with 422 and writes nothing for that item', async () => {
    const p = newId();
    const existing = await single(item(p, 'exists@example.com', { data: { keep: 1 } }));
    const { results } = await batch([
      item(p, 'array@example.com', { data: '[1,2]' }),
      item(p, 'ok@example.com', { data: { fine: true } }),
      item(p, 'broken@example.com', { data: '{oops' }),
      item(p, 'exists@example.com', { data: '"a string"' }),
      item(p, 'exists@example.com', { data: { more: 2 } }),
    ]);
    for (const i of [0, 2, 3]) {
      const err = errorOf(results[i]);
      expect(err.code).toBe('VALIDATION_ERROR');
      expect(err.status).toBe(422);
      expect(err.errors?.[0]?.field).toBe('data');
    }
    expect(data(okResult(results[1]).contact)).toEqual({ fine: true });
    // A later item of the same contact still goes through, on the unchanged data.
    const more = okResult(results[4]);
    expect(more.contact.id).toBe(existing.contact!.id);
    expect(data(more.contact)).toEqual({ keep: 1, more: 2 });
    expect((await rows(p)).map((r) => r.email)).toEqual(['exists@example.com', 'ok@example.com']);
  });

  it('invalid data on the first sight of a new email does not stop a later valid item of it', async () => {
    const p = newId();
    const { results } = await batch([item(p, 'late@example.com', { data: '[1]' }), item(p, 'late@example.com', { data: { v: 1 } })]);
    expect(errorOf(results[0]).status).toBe(422);
    const r = okResult(results[1]);
    expect(r.is_new).toBe(true);
    expect(data(r.contact)).toEqual({ v: 1 });
    expect(await outbox(p)).toHaveLength(1);
  });

  it('reserved keys in data are dropped, not stored, as UpsertContact does', async () => {
    const p = newId();
    const { results } = await batch([item(p, 'reserved@example.com', { data: '{"email":"x","id":"y","herald_id":"z","plan":"pro"}' })]);
    const r = okResult(results[0]);
    expect(r.contact.email).toBe('reserved@example.com');
    expect(data(r.contact)).toEqual({ plan: 'pro' });
    expect((await rows(p))[0].data).toEqual({ plan: 'pro' });
  });
});

describe('UpsertContacts: tenancy', () => {
  it('the same email in two projects in one batch makes two contacts, each visible only in its project', async () => {
    const a = newId();
    const b = newId();
    const { results } = await batch([
      item(a, 'shared@example.com', { data: { owner: 'a' } }),
      item(b, 'shared@example.com', { data: { owner: 'b' }, defaultSubscribed: false }),
    ]);
    const [ra, rb] = results.map(okResult);
    expect(ra.is_new).toBe(true);
    expect(rb.is_new).toBe(true);
    expect(ra.contact.id).not.toBe(rb.contact.id);
    expect(data(ra.contact)).toEqual({ owner: 'a' });
    expect(data(rb.contact)).toEqual({ owner: 'b' });
    expect(rb.contact.subscribed).toBe(false);

    expect(data((await h.GetContact({ id: ra.contact.id }, as(a))).contact)).toEqual({ owner: 'a' });
    expect(data((await h.GetContact({ id: rb.contact.id }, as(b))).contact)).toEqual({ owner: 'b' });
    expect((await expectAppError(h.GetContact({ id: ra.contact.id }, as(b)))).status).toBe(404);
    expect((await expectAppError(h.GetContact({ id: rb.contact.id }, as(a)))).status).toBe(404);
    expect((await repo.findByEmail(a, 'shared@example.com'))!.id).toBe(ra.contact.id);
    expect((await repo.findByEmail(b, 'shared@example.com'))!.id).toBe(rb.contact.id);

    // Events go to their own project only.
    expect((await outbox(a)).map((e) => e.data.contactId)).toEqual([ra.contact.id]);
    expect(await outbox(b)).toHaveLength(0);
  });

  it("an existing contact in one project is not touched by an item for another project's same email", async () => {
    const a = newId();
    const b = newId();
    const existing = await single(item(a, 'mine@example.com', { data: { owner: 'a' } }));
    const { results } = await batch([item(b, 'mine@example.com', { data: { owner: 'b' } }), item(a, 'mine@example.com', { data: { seen: 1 } })]);
    const [rb, ra] = results.map(okResult);
    expect(rb.is_new).toBe(true);
    expect(rb.contact.id).not.toBe(existing.contact!.id);
    expect(data(rb.contact)).toEqual({ owner: 'b' });
    expect(ra.is_new).toBe(false);
    expect(ra.contact.id).toBe(existing.contact!.id);
    expect(data(ra.contact)).toEqual({ owner: 'a', seen: 1 });
    expect((await rows(a)).map((r) => r.data)).toEqual([{ owner: 'a', seen: 1 }]);
    expect((await rows(b)).map((r) => r.data)).toEqual([{ owner: 'b' }]);
  });
});

describe('UpsertContacts: field types', () => {
  it('records the types of new keys (contacts.fields), as UpsertContact does', async () => {
    const p = newId();
    const q = newId();
    const payload = { plan: 'pro', score: 5, since: '2024-01-31', vip: true, profile: { tier: 'gold' }, tags: ['x'] };
    await batch([item(p, 'f1@example.com', { data: payload }), item(p, 'bad', { data: { ignored: 1 } })]);
    await single(item(q, 'f1@example.com', { data: payload }));
    const types = Object.fromEntries(await repo.fieldTypes(p));
    expect(types).toEqual({ plan: 'string', score: 'number', since: 'date', vip: 'boolean', 'profile.tier': 'string', tags: 'string' });
    expect(types).toEqual(Object.fromEntries(await repo.fieldTypes(q)));

    // Keys written by updates, unchanged items and repeated emails are recorded too; a known key keeps its type.
    await single(item(p, 'existing@example.com', { data: { keep: 1 } }));
    await batch([
      item(p, 'existing@example.com', { data: { added: 'yes', score: 'high' } }),
      item(p, 'f2@example.com', { data: { fresh: 1 } }),
      item(p, 'f2@example.com', { data: { later: false } }),
    ]);
    expect(Object.fromEntries(await repo.fieldTypes(p))).toEqual({ ...types, keep: 'number', added: 'string', fresh: 'number', later: 'boolean' });

    const { fields } = await h.ListFields({}, as(p));
    expect(fields.map((f) => f.field)).toEqual(expect.arrayContaining(['data.plan', 'data.added', 'data.later', 'data.profile.tier']));
    // Failed items record nothing.
    expect(fields.map((f) => f.field)).not.toContain('data.ignored');
  });

  it('first writer wins in request order when items of one batch give a new key different types', async () => {
    const setup = (p: string) => [item(p, 'known@example.com', { data: { x: 1 } })];
    const items = (p: string) => [
      item(p, 'known@example.com', { data: { tier: 5 } }), // an update, first in the batch: number
      item(p, 'newbie@example.com', { data: { tier: 'gold' } }), // an insert, second: string
      item(p, 'other@example.com', { data: { level: 1 } }),
      item(p, 'another@example.com', { data: { level: 'one' } }),
    ];
    const { p, q } = await batchVersusSingle(setup, items);
    const reference = Object.fromEntries(await repo.fieldTypes(q));
    expect(reference).toMatchObject({ tier: 'number', level: 'number' });
    expect(Object.fromEntries(await repo.fieldTypes(p))).toEqual(reference);
  });
});

describe('UpsertContacts: concurrency', () => {
  it('concurrent batches over the same new emails make one contact each, lose no data and emit one event per contact', async () => {
    const p = newId();
    const emails = Array.from({ length: 8 }, (_, i) => `race${i}@example.com`);
    const outs = await Promise.all(Array.from({ length: 6 }, (_, k) => batch(emails.map((e) => item(p, e, { data: { [`k${k}`]: k } })))));
    for (const o of outs) for (const r of o.results) okResult(r);
    const stored = await rows(p);
    expect(stored.map((r) => r.email)).toEqual([...emails].sort());
    for (const r of stored) expect(Object.keys(r.data).sort()).toEqual(['k0', 'k1', 'k2', 'k3', 'k4', 'k5']);
    for (const e of emails) expect(outs.filter((o) => o.results[emails.indexOf(e)].result!.is_new)).toHaveLength(1);
    const events = await eventsByEmail(p);
    expect(Object.keys(events).sort()).toEqual([...emails].sort());
    for (const e of emails) expect(events[e]).toEqual([true]);
  });

  it('concurrent batches over the same contacts in opposite orders all succeed (no deadlock fails a whole batch)', async () => {
    // Two writes of one statement each, inserting overlapping new emails in opposite orders, can
    // wait on each other; PostgreSQL then aborts one (40P01) and every item of that batch fails.
    // A few rounds, since whether the statements interleave that way is down to timing.
    for (let round = 0; round < 4; round++) {
      const p = newId();
      const emails = Array.from({ length: 150 }, (_, i) => `order${String(i).padStart(3, '0')}@example.com`);
      for (const e of emails.slice(0, 10)) await single(item(p, e, { data: { v: 0 } })); // a few existing ones too
      const runs = await Promise.allSettled(
        Array.from({ length: 16 }, (_, k) => {
          const list = k % 2 === 0 ? emails : [...emails].reverse();
          return batch(list.map((e) => item(p, e, { data: { [`k${k}`]: k } })));
        }),
      );
      const failed = runs.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason));
      expect({ round, failed }).toEqual({ round, failed: [] });
      for (const r of runs) for (const x of (r as PromiseFulfilledResult<any>).value.results) okResult(x);
      const stored = await rows(p);
      expect(stored).toHaveLength(emails.length);
      for (const r of stored) for (let k = 0; k < 16; k++) expect(r.data[`k${k}`]).toBe(k);
      const events = await eventsByEmail(p);
      for (const e of emails) expect(events[e]).toEqual([true]);
    }
  });
});
