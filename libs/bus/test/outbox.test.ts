/**
 * The outbox helper against real PostgreSQL: nothing invalid is written, writes share the
 * caller's transaction (and wake the relay only once it commits), and the keyed INSERT that
 * services embed in their own statements writes only the events of the rows they changed, in
 * envelope order. Also the rule that makes it the only way: no service writes outbox SQL itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { QueryConfig } from 'pg';
import { Db, migrate, Queryable } from '../../db/src';
import { newId } from '../../kit/src';
import { busMigrations, NewEvent, onOutboxWrite, Outbox } from '../src';
import { scratchDatabase, ScratchDatabase } from '../../testing/src';

const ROOT = path.resolve(__dirname, '../../..');

describe('Outbox', () => {
  const SCHEMA = 'outboxt';
  const outbox = new Outbox(SCHEMA);
  let scratch: ScratchDatabase;
  let db: Db;
  let wakes = 0;
  let stopListening: () => void;

  beforeAll(async () => {
    scratch = await scratchDatabase({ poolMax: 4 });
    db = scratch.db;
    await migrate(db, SCHEMA, [...busMigrations(SCHEMA), { id: '001_items', sql: `CREATE TABLE ${SCHEMA}.items (id uuid PRIMARY KEY, ok boolean NOT NULL)` }]);
    stopListening = onOutboxWrite(SCHEMA, () => wakes++);
  });

  afterAll(async () => {
    stopListening?.();
    await scratch?.drop();
  });

  beforeEach(async () => {
    await db.query(`TRUNCATE ${SCHEMA}.outbox, ${SCHEMA}.items`);
    wakes = 0;
  });

  const changed = (email: string, projectId = newId()): NewEvent => ({
    type: 'contacts.contact.subscription_changed.v1',
    projectId,
    data: { contactId: newId(), email, subscribed: true },
  });
  const written = async () =>
    db.query<{ id: string; type: string; project_id: string; occurred_at: Date; data: any }>(
      `SELECT id, type, project_id, occurred_at, data FROM ${SCHEMA}.outbox ORDER BY seq`,
    );

  it('refuses a payload its schema rejects before writing anything, even the valid events beside it', async () => {
    const bad = {
      type: 'contacts.contact.subscription_changed.v1',
      projectId: newId(),
      data: { contactId: newId(), email: 'x@example.com', subscribed: 'yes' },
    } as unknown as NewEvent;
    expect(() => outbox.envelopes([changed('ok@example.com'), bad])).toThrow(/subscribed/);
    await expect(outbox.enqueue(db.pool, [changed('ok@example.com'), bad])).rejects.toThrow(/subscribed/);
    await expect(db.tx((tx) => outbox.enqueue(tx, [bad]))).rejects.toThrow(/subscribed/);
    expect(await written()).toEqual([]);
    expect(wakes).toBe(0);
  });

  it('writes the envelopes it returns, in order', async () => {
    const projectId = newId();
    const events = [changed('one@example.com', projectId), changed('two@example.com', projectId), changed('three@example.com', projectId)];
    const envelopes = await outbox.enqueue(db.pool, events);
    expect(envelopes.map((e) => e.data)).toEqual(events.map((e) => e.data));
    const rows = await written();
    expect(rows.map((r) => [r.id, r.type, r.project_id, r.occurred_at.toISOString(), r.data])).toEqual(
      envelopes.map((e) => [e.id, e.type, projectId, e.occurredAt, e.data]),
    );
    expect(wakes).toBe(1); // autocommitted: at once
    expect(await outbox.enqueue(db.pool, [])).toEqual([]);
    expect(wakes).toBe(1);
  });

  it("writes in the caller's transaction: nothing and no wake-up if it rolls back, the relay woken once it commits", async () => {
    await expect(
      db.tx(async (tx) => {
        await outbox.enqueue(tx, [changed('rolled-back@example.com')]);
        expect((await tx.query(`SELECT 1 FROM ${SCHEMA}.outbox`)).rowCount).toBe(1); // there, in the transaction
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await written()).toEqual([]);
    expect(wakes).toBe(0);

    let wakesBeforeCommit = -1;
    const [sent] = await db.tx(async (tx) => {
      const envelopes = await outbox.enqueue(tx, [changed('committed@example.com')]);
      wakesBeforeCommit = wakes;
      return envelopes;
    });
    expect(wakesBeforeCommit).toBe(0);
    expect(wakes).toBe(1);
    expect((await written()).map((r) => r.id)).toEqual([sent.id]);
  });

  /**
   * A caller's statement as the services write them: its own rows (items), and the events of
   * those it actually changed (here, inserted with ok), keyed by item id.
   */
  const insertItemsSql = () =>
    `WITH ins AS (
       INSERT INTO ${SCHEMA}.items (id, ok) SELECT * FROM unnest($1::uuid[], $2::bool[]) ON CONFLICT (id) DO NOTHING RETURNING id, ok
     )
     ${outbox.insertSql(3, { key: 'uuid', where: (id) => `${id} IN (SELECT id FROM ins WHERE ok)` })}`;

  it('insertSql, keyed and filtered: writes only the events of the rows the statement picked, in envelope order, whatever the join', async () => {
    // Ids in descending order, so that key order (a merge join's) is the reverse of envelope order.
    const ids = Array.from({ length: 40 }, () => newId())
      .sort()
      .reverse();
    const existing = ids.filter((_, k) => k % 5 === 0);
    await db.query(`INSERT INTO ${SCHEMA}.items (id, ok) SELECT unnest($1::uuid[]), true`, [existing]);
    const ok = ids.map((_, k) => k % 3 !== 0);
    const envelopes = outbox.envelopes(ids.map((id) => changed(`${id}@example.com`)));
    const expected = envelopes.filter((_, k) => ok[k] && !existing.includes(ids[k])).map((e) => e.id);
    expect(expected.length).toBeGreaterThan(10);

    await db.tx(async (tx) => {
      // Steer the planner to a merge join on the key: its rows come in key order.
      await tx.query('SET LOCAL enable_hashjoin = off; SET LOCAL enable_nestloop = off');
      await tx.query({ text: insertItemsSql(), values: [ids, ok, ...outbox.params(envelopes, ids)] } as QueryConfig);
    });
    expect((await written()).map((r) => r.id)).toEqual(expected);

    // And with the planner's own choice.
    await db.query(`TRUNCATE ${SCHEMA}.outbox, ${SCHEMA}.items`);
    await db.query(insertItemsSql(), [ids, ok, ...outbox.params(envelopes, ids)]);
    expect((await written()).map((r) => r.id)).toEqual(envelopes.filter((_, k) => ok[k]).map((e) => e.id));
  });

  it('insertSql text depends only on its arguments (call sites run it prepared), and enqueue sends one fixed text', async () => {
    const where = (key: string) => `${key} IN (SELECT id FROM ins)`;
    expect(outbox.insertSql(9, { key: 'uuid', where })).toBe(outbox.insertSql(9, { key: 'uuid', where }));
    expect(outbox.insertSql(1)).toBe(outbox.insertSql(1));
    expect(outbox.insertSql(9, { key: 'uuid', where })).toContain('$9::uuid[]');
    expect(outbox.insertSql(9, { key: 'uuid', where })).toContain('$15::uuid[]');
    expect(new Outbox('other').insertSql(1)).not.toBe(outbox.insertSql(1));

    const sent: QueryConfig[] = [];
    const spy: Queryable = { query: ((config: QueryConfig) => (sent.push(config), db.pool.query(config))) as Queryable['query'] };
    await outbox.enqueue(spy, [changed('a@example.com')]);
    await outbox.enqueue(spy, [changed('b@example.com'), changed('c@example.com')]);
    expect(sent).toHaveLength(2); // one statement per call
    expect(sent[0].name).toBeTruthy();
    expect([sent[1].name, sent[1].text]).toEqual([sent[0].name, sent[0].text]);
    expect(sent[0].text).not.toContain('a@example.com');
    expect(await written()).toHaveLength(3);
  });

  it('params wants one key per envelope, and a filter wants a key', () => {
    const envelopes = outbox.envelopes([changed('a@example.com'), changed('b@example.com')]);
    expect(() => outbox.params(envelopes, [newId()])).toThrow(/1 keys for 2 envelopes/);
    expect(outbox.params(envelopes, [newId(), newId()])).toHaveLength(7);
    expect(outbox.params(envelopes)).toHaveLength(6);
    expect(() => outbox.insertSql(1, { where: (k) => `${k} IS NOT NULL` })).toThrow(/needs a key/);
  });
});

