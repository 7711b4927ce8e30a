/**
 * Component test: compiled conditions against real PostgreSQL (a scratch database with the
 * contacts tables and the audience migration, dropped afterwards). Contacts whose answers are
 * known — mistyped stored values, missing keys, a deleted field, invalid dates, nested data —
 * and another project holding look-alikes of all of it, which must never match. Every case runs
 * as a set (idsSql), a count (countSql) and one contact at a time (matchSql), which must agree.
 */
import type { PoolClient } from 'pg';
import { Db, migrate } from '../../db/src';
import { AppError, newId } from '../../kit/src';
import { scratchDatabase, ScratchDatabase } from '../../testing/src';
import {
  audienceMigrations,
  compileCondition,
  CompiledCondition,
  Condition,
  contactMatches,
  countSql,
  idsSql,
  matchEachSql,
  matchSql,
  pageSql,
  SegmentSource,
  validateCondition,
} from '../src';
import { contactsTables } from './fixture';

let scratch: ScratchDatabase;
let db: Db;

const P = newId();
const Q = newId(); // another project: everything it holds matches every case, and must never show

type Name = 'ann' | 'bob' | 'cat' | 'dan' | 'eve';
const NAMES: Name[] = ['ann', 'bob', 'cat', 'dan', 'eve'];
/** Time-ordered ids, in NAMES order. */
const ID: Record<Name, string> = Object.fromEntries(NAMES.map((n) => [n, newId()])) as Record<Name, string>;
const NAME_OF = new Map(Object.entries(ID).map(([n, id]) => [id, n as Name]));
const Q_ANN = newId();

const S_STATIC = newId();
const D_PRO = newId(); // DYNAMIC: data.plan equals pro
const D_PRO_OR_UNSUB = newId(); // DYNAMIC: segment D_PRO OR subscribed false
const C1 = newId(); // C1 and C2 reference each other
const C2 = newId();
const GONE = newId(); // referenced, but no such segment
const CHAIN = Array.from({ length: 7 }, () => newId()); // CHAIN[i] references CHAIN[i+1]

const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
const DAY = 86_400_000;
const HOUR = 3_600_000;

const filterOf = (field: string, operator: string, extra: Record<string, unknown> = {}) => ({ field, operator, ...extra });
const all = (...filters: object[]): Condition => ({ logic: 'AND', groups: [{ filters }] }) as Condition;

const segments = new Map<string, SegmentSource>([
  [S_STATIC, { type: 'STATIC' }],
  [D_PRO, { type: 'DYNAMIC', condition: all(filterOf('data.plan', 'equals', { value: 'pro' })) }],
  [
    D_PRO_OR_UNSUB,
    {
      type: 'DYNAMIC',
      condition: {
        logic: 'OR',
        groups: [{ filters: [filterOf(`segment.${D_PRO}`, 'memberOfSegment')] }, { filters: [filterOf('subscribed', 'equals', { value: false })] }],
      } as Condition,
    },
  ],
  [C1, { type: 'DYNAMIC', condition: all(filterOf(`segment.${C2}`, 'memberOfSegment')) }],
  [C2, { type: 'DYNAMIC', condition: all(filterOf(`segment.${C1}`, 'memberOfSegment')) }],
  ...CHAIN.map((id, i): [string, SegmentSource] => [
    id,
    {
      type: 'DYNAMIC',
      condition: i + 1 < CHAIN.length ? all(filterOf(`segment.${CHAIN[i + 1]}`, 'memberOfSegment')) : all(filterOf('subscribed', 'equals', { value: true })),
    },
  ]),
]);
let resolved: string[] = [];
const resolveSegment = async (id: string) => {
  resolved.push(id);
  return segments.get(id);
};

let created: Record<Name, Date>;
let updated: Record<Name, Date>;

async function insertContact(project: string, id: string, email: string, subscribed: boolean, data: object, createdAgo: number, updatedAgo: number) {
  await db.query('INSERT INTO contacts.contacts (project_id, id, email, subscribed, data, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    project,
    id,
    email,
    subscribed,
    JSON.stringify(data),
    iso(createdAgo),
    iso(updatedAgo),
  ]);
}

async function fact(project: string, contact: string, name: string, count: number, firstAgo: number, lastAgo: number) {
  await db.query('INSERT INTO contacts.event_facts (project_id, contact_id, name, count, first_at, last_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    project,
    contact,
    name,
    count,
    iso(firstAgo),
    iso(lastAgo),
  ]);
}

/** Everything that matches in P, mirrored into Q (whose contact must never match). */
const ANN_DATA = { plan: 'pro', age: 30, vip: true, renewal: '2026-05-06', lastSeen: iso(2 * DAY), profile: { tier: 'gold' }, tags: ['a'], old: 'x' };

