/**
 * Component test: `Db` as the `UnitOfWork` port against real PostgreSQL (a scratch database,
 * dropped afterwards) — one transaction per `run`, after-commit hooks on its work, savepoints.
 */
import { afterCommit, sqlOf, workOf, type Work } from '../src';
import { scratchDatabase, ScratchDatabase } from '../../testing/src';

let scratch: ScratchDatabase;

beforeAll(async () => {
  scratch = await scratchDatabase({ poolMax: 2 });
  await scratch.db.query('CREATE TABLE t (k int PRIMARY KEY)');
});

afterAll(async () => {
  await scratch?.drop();
});

const insert = (work: Work, k: number) => sqlOf(work).query('INSERT INTO t (k) VALUES ($1)', [k]);
const keys = async () => (await scratch.db.query<{ k: number }>('SELECT k FROM t ORDER BY k')).map((r) => r.k);

describe('Db as a UnitOfWork', () => {
  beforeEach(() => scratch.db.query('TRUNCATE t'));

  it('commits what the work wrote when fn resolves, and answers what fn answered', async () => {
    expect(
      await scratch.db.run(async (work) => {
        await insert(work, 1);
        await insert(work, 2);
        return 'done';
      }),
    ).toBe('done');
    expect(await keys()).toEqual([1, 2]);
  });

  it('rolls everything back when fn throws, and rethrows', async () => {
    await expect(
      scratch.db.run(async (work) => {
        await insert(work, 1);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await keys()).toEqual([]);
  });

  it("runs the work's after-commit hooks once it committed, never on rollback", async () => {
    const ran: string[] = [];
    await scratch.db.run(async (work) => {
      afterCommit(sqlOf(work), () => ran.push('committed'));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(['committed']);
    await expect(
      scratch.db.run(async (work) => {
        afterCommit(sqlOf(work), () => ran.push('rolled back'));
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(ran).toEqual(['committed']);
  });

  it('undoes what the work wrote since a savepoint, and the unit goes on', async () => {
    await scratch.db.run(async (work) => {
      await insert(work, 1);
      const undo = await scratch.db.savepoint(work, 'step');
      await insert(work, 2);
      await undo();
      await insert(work, 3);
    });
    expect(await keys()).toEqual([1, 3]);
    await expect(scratch.db.savepoint(workOf(scratch.db.pool), 'no; DROP TABLE t')).rejects.toThrow(/identifier/);
  });
});
