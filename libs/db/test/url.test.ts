import os from 'node:os';
import { Db, withUser } from '../src';
import { INFRA } from '../../testing/src';

/** A DATABASE_URL without a user name connects as the operating system's user, as psql does. */
describe('withUser', () => {
  const saved = { USER: process.env.USER, PGUSER: process.env.PGUSER };
  afterEach(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  test('keeps a URL that names its user, and adds the system user to one that does not', () => {
    delete process.env.USER;
    delete process.env.PGUSER;
    expect(withUser('postgres://alice:pw@db.example:5432/herald?sslmode=require')).toBe('postgres://alice:pw@db.example:5432/herald?sslmode=require');
    expect(new URL(withUser('postgres://127.0.0.1:5432/herald')).username).toBe(os.userInfo().username);
    process.env.PGUSER = 'bob';
    expect(withUser('postgresql://localhost/herald?host=/var/run/postgresql')).toBe('postgresql://bob@localhost/herald?host=/var/run/postgresql');
  });

  test('a pool on a URL without a user connects with USER unset', async () => {
    delete process.env.USER;
    delete process.env.PGUSER;
    const db = new Db(`postgres://${INFRA.postgres.host}:${INFRA.postgres.port}/postgres`, 1);
    try {
      expect((await db.query('SELECT current_user AS u'))[0].u).toBe(os.userInfo().username);
    } finally {
      await db.pool.end();
    }
  });
});