beforeAll(async () => {
  scratch = await scratchDatabase({ poolMax: 4, prefix: 'herald_aud' });
  db = scratch.db;
  expect(await migrate(db, 'contacts', [contactsTables, ...audienceMigrations])).toBe(1 + audienceMigrations.length);
  expect(await migrate(db, 'contacts', [contactsTables, ...audienceMigrations])).toBe(0);

  await insertContact(P, ID.ann, 'ann@example.com', true, ANN_DATA, 10 * DAY, 1 * HOUR);
  await insertContact(
    P,
    ID.bob,
    'bob@example.com',
    false,
    { plan: 'free', age: 45.5, vip: false, renewal: '2026-05-06T10:00:00Z', lastSeen: iso(20 * DAY).slice(0, 10), profile: { tier: 'silver' } },
    40 * DAY,
    50 * DAY,
  );
  await insertContact(
    P,
    ID.cat,
    'cat@test.org',
    true,
    { plan: 'Pro Plus', age: '30', vip: 'yes', renewal: 'soon', lastSeen: iso(-5 * DAY).replace(/\.\d{3}Z$/, 'Z'), tags: ['a', 'b'] },
    2 * DAY,
    3 * DAY,
  );
  await insertContact(P, ID.dan, 'dan@test.org', true, {}, 100 * DAY, 100 * DAY);
  await insertContact(
    P,
    ID.eve,
    'eve@example.com',
    false,
    { plan: 5, age: 18, vip: null, renewal: '2026-02-30', lastSeen: 'not a date', old: 'x' },
    6 * HOUR,
    1 * DAY,
  );
  // Q: a contact that matches everything P's cases ask for, by email too.
  await insertContact(Q, Q_ANN, 'ann@example.com', false, { ...ANN_DATA, age: 99, plan: 'pro' }, 1 * HOUR, 1 * HOUR);

  // P's field types; `old` was deleted (its values linger on eve and ann here, as a half-done delete would leave them);
  // `tags` has a type this library does not know. Q has a type for `old`, which P must not see.
  for (const [key, type] of Object.entries({
    plan: 'string',
    age: 'number',
    vip: 'boolean',
    renewal: 'date',
    lastSeen: 'date',
    'profile.tier': 'string',
    tags: 'list',
  })) {
    await db.query('INSERT INTO contacts.fields (project_id, key, type) VALUES ($1, $2, $3)', [P, key, type]);
  }
  await db.query(`INSERT INTO contacts.fields (project_id, key, type) VALUES ($1, 'old', 'string'), ($1, 'plan', 'string')`, [Q]);

  await fact(P, ID.ann, 'signup', 1, 5 * DAY, 5 * DAY);
  await fact(P, ID.ann, 'purchase', 3, 30 * DAY, 2 * DAY);
  await fact(P, ID.ann, 'email.opened', 2, 3 * DAY, 1 * HOUR);
  await fact(P, ID.bob, 'purchase', 1, 60 * DAY, 60 * DAY);
  await fact(P, ID.bob, 'email.sent', 1, 60 * DAY, 60 * DAY);
  await fact(P, ID.bob, 'email.bounced', 1, 60 * DAY, 60 * DAY);
  await fact(P, ID.cat, 'signup', 1, 20 * DAY, 20 * DAY);
  await fact(P, ID.eve, 'purchase', 7, 10 * DAY, 1 * DAY);
  // Facts filed under Q, for Q's contact and — a tenancy trap — for P's dan and bob.
  for (const name of ['signup', 'purchase', 'email.opened', 'email.sent', 'email.bounced']) {
    await fact(Q, Q_ANN, name, 5, 1 * HOUR, 1 * HOUR);
    await fact(Q, ID.dan, name, 5, 1 * HOUR, 1 * HOUR);
  }

  await db.query('INSERT INTO contacts.segment_members (project_id, segment_id, contact_id) VALUES ($1, $2, $3), ($1, $2, $4)', [P, S_STATIC, ID.ann, ID.dan]);
  await db.query('INSERT INTO contacts.segment_members (project_id, segment_id, contact_id) VALUES ($1, $2, $3), ($1, $2, $4)', [Q, S_STATIC, Q_ANN, ID.bob]);

  const rows = await db.query('SELECT id, created_at, updated_at FROM contacts.contacts WHERE project_id = $1', [P]);
  created = Object.fromEntries(rows.map((r) => [NAME_OF.get(r.id)!, r.created_at])) as Record<Name, Date>;
  updated = Object.fromEntries(rows.map((r) => [NAME_OF.get(r.id)!, r.updated_at])) as Record<Name, Date>;
});

afterAll(async () => {
  await scratch?.drop();
});

/** The project's field types, as contacts reads them (through a transaction's client when given). */
async function fieldTypes(q: Pick<PoolClient, 'query'> = db.pool): Promise<Map<string, string>> {
  const r = await q.query('SELECT key, type FROM contacts.fields WHERE project_id = $1', [P]);
  return new Map(r.rows.map((row) => [row.key, row.type]));
}

/** Validates the input as a write would, compiles it, and returns who matches — checked three ways. */
async function matching(input: unknown): Promise<Name[]> {
  const types = await fieldTypes();
  const compiled = await compileCondition(validateCondition(input, { fieldTypes: types }), { fieldTypes: types, resolveSegment });
  const ids = (await db.query(idsSql(P, compiled))).map((r) => r.id as string);
  const names = ids.map((id) => NAME_OF.get(id) ?? (`stranger ${id}` as Name));
  const [{ n }] = await db.query(countSql(P, compiled));
  expect(Number(n)).toBe(ids.length);
  for (const name of NAMES) {
    const matched = await contactMatches(db.pool, P, ID[name], compiled);
    expect({ name, matched }).toEqual({ name, matched: names.includes(name) });
  }
  expect(await contactMatches(db.pool, P, Q_ANN, compiled)).toBe(false); // Q's contact, asked for as P's
  return names;
}

type Case = [string, object, Name[]];
const f = filterOf;

/** Day, second and millisecond spellings of an instant. */
const spellings = (d: Date) => ({ day: d.toISOString().slice(0, 10), second: d.toISOString().slice(0, 19) + 'Z', ms: d.toISOString() });