describe('services write no outbox SQL of their own', () => {
  /** An INSERT into some schema's outbox table, as hand-written SQL would spell it. */
  const OUTBOX_INSERT = /INSERT\s+INTO\s+[^\s(]*\boutbox\b/i;

  const sourcesUnder = (dir: string): string[] =>
    (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => path.join(dir, f));

  it('finds such an INSERT wherever it is spelled out (the helper itself, and the forms services used)', () => {
    expect(fs.readFileSync(path.join(ROOT, 'libs/bus/src/outbox.ts'), 'utf8')).toMatch(OUTBOX_INSERT);
    expect('INSERT INTO ${SCHEMA}.outbox (id, type, project_id, occurred_at, data)').toMatch(OUTBOX_INSERT);
    expect('insert into messaging.outbox(id)').toMatch(OUTBOX_INSERT);
    expect('INSERT\n         INTO "contacts"."outbox" (id)').toMatch(OUTBOX_INSERT);
    expect('INSERT INTO contacts.outbox_archive (id)').not.toMatch(OUTBOX_INSERT);
  });

  it('every service source under services/*/src publishes through Outbox', () => {
    const services = path.join(ROOT, 'services');
    const files = fs
      .readdirSync(services)
      .map((s) => path.join(services, s, 'src'))
      .filter((dir) => fs.existsSync(dir))
      .flatMap(sourcesUnder);
    expect(files.length).toBeGreaterThan(20);
    const offenders = files.filter((f) => OUTBOX_INSERT.test(fs.readFileSync(f, 'utf8'))).map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
  });
});
