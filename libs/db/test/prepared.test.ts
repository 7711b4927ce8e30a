/**
 * Component test: `prepared` statements against real PostgreSQL (a scratch database, dropped
 * afterwards) — each connection parses a hot statement once and runs it by name after.
 */
import { prepared } from '../src';
import { scratchDatabase, ScratchDatabase } from '../../testing/src';

let scratch: ScratchDatabase;

beforeAll(async () => {
  scratch = await scratchDatabase({ poolMax: 1 });
  await scratch.db.query('CREATE TABLE t (k int PRIMARY KEY, v text NOT NULL)');
});

afterAll(async () => {
  await scratch?.drop();
});

const INSERT = 'INSERT INTO t (k, v) SELECT * FROM unnest($1::int[], $2::text[]) RETURNING k, v';
const SELECT = 'SELECT t.v FROM unnest($1::int[]) AS x(k) JOIN t USING (k) ORDER BY t.k';

/** The connection's prepared statements, as PostgreSQL lists them (one connection in the pool). */
const preparedHere = () =>
  scratch.db.query<{ statement: string; generic_plans: number; custom_plans: number }>(
    'SELECT statement, generic_plans, custom_plans FROM pg_prepared_statements',
  );

describe('prepared', () => {
  it('names a text the same way every time, and different texts differently', () => {
    expect(prepared(INSERT, [[1], ['a']]).name).toBe(prepared(INSERT, [[2], ['b']]).name);
    expect(prepared(INSERT, []).name).not.toBe(prepared(SELECT, []).name);
    expect(prepared(SELECT, [[1]])).toMatchObject({ text: SELECT, values: [[1]] });
  });

  it('parses a statement once per connection and runs it by name after, through the pool and inside a transaction, planning each run', async () => {
    expect(
      await scratch.db.query(
        prepared(INSERT, [
          [1, 2],
          ['one', 'two'],
        ]),
      ),
    ).toEqual([
      { k: 1, v: 'one' },
      { k: 2, v: 'two' },
    ]);
    await scratch.db.tx(async (tx) => {
      const r = await tx.query(prepared(INSERT, [[3], ['three']]));
      expect(r.rows).toEqual([{ k: 3, v: 'three' }]);
    });
    for (let i = 0; i < 10; i++) expect(await scratch.db.query(prepared(SELECT, [[1, 3]]))).toEqual([{ v: 'one' }, { v: 'three' }]);
    for (let i = 10; i < 20; i++) await scratch.db.query(prepared(INSERT, [[i], [`v${i}`]]));

    const statements = await preparedHere();
    expect(statements.map((s) => s.statement).sort()).toEqual([INSERT, SELECT].sort());
    // Each run on the one statement parsed for the first, and planned for its own values: a generic
    // plan (PostgreSQL's choice for this INSERT after five runs) made while the table is small
    // would be kept while it grows.
    const plans = (text: string) => statements.filter((s) => s.statement === text).map((s) => [Number(s.custom_plans), Number(s.generic_plans)]);
    expect(plans(SELECT)).toEqual([[10, 0]]);
    expect(plans(INSERT)).toEqual([[12, 0]]);
  });

  it('keeps a statement usable on its connection after a run of it failed', async () => {
    // Inside one transaction, so the connection is the same throughout (the pool drops a
    // connection whose query failed outside one).
    await scratch.db.tx(async (tx) => {
      expect((await tx.query(prepared(INSERT, [[7], ['seven']]))).rows).toEqual([{ k: 7, v: 'seven' }]);
      await tx.query('SAVEPOINT s');
      await expect(tx.query(prepared(INSERT, [[1], ['again']]))).rejects.toThrow(/duplicate key/);
      await tx.query('ROLLBACK TO SAVEPOINT s');
      expect((await tx.query(prepared(INSERT, [[9], ['nine']]))).rows).toEqual([{ k: 9, v: 'nine' }]);
      expect((await tx.query('SELECT count(*)::int AS n FROM pg_prepared_statements WHERE statement = $1', [INSERT])).rows).toEqual([{ n: 1 }]);
    });
  });
});
