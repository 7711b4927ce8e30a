/**
 * Component test: libs/audience against the contacts service's own schema. The library's tests
 * restate the contacts tables (libs/audience/test/fixture.ts: a library may not import a service);
 * this test, outside libs/, checks the restatement is the service's schema, and runs compiled
 * conditions on contacts written, typed, evented and field-deleted by the contacts use cases.
 */
import { Db, migrate } from '../libs/db/src';
import { newId } from '../libs/kit/src';
import type { Api } from '../libs/contracts/src';
import { migrationsOf } from '../libs/runtime/src';
import { scratchDatabase, ScratchDatabase } from '../libs/testing/src';
import { audienceMigrations, compileCondition, Condition, countSql, idsSql, matchSql, validateCondition } from '../libs/audience/src';
import { contactsTables } from '../libs/audience/test/fixture';
import { ContactsRepo } from '../services/contacts/src/adapters/repo';
import { contactsHandlers } from '../services/contacts/src/app/handlers';
import { SCHEMA } from '../services/contacts/src/migrations';
import { contacts } from '../services/contacts/src/service';

let real: ScratchDatabase;
let fixture: ScratchDatabase;
let repo: ContactsRepo;
let h: Api<'contacts'>;

beforeAll(async () => {
  [real, fixture] = await Promise.all([scratchDatabase({ poolMax: 4, prefix: 'herald_aud' }), scratchDatabase({ poolMax: 1, prefix: 'herald_aud' })]);
  expect(SCHEMA).toBe('contacts'); // the schema compiled conditions name
  await migrate(real.db, SCHEMA, migrationsOf(contacts)); // audienceMigrations among them
  await migrate(fixture.db, SCHEMA, [contactsTables, ...audienceMigrations]);
  repo = new ContactsRepo(real.db);
  h = contactsHandlers(repo) as unknown as Api<'contacts'>;
});

afterAll(async () => {
  await Promise.all([real?.drop(), fixture?.drop()]);
});

/** Columns and indexes of the tables compiled conditions read, as PostgreSQL describes them. */
async function describeTables(db: Db) {
  const tables = ['contacts', 'fields', 'event_facts', 'segment_members'];
  const columns = await db.query(
    `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
     WHERE table_schema = 'contacts' AND table_name = ANY($1) ORDER BY table_name, ordinal_position`,
    [tables],
  );
  const indexes = await db.query(`SELECT indexdef FROM pg_indexes WHERE schemaname = 'contacts' AND tablename = ANY($1) ORDER BY indexname`, [tables]);
  return { columns, indexes: indexes.map((i) => i.indexdef) };
}

const as = (projectId: string) => ({ requestId: 'test', projectId });

describe('libs/audience on the contacts schema', () => {
  it("the library tests' restatement of the contacts tables is what the contacts migrations create", async () => {
    const [a, b] = await Promise.all([describeTables(real.db), describeTables(fixture.db)]);
    expect(a.columns.length).toBeGreaterThan(20);
    expect(b).toEqual(a);
  });

  it('runs conditions on contacts as the contacts use cases write them: inferred types, event facts, deleted fields', async () => {
    const p = newId();
    const other = newId();
    const upsert = async (project: string, email: string, data: object, subscribed = true) =>
      (await h.UpsertContact({ email, subscribed, default_subscribed: true, data_json: JSON.stringify(data) }, as(project))).contact!.id;
    const ann = await upsert(p, 'ann@example.com', { plan: 'pro', age: 30, renewal: '2026-05-06', profile: { tier: 'gold' } });
    const bob = await upsert(p, 'bob@example.com', { plan: 'free', age: '31', renewal: 'soon' }, false); // age and renewal mistyped: their types are fixed by ann
    const cat = await upsert(p, 'cat@example.com', { age: 45 });
    const stranger = await upsert(other, 'ann@example.com', { plan: 'pro', age: 30, renewal: '2026-05-06', profile: { tier: 'gold' } });
    await repo.recordEventFacts(real.db.pool, [
      { projectId: p, contactId: ann, name: 'purchase', at: new Date().toISOString() },
      { projectId: p, contactId: ann, name: 'purchase', at: new Date().toISOString() },
      { projectId: p, contactId: bob, name: 'email.opened', at: new Date(Date.now() - 3 * 86_400_000).toISOString() },
      { projectId: other, contactId: stranger, name: 'purchase', at: new Date().toISOString() },
      { projectId: other, contactId: cat, name: 'email.opened', at: new Date().toISOString() },
    ]);
    expect(Object.fromEntries(await repo.fieldTypes(p))).toEqual({ plan: 'string', age: 'number', renewal: 'date', 'profile.tier': 'string' });

    const run = async (input: unknown) => {
      const fieldTypes = await repo.fieldTypes(p);
      const compiled = await compileCondition(validateCondition(input, { fieldTypes }), { fieldTypes });
      const ids = (await real.db.query(idsSql(p, compiled))).map((r) => r.id);
      expect(await real.db.query(countSql(p, compiled))).toEqual([{ n: String(ids.length) }]);
      for (const id of [ann, bob, cat, stranger]) expect((await real.db.query(matchSql(p, id, compiled)))[0].matched).toBe(ids.includes(id));
      return ids.map((id) => ({ [ann]: 'ann', [bob]: 'bob', [cat]: 'cat' })[id] ?? 'stranger');
    };
    const one = (field: string, operator: string, extra: object = {}): Condition => ({
      logic: 'AND',
      groups: [{ filters: [{ field, operator: operator as never, ...extra }] }],
    });

    expect(await run(one('data.plan', 'equals', { value: 'pro' }))).toEqual(['ann']);
    expect(await run(one('data.age', 'gte', { value: 30 }))).toEqual(['ann', 'cat']); // bob's '31' is a string
    expect(await run(one('data.renewal', 'equals', { value: '2026-05-06' }))).toEqual(['ann']);
    expect(await run(one('data.profile.tier', 'contains', { value: 'GOL' }))).toEqual(['ann']);
    expect(await run(one('event.purchase', 'equals', { value: 2 }))).toEqual(['ann']);
    expect(await run(one('email.opened', 'triggeredOlderThan', { value: 1, unit: 'days' }))).toEqual(['bob']);
    expect(await run(one('subscribed', 'equals', { value: false }))).toEqual(['bob']);
    expect(
      await run({
        logic: 'OR',
        groups: [{ filters: [{ field: 'data.plan', operator: 'notExists' }] }, { filters: [{ field: 'email', operator: 'contains', value: 'BOB' }] }],
      }),
    ).toEqual(['bob', 'cat']);

    // DELETE /contacts/fields/data.plan: the values and the type go; filters on it match nothing, negated or not.
    await h.DeleteField({ field: 'data.plan', limit: 0 }, as(p));
    expect((await repo.fieldTypes(p)).has('plan')).toBe(false);
    for (const op of ['notExists', 'exists']) expect(await run(one('data.plan', op))).toEqual([]);
    expect(await run(one('data.plan', 'notEquals', { value: 'pro' }))).toEqual([]);
    // Deleting data.profile takes data.profile.tier with it.
    await h.DeleteField({ field: 'data.profile', limit: 0 }, as(p));
    expect(await run(one('data.profile.tier', 'exists'))).toEqual([]);
  });
});