describe('standard fields', () => {
  const cases: Case[] = [
    ['email equals, trimmed and case-insensitive', f('email', 'equals', { value: ' ANN@Example.com ' }), ['ann']],
    ['email notEquals', f('email', 'notEquals', { value: 'ann@example.com' }), ['bob', 'cat', 'dan', 'eve']],
    ['email contains, case-insensitive', f('email', 'contains', { value: '@TEST.org' }), ['cat', 'dan']],
    ['email notContains', f('email', 'notContains', { value: 'example' }), ['cat', 'dan']],
    ['email contains treats % and _ as text', f('email', 'contains', { value: '%' }), []],
    ['email contains _', f('email', 'contains', { value: '_' }), []],
    ['subscribed equals true', f('subscribed', 'equals', { value: true }), ['ann', 'cat', 'dan']],
    ['subscribed equals false', f('subscribed', 'equals', { value: false }), ['bob', 'eve']],
    ['subscribed notEquals true', f('subscribed', 'notEquals', { value: true }), ['bob', 'eve']],
    ['createdAt within 7 days', f('createdAt', 'within', { value: 7, unit: 'days' }), ['cat', 'eve']],
    ['createdAt within 12 hours', f('createdAt', 'within', { value: 12, unit: 'hours' }), ['eve']],
    ['createdAt within 300 minutes', f('createdAt', 'within', { value: 300, unit: 'minutes' }), []],
    ['createdAt olderThan 30 days', f('createdAt', 'olderThan', { value: 30, unit: 'days' }), ['bob', 'dan']],
    ['createdAt olderThan 5 hours', f('createdAt', 'olderThan', { value: 5, unit: 'hours' }), ['ann', 'bob', 'cat', 'dan', 'eve']],
    ['createdAt lessThan 2000-01-01', f('createdAt', 'lessThan', { value: '2000-01-01' }), []],
    ['createdAt greaterThan 9999-12-31 (its span ends in year 10000)', f('createdAt', 'greaterThan', { value: '9999-12-31' }), []],
    ['createdAt greaterThanOrEqual 0001-01-01', f('createdAt', 'gte', { value: '0001-01-01' }), ['ann', 'bob', 'cat', 'dan', 'eve']],
    ['updatedAt within 2 hours', f('updatedAt', 'within', { value: 2, unit: 'hours' }), ['ann']],
    ['updatedAt olderThan 10 days', f('updatedAt', 'olderThan', { value: 10, unit: 'days' }), ['bob', 'dan']],
  ];
  it.each(cases)('%s', async (_name, filter, expected) => {
    expect(await matching(all(filter))).toEqual(expected);
  });

  it('createdAt compares against the span a date names: its day, second or millisecond', async () => {
    const ann = spellings(created.ann);
    for (const value of [ann.day, ann.second, ann.ms]) {
      expect({ value, names: await matching(all(f('createdAt', 'equals', { value }))) }).toEqual({ value, names: ['ann'] });
      expect({ value, names: await matching(all(f('createdAt', 'notEquals', { value }))) }).toEqual({ value, names: ['bob', 'cat', 'dan', 'eve'] });
    }
    // Ann's day: created after it (cat 2 days ago, eve 6 hours ago), before it (bob, dan).
    expect(await matching(all(f('createdAt', 'greaterThan', { value: ann.day })))).toEqual(['cat', 'eve']);
    expect(await matching(all(f('createdAt', 'greaterThanOrEqual', { value: ann.day })))).toEqual(['ann', 'cat', 'eve']);
    expect(await matching(all(f('createdAt', 'lessThan', { value: ann.day })))).toEqual(['bob', 'dan']);
    expect(await matching(all(f('createdAt', 'lessThanOrEqual', { value: ann.day })))).toEqual(['ann', 'bob', 'dan']);
    // Ann's second: strictly after it excludes her although her instant has milliseconds past it.
    expect(await matching(all(f('createdAt', 'gt', { value: ann.second })))).toEqual(['cat', 'eve']);
    expect(await matching(all(f('createdAt', 'lte', { value: ann.second })))).toEqual(['ann', 'bob', 'dan']);
    expect(await matching(all(f('updatedAt', 'greaterThan', { value: spellings(updated.cat).day })))).toEqual(['ann', 'eve']);
  });
});

