import crypto from 'node:crypto';
import { Client } from 'pg';
import { Db, ensureDatabase } from '../../db/src';
import { AppError } from '../../kit/src';
import { INFRA } from './infra';

export interface ScratchDatabase {
  url: string;
  name: string;
  db: Db;
  /** Closes the pool, then drops the database. */
  drop(): Promise<void>;
}

/**
 * A fresh database `<prefix>_<random hex>` on the test PostgreSQL (INFRA.postgres.url), created
 * now, with a pool of `poolMax` connections. Call drop() when done (afterAll).
 */
export async function scratchDatabase(opts: { poolMax?: number; prefix?: string } = {}): Promise<ScratchDatabase> {
  const { poolMax = 10, prefix = 'herald_c' } = opts;
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  const u = new URL(INFRA.postgres.url);
  u.pathname = `/${name}`;
  const url = u.toString();
  await ensureDatabase(url);
  const db = new Db(url, poolMax);
  return {
    url,
    name,
    db,
    async drop() {
      await db.close();
      await dropDatabase(name);
    },
  };
}

/** CREATE DATABASE on the test PostgreSQL, as a copy of `template` when given. */
export async function createDatabase(name: string, opts: { template?: string } = {}): Promise<void> {
  const admin = new Client({ connectionString: INFRA.postgres.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"${opts.template ? ` TEMPLATE "${opts.template}"` : ''}`);
  } finally {
    await admin.end();
  }
}

/**
 * DROP DATABASE … WITH (FORCE) through an admin connection to INFRA.postgres.url. With
 * `ignoreErrors`, a failing DROP is ignored (connecting to PostgreSQL must still succeed).
 */
export async function dropDatabase(name: string, opts: { ignoreErrors?: boolean } = {}): Promise<void> {
  const admin = new Client({ connectionString: INFRA.postgres.url });
  await admin.connect();
  try {
    const drop = admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await (opts.ignoreErrors ? drop.catch(() => undefined) : drop);
  } finally {
    await admin.end();
  }
}

/** Resolves with the AppError `p` rejects with; throws if `p` resolves or rejects with anything else. */
export async function expectAppError(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw new Error(`expected an AppError, got: ${err instanceof Error ? `${err.name}: ${err.message}` : String(err)}`, { cause: err });
  }
  throw new Error('expected an AppError, the call succeeded');
}