describe('custom fields, by the project type', () => {
  const cases: Case[] = [
    // string: ann 'pro', bob 'free', cat 'Pro Plus', dan missing, eve 5 (a number in a string field)
    ['string equals is exact', f('data.plan', 'equals', { value: 'pro' }), ['ann']],
    ['string equals never matches a number stored there', f('data.plan', 'equals', { value: '5' }), []],
    ['string notEquals is the complement: missing and mistyped included', f('data.plan', 'notEquals', { value: 'pro' }), ['bob', 'cat', 'dan', 'eve']],
    ['string contains, case-insensitive, strings only', f('data.plan', 'contains', { value: 'PRO' }), ['ann', 'cat']],
    ['string notContains', f('data.plan', 'notContains', { value: 'pro' }), ['bob', 'dan', 'eve']],
    ['exists: any stored value, of any type', f('data.plan', 'exists'), ['ann', 'bob', 'cat', 'eve']],
    ['notExists', f('data.plan', 'notExists'), ['dan']],
    ['nested string equals', f('data.profile.tier', 'equals', { value: 'gold' }), ['ann']],
    ['nested string contains', f('data.profile.tier', 'contains', { value: 'IL' }), ['bob']],
    ['nested exists', f('data.profile.tier', 'exists'), ['ann', 'bob']],
    // number: ann 30, bob 45.5, cat '30' (a string), dan missing, eve 18
    ['number equals, not the string "30"', f('data.age', 'equals', { value: 30 }), ['ann']],
    ['number equals a decimal', f('data.age', 'equals', { value: 45.5 }), ['bob']],
    ['number notEquals', f('data.age', 'notEquals', { value: 30 }), ['bob', 'cat', 'dan', 'eve']],
    ['number greaterThan', f('data.age', 'greaterThan', { value: 30 }), ['bob']],
    ['number greaterThan a decimal', f('data.age', 'gt', { value: 45.4 }), ['bob']],
    ['number greaterThanOrEqual', f('data.age', 'gte', { value: 30 }), ['ann', 'bob']],
    ['number lessThan', f('data.age', 'lt', { value: 30 }), ['eve']],
    ['number lessThanOrEqual', f('data.age', 'lessThanOrEqual', { value: 45.5 }), ['ann', 'bob', 'eve']],
    ['number lessThan a negative', f('data.age', 'lt', { value: -1 }), []],
    ['number exists', f('data.age', 'exists'), ['ann', 'bob', 'cat', 'eve']],
    // boolean: ann true, bob false, cat 'yes', eve null (a null deletes: not stored, but here as written)
    ['boolean equals true', f('data.vip', 'equals', { value: true }), ['ann']],
    ['boolean equals false', f('data.vip', 'equals', { value: false }), ['bob']],
    ['boolean notEquals true', f('data.vip', 'notEquals', { value: true }), ['bob', 'cat', 'dan', 'eve']],
    ['boolean exists: a JSON null is no value', f('data.vip', 'exists'), ['ann', 'bob', 'cat']],
    ['boolean notExists', f('data.vip', 'notExists'), ['dan', 'eve']],
    // date: ann '2026-05-06', bob '2026-05-06T10:00:00Z', cat 'soon', eve '2026-02-30' (no such day), dan missing
    ['date equals a day: every instant of it', f('data.renewal', 'equals', { value: '2026-05-06' }), ['ann', 'bob']],
    ['date equals a second', f('data.renewal', 'equals', { value: '2026-05-06T10:00:00Z' }), ['bob']],
    ['date equals a millisecond', f('data.renewal', 'equals', { value: '2026-05-06T10:00:00.000Z' }), ['bob']],
    ['date notEquals a day', f('data.renewal', 'notEquals', { value: '2026-05-06' }), ['cat', 'dan', 'eve']],
    ['date greaterThan a day: after it', f('data.renewal', 'greaterThan', { value: '2026-05-06' }), []],
    ['date greaterThanOrEqual a day', f('data.renewal', 'gte', { value: '2026-05-06' }), ['ann', 'bob']],
    ['date lessThan the next day', f('data.renewal', 'lt', { value: '2026-05-07' }), ['ann', 'bob']],
    ['date greaterThan a second', f('data.renewal', 'gt', { value: '2026-05-06T09:59:59Z' }), ['bob']],
    ['date lessThan a second', f('data.renewal', 'lt', { value: '2026-05-06T10:00:00Z' }), ['ann']],
    ['date lessThanOrEqual a second', f('data.renewal', 'lte', { value: '2026-05-06T10:00:00Z' }), ['ann', 'bob']],
    ['date lessThan far in the future: no non-date ever matches', f('data.renewal', 'lt', { value: '9999-01-01' }), ['ann', 'bob']],
    ['date lessThanOrEqual the last day there is', f('data.renewal', 'lte', { value: '9999-12-31' }), ['ann', 'bob']],
    ['date greaterThan the last day there is', f('data.renewal', 'gt', { value: '9999-12-31' }), []],
    ['date greaterThanOrEqual the first day there is', f('data.renewal', 'gte', { value: '0001-01-01' }), ['ann', 'bob']],
    ['date exists', f('data.renewal', 'exists'), ['ann', 'bob', 'cat', 'eve']],
    // lastSeen: ann 2 days ago (ms), bob 20 days ago (a day), cat in 5 days (seconds), eve 'not a date', dan missing
    ['date within 7 days (future dates included)', f('data.lastSeen', 'within', { value: 7, unit: 'days' }), ['ann', 'cat']],
    ['date within 30 days', f('data.lastSeen', 'within', { value: 30, unit: 'days' }), ['ann', 'bob', 'cat']],
    ['date olderThan 7 days', f('data.lastSeen', 'olderThan', { value: 7, unit: 'days' }), ['bob']],
    ['date olderThan 24 hours', f('data.lastSeen', 'olderThan', { value: 24, unit: 'hours' }), ['ann', 'bob']],
    ['date olderThan 60 days', f('data.lastSeen', 'olderThan', { value: 60, unit: 'days' }), []],
    // a type the language cannot compare: presence only
    ['unknown type exists', f('data.tags', 'exists'), ['ann', 'cat']],
    ['unknown type notExists', f('data.tags', 'notExists'), ['bob', 'dan', 'eve']],
    // a deleted field (no type in P; its values linger on ann and eve): nothing matches, negations neither
    ['deleted field equals', f('data.old', 'equals', { value: 'x' }), []],
    ['deleted field notEquals', f('data.old', 'notEquals', { value: 'x' }), []],
    ['deleted field exists', f('data.old', 'exists'), []],
    ['deleted field notExists', f('data.old', 'notExists'), []],
    ['deleted field notContains', f('data.old', 'notContains', { value: 'x' }), []],
    ['deleted field greaterThan', f('data.old', 'gt', { value: 1 }), []],
    ['deleted field within', f('data.old', 'within', { value: 1, unit: 'days' }), []],
  ];
  it.each(cases)('%s', async (_name, filter, expected) => {
    expect(await matching(all(filter))).toEqual(expected);
  });

  it('a filter saved while a field had no type matches nothing once its value no longer fits the type', async () => {
    // data.plan equals 5 was valid while plan had no type; plan is a string field now.
    const compiled = await compileCondition(all(f('data.plan', 'equals', { value: 5 })), { fieldTypes: await fieldTypes() });
    expect(await db.query(idsSql(P, compiled))).toEqual([]);
    const negated = await compileCondition(all(f('data.plan', 'notEquals', { value: 5 })), { fieldTypes: await fieldTypes() });
    expect(await db.query(idsSql(P, negated))).toEqual([]);
    const ordered = await compileCondition(all(f('data.plan', 'greaterThan', { value: 5 })), { fieldTypes: await fieldTypes() });
    expect(await db.query(idsSql(P, ordered))).toEqual([]);
  });

  it('a field deleted the way contacts deletes one (values and type) matches nothing, its negations neither', async () => {
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      const before = await compileCondition(all(f('data.plan', 'notEquals', { value: 'x' })), { fieldTypes: await fieldTypes(client) });
      expect((await client.query(countSql(P, before))).rows[0].n).toBe('5');
      await client.query(`UPDATE contacts.contacts SET data = data #- '{plan}' WHERE project_id = $1`, [P]);
      await client.query(`DELETE FROM contacts.fields WHERE project_id = $1 AND key = 'plan'`, [P]);
      for (const op of ['equals', 'notEquals', 'contains', 'notContains']) {
        const c = await compileCondition(all(f('data.plan', op, { value: 'pro' })), { fieldTypes: await fieldTypes(client) });
        expect({ op, n: (await client.query(countSql(P, c))).rows[0].n }).toEqual({ op, n: '0' });
      }
      for (const op of ['exists', 'notExists']) {
        const c = await compileCondition(all(f('data.plan', op)), { fieldTypes: await fieldTypes(client) });
        expect({ op, n: (await client.query(countSql(P, c))).rows[0].n }).toEqual({ op, n: '0' });
      }
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});

describe('events and email activity', () => {
  const cases: Case[] = [
    // signup: ann 5 days ago, cat 20 days ago; Q's facts for dan must not count
    ['triggered', f('event.signup', 'triggered'), ['ann', 'cat']],
    ['notTriggered', f('event.signup', 'notTriggered'), ['bob', 'dan', 'eve']],
    ['triggeredWithin', f('event.signup', 'triggeredWithin', { value: 7, unit: 'days' }), ['ann']],
    ['notTriggeredWithin: never included', f('event.signup', 'notTriggeredWithin', { value: 7, unit: 'days' }), ['bob', 'cat', 'dan', 'eve']],
    ['triggeredOlderThan: did, but not since', f('event.signup', 'triggeredOlderThan', { value: 7, unit: 'days' }), ['cat']],
    ['triggeredOlderThan in minutes', f('event.signup', 'triggeredOlderThan', { value: 60, unit: 'minutes' }), ['ann', 'cat']],
    ['an event nobody triggered', f('event.never', 'triggered'), []],
    ['notTriggered of an event nobody triggered', f('event.never', 'notTriggered'), ['ann', 'bob', 'cat', 'dan', 'eve']],
    // purchase counts: ann 3, bob 1, eve 7, cat and dan never (0)
    ['count greaterThan', f('event.purchase', 'greaterThan', { value: 2 }), ['ann', 'eve']],
    ['count greaterThan 0', f('event.purchase', 'gt', { value: 0 }), ['ann', 'bob', 'eve']],
    ['count greaterThanOrEqual 1', f('event.purchase', 'gte', { value: 1 }), ['ann', 'bob', 'eve']],
    ['count greaterThanOrEqual 0: everyone', f('event.purchase', 'gte', { value: 0 }), ['ann', 'bob', 'cat', 'dan', 'eve']],
    ['count lessThan: never counts as 0', f('event.purchase', 'lessThan', { value: 3 }), ['bob', 'cat', 'dan']],
    ['count lessThan 0: nobody', f('event.purchase', 'lt', { value: 0 }), []],
    ['count lessThanOrEqual 0', f('event.purchase', 'lte', { value: 0 }), ['cat', 'dan']],
    ['count equals 0', f('event.purchase', 'equals', { value: 0 }), ['cat', 'dan']],
    ['count equals', f('event.purchase', 'equals', { value: 3 }), ['ann']],
    ['count notEquals', f('event.purchase', 'notEquals', { value: 3 }), ['bob', 'cat', 'dan', 'eve']],
    ['count notEquals 0', f('event.purchase', 'notEquals', { value: 0 }), ['ann', 'bob', 'eve']],
    // email activity: the same facts, named email.<status>
    ['email.opened triggered', f('email.opened', 'triggered'), ['ann']],
    ["email.open (Plunk's spelling)", f('email.open', 'triggeredWithin', { value: 2, unit: 'hours' }), ['ann']],
    ['email.opened triggeredWithin 30 minutes', f('email.opened', 'triggeredWithin', { value: 30, unit: 'minutes' }), []],
    ['email.sent triggeredOlderThan', f('email.sent', 'triggeredOlderThan', { value: 30, unit: 'days' }), ['bob']],
    ['email.bounced notTriggered', f('email.bounced', 'notTriggered'), ['ann', 'cat', 'dan', 'eve']],
    ['email.opened count', f('email.opened', 'greaterThanOrEqual', { value: 2 }), ['ann']],
    ['email.clicked (no facts anywhere)', f('email.clicked', 'triggered'), []],
    ['event.email.opened is the same event', f('event.email.opened', 'triggered'), ['ann']],
  ];
  it.each(cases)('%s', async (_name, filter, expected) => {
    expect(await matching(all(filter))).toEqual(expected);
  });
});

describe('segments', () => {
  const cases: Case[] = [
    ['STATIC: its members, not those filed under another project', f(`segment.${S_STATIC}`, 'memberOfSegment'), ['ann', 'dan']],
    ['STATIC: notMemberOfSegment', f(`segment.${S_STATIC}`, 'notMemberOfSegment'), ['bob', 'cat', 'eve']],
    ['DYNAMIC: its condition, live', f(`segment.${D_PRO}`, 'memberOfSegment'), ['ann']],
    ['DYNAMIC: notMemberOfSegment', f(`segment.${D_PRO}`, 'notMemberOfSegment'), ['bob', 'cat', 'dan', 'eve']],
    ['DYNAMIC referencing a DYNAMIC', f(`segment.${D_PRO_OR_UNSUB}`, 'memberOfSegment'), ['ann', 'bob', 'eve']],
    ['DYNAMIC referencing a DYNAMIC, negated', f(`segment.${D_PRO_OR_UNSUB}`, 'notMemberOfSegment'), ['cat', 'dan']],
    ['a segment that is gone: nobody is in it', f(`segment.${GONE}`, 'memberOfSegment'), []],
    ['a segment that is gone: nobody is out of it either', f(`segment.${GONE}`, 'notMemberOfSegment'), []],
    ['a chain of 5 DYNAMIC segments, each referencing the next', f(`segment.${CHAIN[2]}`, 'memberOfSegment'), ['ann', 'cat', 'dan']],
  ];
  it.each(cases)('%s', async (_name, filter, expected) => {
    expect(await matching(all(filter))).toEqual(expected);
  });

  it('resolves each referenced segment once per compile, however often it is referenced', async () => {
    resolved = [];
    const c = {
      logic: 'OR',
      groups: [{ filters: [f(`segment.${D_PRO}`, 'memberOfSegment')] }, { filters: [f(`segment.${D_PRO_OR_UNSUB}`, 'notMemberOfSegment')] }],
    };
    expect(await matching(c)).toEqual(['ann', 'cat', 'dan']);
    expect(resolved.sort()).toEqual([D_PRO, D_PRO_OR_UNSUB].sort());
  });

  it('refuses a cycle of references with a 422 naming the filter that leads into it', async () => {
    const err = await compileCondition(
      { logic: 'AND', groups: [{ filters: [f('subscribed', 'equals', { value: true }) as never, f(`segment.${C1}`, 'memberOfSegment') as never] }] },
      { fieldTypes: await fieldTypes(), resolveSegment },
    ).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 422, code: 'VALIDATION_ERROR', errors: [{ field: 'condition.groups[0].filters[1].field', code: 'segment_cycle' }] });
    expect(err.errors[0].message).toBe(`segment references form a cycle: ${C1} → ${C2} → ${C1}`);
  });

  it('refuses a condition that leads back to its own segment', async () => {
    const err = await compileCondition(segmentCondition(C1), { fieldTypes: await fieldTypes(), resolveSegment, segmentId: C1 }).catch((e) => e);
    expect(err).toMatchObject({
      status: 422,
      errors: [{ field: 'condition.groups[0].filters[0].field', code: 'segment_cycle', message: `segment references form a cycle: ${C1} → ${C2} → ${C1}` }],
    });
  });

  it('refuses segments referencing segments more than 5 deep', async () => {
    for (const start of [CHAIN[1], CHAIN[0]]) {
      const err = await compileCondition(all(f(`segment.${start}`, 'memberOfSegment')), { fieldTypes: await fieldTypes(), resolveSegment }).catch((e) => e);
      expect(err).toMatchObject({ status: 422, errors: [{ field: 'condition.groups[0].filters[0].field', code: 'too_deep' }] });
    }
  });

  it('refuses inlining past 500 filters in all', async () => {
    const wide = newId();
    const big: Condition = { logic: 'OR', groups: [{ filters: Array(100).fill(f('subscribed', 'equals', { value: true })) }] };
    const fan = newId();
    segments.set(wide, { type: 'DYNAMIC', condition: big });
    segments.set(fan, {
      type: 'DYNAMIC',
      condition: { logic: 'OR', groups: [{ filters: Array(5).fill(f(`segment.${wide}`, 'memberOfSegment')) }] } as Condition,
    });
    try {
      // 5 × 100 + the 5 references: over the cap, though each condition is within its own.
      const err = await compileCondition(all(f(`segment.${fan}`, 'memberOfSegment')), { fieldTypes: await fieldTypes(), resolveSegment }).catch((e) => e);
      expect(err).toMatchObject({ status: 422, errors: [{ field: 'condition.groups[0].filters[0]', code: 'too_big' }] });
      // 4 × 100 + 4 + 1 is within it, and runs.
      segments.set(fan, {
        type: 'DYNAMIC',
        condition: { logic: 'OR', groups: [{ filters: Array(4).fill(f(`segment.${wide}`, 'memberOfSegment')) }] } as Condition,
      });
      expect(await matching(all(f(`segment.${fan}`, 'memberOfSegment')))).toEqual(['ann', 'cat', 'dan']);
    } finally {
      segments.delete(wide);
      segments.delete(fan);
    }
  });

  it('needs a resolver only when the condition references segments', async () => {
    await expect(compileCondition(all(f(`segment.${S_STATIC}`, 'memberOfSegment')), { fieldTypes: new Map() })).rejects.toThrow(/resolveSegment/);
    await expect(compileCondition(all(f('subscribed', 'equals', { value: true })), { fieldTypes: new Map() })).resolves.toMatchObject({ params: [true] });
  });
});

function segmentCondition(id: string): Condition {
  const s = segments.get(id);
  if (s?.type !== 'DYNAMIC') throw new Error('not dynamic');
  return s.condition;
}

describe('AND, OR and nesting', () => {
  const cases: Case[] = [
    [
      'OR across groups',
      { logic: 'OR', groups: [{ filters: [f('data.plan', 'equals', { value: 'pro' })] }, { filters: [f('data.age', 'lt', { value: 20 })] }] },
      ['ann', 'eve'],
    ],
    [
      'AND across groups',
      { logic: 'AND', groups: [{ filters: [f('subscribed', 'equals', { value: true })] }, { filters: [f('email', 'contains', { value: 'test.org' })] }] },
      ['cat', 'dan'],
    ],
    [
      'AND within a group, even under OR',
      { logic: 'OR', groups: [{ filters: [f('subscribed', 'equals', { value: true }), f('data.plan', 'exists')] }] },
      ['ann', 'cat'],
    ],
    [
      'filters AND a nested OR',
      {
        logic: 'AND',
        groups: [
          {
            filters: [f('subscribed', 'equals', { value: true })],
            conditions: { logic: 'OR', groups: [{ filters: [f('data.plan', 'equals', { value: 'pro' })] }, { filters: [f('event.signup', 'triggered')] }] },
          },
        ],
      },
      ['ann', 'cat'],
    ],
    [
      'a nested condition alone in its group',
      {
        logic: 'OR',
        groups: [
          {
            filters: [],
            conditions: { logic: 'AND', groups: [{ filters: [f('data.vip', 'exists')] }, { filters: [f('subscribed', 'equals', { value: false })] }] },
          },
          { filters: [f('email', 'equals', { value: 'dan@test.org' })] },
        ],
      },
      ['bob', 'dan'],
    ],
    [
      'a deleted field inside OR only drops its own branch',
      { logic: 'OR', groups: [{ filters: [f('data.old', 'notExists')] }, { filters: [f('data.plan', 'equals', { value: 'pro' })] }] },
      ['ann'],
    ],
    [
      'five levels deep',
      nest5(
        [f('subscribed', 'equals', { value: true })],
        [f('data.plan', 'equals', { value: 'free' })],
        [f('event.signup', 'notTriggered')],
        [f('email', 'contains', { value: 'test' })],
        [f('data.age', 'notExists')],
      ),
      ['dan'],
    ],
  ];
  it.each(cases)('%s', async (_name, condition, expected) => {
    expect(await matching(condition)).toEqual(expected);
  });

  it('a stored condition validation would refuse still compiles: no groups match nobody, an empty group everybody', async () => {
    const none = await compileCondition({ logic: 'OR', groups: [] }, { fieldTypes: new Map() });
    expect(await db.query(idsSql(P, none))).toEqual([]);
    const every = await compileCondition({ logic: 'AND', groups: [{ filters: [] }] }, { fieldTypes: new Map() });
    expect((await db.query(idsSql(P, every))).length).toBe(NAMES.length);
  });
});

/**
 * Five levels: l1 AND (l2 OR (l3 AND (l4 AND (l5)))). With the filters below: subscribed AND
 * (plan is free OR (never signed up AND email contains test AND no age)) — dan alone.
 */
function nest5(...[l1, l2, l3, l4, l5]: object[][]): object {
  const c5 = { logic: 'AND', groups: [{ filters: l5 }] };
  const c4 = { logic: 'AND', groups: [{ filters: l4, conditions: c5 }] };
  const c3 = { logic: 'AND', groups: [{ filters: l3, conditions: c4 }] };
  const c2 = { logic: 'OR', groups: [{ filters: l2 }, { filters: [], conditions: c3 }] };
  return { logic: 'AND', groups: [{ filters: l1, conditions: c2 }] };
}

describe('statements', () => {
  let subscribed: CompiledCondition;
  beforeAll(async () => {
    subscribed = await compileCondition(all(f('subscribed', 'equals', { value: true })), { fieldTypes: new Map() });
  });

  it('pageSql: newest first, page by page, stable', async () => {
    const page = async (n: number, size: number) => (await db.query(pageSql(P, subscribed, { page: n, pageSize: size }))).map((r) => NAME_OF.get(r.id));
    expect(await page(1, 2)).toEqual(['dan', 'cat']);
    expect(await page(2, 2)).toEqual(['ann']);
    expect(await page(3, 2)).toEqual([]);
    expect(await page(1, 100)).toEqual(['dan', 'cat', 'ann']);
    const [row] = await db.query(pageSql(P, subscribed, { page: 1, pageSize: 1 }));
    expect(Object.keys(row).sort()).toEqual(['created_at', 'data', 'email', 'id', 'subscribed', 'updated_at']);
    expect(() => pageSql(P, subscribed, { page: 0, pageSize: 10 })).toThrow();
  });

  it('idsSql: in id order, in batches after an id', async () => {
    const ids = async (o: { afterId?: string; limit?: number }) => (await db.query(idsSql(P, subscribed, o))).map((r) => NAME_OF.get(r.id));
    expect(await ids({})).toEqual(['ann', 'cat', 'dan']);
    expect(await ids({ limit: 2 })).toEqual(['ann', 'cat']);
    expect(await ids({ afterId: ID.cat, limit: 2 })).toEqual(['dan']);
    expect(await ids({ afterId: ID.dan })).toEqual([]);
  });

  it('countSql, and matchSql for a contact that does not exist or is in another project', async () => {
    expect(await db.query(countSql(P, subscribed))).toEqual([{ n: '3' }]);
    expect(await db.query(countSql(Q, subscribed))).toEqual([{ n: '0' }]);
    expect(await db.query(matchSql(P, newId(), subscribed))).toEqual([{ matched: false }]);
    const unsubscribed = await compileCondition(all(f('subscribed', 'equals', { value: false })), { fieldTypes: new Map() });
    expect(await contactMatches(db.pool, Q, Q_ANN, unsubscribed)).toBe(true);
    expect(await contactMatches(db.pool, P, Q_ANN, unsubscribed)).toBe(false);
  });

  it("matchEachSql: one contact against several conditions in one statement, each with its own values; no row for another project's contact", async () => {
    const types = await fieldTypes();
    const conditions = [
      all(f('subscribed', 'equals', { value: true })),
      all(f('data.plan', 'equals', { value: 'pro' })),
      all(f('email', 'contains', { value: 'example' })),
      all(f(`segment.${D_PRO}`, 'memberOfSegment')),
    ];
    const compiled: CompiledCondition[] = [];
    for (const c of conditions) {
      const firstParam = 2 + compiled.reduce((n, x) => n + x.params.length, 0);
      compiled.push(await compileCondition(validateCondition(c, { fieldTypes: types }), { fieldTypes: types, resolveSegment, firstParam }));
    }
    const matches = async (project: string, id: string) => (await db.query(matchEachSql(project, id, compiled)))[0]?.matches;
    // Each answer is what the condition alone answers for that contact.
    for (const name of NAMES) {
      const alone = await Promise.all(
        compiled.map((_, i) =>
          compileCondition(validateCondition(conditions[i], { fieldTypes: types }), { fieldTypes: types, resolveSegment }).then((c) =>
            contactMatches(db.pool, P, ID[name], c),
          ),
        ),
      );
      expect({ name, matches: await matches(P, ID[name]) }).toEqual({ name, matches: alone });
    }
    expect(await matches(P, ID.bob)).toEqual([false, false, true, false]);
    expect(await matches(P, Q_ANN)).toBeUndefined();
    expect(await matches(Q, Q_ANN)).toEqual([false, true, true, true]); // D_PRO inlined: its plan is pro
    expect(await db.query(matchEachSql(P, ID.ann, []))).toEqual([{ matches: [] }]);
    // Conditions compiled each from 2 (not chained) are refused rather than run with the wrong values.
    expect(() => matchEachSql(P, ID.ann, [subscribed, subscribed])).toThrow(/firstParam/);
  });

  it('statements refuse a condition compiled with other placeholders; the fragment itself works at any offset', async () => {
    const types = await fieldTypes();
    const c = await compileCondition(all(f('data.plan', 'contains', { value: 'pro' }), f('event.signup', 'triggered')), {
      fieldTypes: types,
      projectParam: 3,
      firstParam: 5,
    });
    expect(() => countSql(P, c)).toThrow(/default placeholders/);
    expect(c.where).not.toMatch(/\$[124]\b/);
    const rows = await db.query(
      `SELECT c.email FROM contacts.contacts c WHERE c.email <> $1 AND $2::int = 2 AND c.project_id = $3 AND $4::text = 'x' AND ${c.where} ORDER BY c.email`,
      ['nobody', 2, P, 'x', ...c.params],
    );
    expect(rows).toEqual([{ email: 'ann@example.com' }, { email: 'cat@test.org' }]);
  });
});

describe('nothing a condition holds reaches the SQL text', () => {
  const HOSTILE = `x'); DROP TABLE contacts.contacts; --`;
  const KEY = `we'ird"key`;

  it('values, JSON keys and event names are parameters; they match literally', async () => {
    const id = newId();
    await insertContact(P, id, 'mallory@example.com', true, { [KEY]: HOSTILE }, DAY, DAY);
    await db.query('INSERT INTO contacts.fields (project_id, key, type) VALUES ($1, $2, $3)', [P, KEY, 'string']);
    await fact(P, id, HOSTILE, 1, DAY, DAY);
    try {
      const types = await fieldTypes();
      const condition = validateCondition(
        all(
          f(`data.${KEY}`, 'equals', { value: HOSTILE }),
          f(`data.${KEY}`, 'contains', { value: "'); DROP" }),
          f(`event.${HOSTILE}`, 'triggered'),
          f('email', 'notContains', { value: HOSTILE }),
        ),
        { fieldTypes: types },
      );
      const compiled = await compileCondition(condition, { fieldTypes: types });
      for (const secret of ['DROP', 'ird', "x'", '--']) expect(compiled.where).not.toContain(secret);
      expect(await db.query(idsSql(P, compiled))).toEqual([{ id }]);
      expect(await db.query('SELECT count(*)::int AS n FROM contacts.contacts WHERE project_id = $1', [P])).toEqual([{ n: 6 }]);
    } finally {
      await db.query('DELETE FROM contacts.contacts WHERE project_id = $1 AND id = $2', [P, id]);
      await db.query('DELETE FROM contacts.event_facts WHERE project_id = $1 AND contact_id = $2', [P, id]);
      await db.query('DELETE FROM contacts.fields WHERE project_id = $1 AND key = $2', [P, KEY]);
    }
  });
});

describe('contacts.audience_timestamp', () => {
  it('reads exactly the YYYY-MM-DD[THH:MM:SS[.sss]Z] dates, as UTC, and NULL for anything else, never raising', async () => {
    const cases: Array<[string | null, string | null]> = [
      ['2026-05-06', '2026-05-06T00:00:00.000Z'],
      ['2026-05-06T10:00:00Z', '2026-05-06T10:00:00.000Z'],
      ['2026-05-06T10:00:59.123Z', '2026-05-06T10:00:59.123Z'],
      ['2024-02-29', '2024-02-29T00:00:00.000Z'],
      ['2000-02-29', '2000-02-29T00:00:00.000Z'],
      ['0001-01-01', '0001-01-01T00:00:00.000Z'],
      ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
      ['2026-02-29', null],
      ['1900-02-29', null],
      ['2026-04-31', null],
      ['0000-01-01', null],
      ['2026-13-01', null],
      ['2026-05-06T24:00:00Z', null],
      ['2026-05-06T10:00:00', null],
      ['2026-05-06T10:00:00+02:00', null],
      ['2026-05-06 10:00:00Z', null],
      ['05/06/2026', null],
      ['today', null],
      ['5', null],
      ['', null],
      [null, null],
    ];
    const client = await db.pool.connect();
    try {
      await client.query(`SET TimeZone = 'America/New_York'`); // the session's zone never matters
      const r = await client.query(
        `SELECT s, (extract(epoch FROM contacts.audience_timestamp(s)) * 1000)::float8 AS ms FROM unnest($1::text[]) WITH ORDINALITY AS x(s, i) ORDER BY i`,
        [cases.map((c) => c[0])],
      );
      expect(r.rows.map((row) => [row.s, row.ms === null ? null : new Date(row.ms).toISOString()])).toEqual(cases);
    } finally {
      await client.query('RESET TimeZone');
      client.release();
    }
  });
});

describe('indexes', () => {
  /**
   * The indexes a plan of the condition's predicate uses when sequential scans are off: which
   * filters an index can serve (the project scope is left out: any btree led by project_id
   * would serve that, and hide the rest).
   */
  async function indexesFor(condition: object, ...setup: string[]): Promise<string[]> {
    const types = await fieldTypes();
    const compiled = await compileCondition(validateCondition(condition, { fieldTypes: types }), { fieldTypes: types, resolveSegment });
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL enable_seqscan = off');
      for (const sql of setup) await client.query(sql);
      const text = `EXPLAIN (FORMAT JSON) SELECT count(*) FROM contacts.contacts c WHERE $1::uuid IS NOT NULL AND ${compiled.where}`;
      const plan = JSON.stringify((await client.query({ text, values: [P, ...compiled.params] })).rows[0]);
      return [...new Set([...plan.matchAll(/"Index Name":\s*"([^"]+)"/g)].map((m) => m[1]))].sort();
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  }

  it('custom field equality uses the GIN index on data', async () => {
    expect(await indexesFor(all(f('data.plan', 'equals', { value: 'pro' })))).toContain('contacts_data');
    expect(await indexesFor(all(f('data.age', 'equals', { value: 30 })))).toContain('contacts_data');
  });

  it('createdAt ranges use contacts_created; email equality the unique email index', async () => {
    expect(await indexesFor(all(f('createdAt', 'within', { value: 7, unit: 'days' })))).toContain('contacts_created');
    expect(await indexesFor(all(f('email', 'equals', { value: 'ann@example.com' })))).toContain('contacts_project_email');
  });

  it('a hot custom field can have an expression index that its order comparisons use (one per key)', async () => {
    const lastSeen = `CREATE INDEX last_seen ON contacts.contacts ((contacts.audience_timestamp(data #>> '{lastSeen}'::text[])))`;
    expect(await indexesFor(all(f('data.lastSeen', 'within', { value: 7, unit: 'days' })), lastSeen)).toContain('last_seen');
    expect(await indexesFor(all(f('data.lastSeen', 'lessThan', { value: '2026-01-01' })), lastSeen)).toContain('last_seen');
    const age = `CREATE INDEX age ON contacts.contacts ((CASE WHEN jsonb_typeof(data #> '{age}'::text[]) = 'number' THEN (data #> '{age}'::text[])::numeric END))`;
    expect(await indexesFor(all(f('data.age', 'greaterThan', { value: 40 })), age)).toContain('age');
    expect(await indexesFor(all(f('data.lastSeen', 'within', { value: 7, unit: 'days' })), age)).not.toContain('age');
  });

  it('event and membership filters probe their tables by key', async () => {
    expect(
      (await indexesFor(all(f('event.signup', 'triggeredWithin', { value: 7, unit: 'days' })))).some((i) =>
        ['event_facts_pkey', 'event_facts_by_name'].includes(i),
      ),
    ).toBe(true);
    expect(await indexesFor(all(f(`segment.${S_STATIC}`, 'memberOfSegment')))).toContain('segment_members_pkey');
  });
});
