import os from 'node:os';
import { createHash } from 'node:crypto';
import { Pool, PoolClient, QueryConfig, QueryResult, QueryResultRow } from 'pg';
import { logger } from '../../kit/src';

export type Queryable = Pick<PoolClient, 'query'>;

declare const WORK: unique symbol;

/**
 * The handle of a unit of work: what a repository method takes to run its statements in the
 * unit's transaction, and what the outbox takes to write events in it (docs/decisions/0303).
 * Opaque to app code, which gets one from `UnitOfWork.run` and hands it on; only adapters (and
 * libs) see the connection behind it, through `sqlOf`.
 */
export interface Work {
  readonly [WORK]: 'Work';
}

/**
 * The port app code asks for a transaction through: `run` gives fn a `Work` that repository
 * methods and the outbox write in; it commits if fn resolves (after-commit wake-ups run then),
 * and rolls back if fn throws. `Db` implements it over `Db.tx`.
 */
export interface UnitOfWork {
  run<T>(fn: (work: Work) => Promise<T>): Promise<T>;
  /**
   * Marks a savepoint `name` (a plain identifier) in the work's transaction; the function it
   * returns undoes what the work wrote since (and the unit goes on), for a step whose failure is
   * recorded rather than rethrown.
   */
  savepoint(work: Work, name: string): Promise<() => Promise<void>>;
}

/** The work of a transaction's client (a `Db.tx` client, or the one a bus handler is given). */
export const workOf = (q: Queryable): Work => q as unknown as Work;

/** The connection behind a work, for the adapters that run its statements. */
export const sqlOf = (work: Work): Queryable => work as unknown as Queryable;

/** Callbacks waiting for the commit of the transaction a client is in (see `afterCommit`). */
const commitHooks = new WeakMap<object, Array<() => void>>();

/**
 * Runs fn once what `q` wrote is committed: after COMMIT when q is a client inside `Db.tx`, at
 * once otherwise (a pool or a client outside a transaction autocommits each statement). Dropped
 * on rollback. For in-process wake-ups (the outbox relay), never for anything that must happen.
 */
export function afterCommit(q: Queryable, fn: () => void) {
  const hooks = commitHooks.get(q);
  if (hooks) hooks.push(fn);
  else runHook(fn);
}

function runHook(fn: () => void) {
  try {
    fn();
  } catch (err) {
    logger.warn({ err }, 'after-commit hook failed');
  }
}

const statementNames = new Map<string, string>();

/**
 * A statement the hot paths run many times a second, as a named prepared statement: each
 * connection parses it once, not at every call (it is still planned at every call; see `Db`).
 * For fixed texts only (nothing spliced in per call; each text is remembered for good) that list
 * their result columns (a connection's prepared `SELECT *` fails once a migration adds a column),
 * with values that serialise (when binding them throws, `pg` closes the statement on the server
 * but still counts it as parsed on that connection, where later uses then fail).
 */
export function prepared(text: string, values: unknown[]): QueryConfig {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `herald_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return { name, text, values };
}

/**
 * The URL with the operating system's user name when it names none, as psql and libpq do (node-pg
 * takes $USER, which a service manager or a container often leaves unset, and PostgreSQL then
 * refuses the connection with "no PostgreSQL user name specified").
 */
export function withUser(url: string): string {
  const u = new URL(url);
  if (u.username) return url;
  u.username = encodeURIComponent(process.env.PGUSER || process.env.USER || os.userInfo().username);
  return u.toString();
}

/** A PostgreSQL pool for one service. Every repository method takes the projectId it scopes by. */
export class Db implements UnitOfWork {
  readonly pool: Pool;

  constructor(
    readonly url: string,
    max = 10,
  ) {
    // `prepared` statements are planned at every run, for their values, as unnamed ones are. A
    // generic plan, made once while a table was small (a scan of all of it), would stay for the
    // connection's life while the table grows. Parsing once is the part that pays. Set before the
    // pool hands the connection out, so no statement of a caller runs beside it.
    this.pool = new Pool({
      connectionString: withUser(url),
      max,
      idleTimeoutMillis: 30_000,
      onConnect: (client) =>
        client.query('SET plan_cache_mode = force_custom_plan').then(
          () => undefined,
          (err: Error) => logger.warn({ err: err.message }, 'could not set plan_cache_mode'),
        ),
    });
    this.pool.on('error', (err) => logger.warn({ err: err.message }, 'idle PostgreSQL client error'));
    this.pool.on('connect', () => this.open++);
    this.pool.on('remove', () => {
      this.open--;
      if (this.open === 0) this.closed?.();
    });
  }

  /** Connections opened and not yet closed (a removed client is closed when pg says 'remove'). */
  private open = 0;
  private closed?: () => void;

  async query<R extends QueryResultRow = any>(sql: string | QueryConfig, params: unknown[] = []): Promise<R[]> {
    return (await (typeof sql === 'string' ? this.pool.query<R>(sql, params) : this.pool.query<R>(sql))).rows;
  }

  /**
   * Runs fn in one transaction; commits if it resolves, rolls back if it throws. `opening`, a
   * statement without parameters, is sent with the BEGIN (one round trip, not two) and its rows
   * are handed to fn.
   */
  async tx<T, R extends QueryResultRow = any>(fn: (client: PoolClient, opened: R[]) => Promise<T>, opening?: string): Promise<T> {
    const client = await this.pool.connect();
    const hooks: Array<() => void> = [];
    try {
      let opened: R[] = [];
      if (opening === undefined) await client.query('BEGIN');
      // A multi-statement text query answers with one result per statement.
      else opened = ((await client.query(`BEGIN; ${opening}`)) as unknown as Array<QueryResult<R>>)[1].rows;
      commitHooks.set(client, hooks);
      const result = await fn(client, opened);
      // COMMIT of a transaction a failed statement aborted answers ROLLBACK: that is a failure too
      // (a handler that caught the statement's error must not pass for done).
      if ((await client.query('COMMIT')).command !== 'COMMIT') throw new Error('the transaction was rolled back: a statement in it failed');
      commitHooks.delete(client);
      for (const hook of hooks) runHook(hook);
      return result;
    } catch (err) {
      commitHooks.delete(client);
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  /** The unit of work of this database: `tx` with the client as a `Work`. */
  run<T>(fn: (work: Work) => Promise<T>): Promise<T> {
    return this.tx((client) => fn(workOf(client)));
  }

  async savepoint(work: Work, name: string): Promise<() => Promise<void>> {
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`savepoint: not a plain identifier: ${name}`);
    const q = sqlOf(work);
    await q.query(`SAVEPOINT ${name}`);
    return async () => {
      await q.query(`ROLLBACK TO SAVEPOINT ${name}`);
    };
  }

  /**
   * Ends the pool and waits until its connections are closed: `pool.end()` resolves once the
   * clients have left the pool, while their sockets are still closing, and the embedded
   * PostgreSQL stopped right after would cut those ("terminating connection due to
   * administrator command").
   */
  async close(): Promise<void> {
    const allClosed = new Promise<void>((resolve) => {
      this.closed = resolve;
      if (this.open === 0) resolve();
    });
    await this.pool.end();
    await Promise.race([allClosed, new Promise((r) => setTimeout(r, 5000).unref())]);
  }
}

export interface Migration {
  id: string;
  sql: string;
}

/**
 * Applies a service's migrations to its own schema, once, under an advisory lock so that
 * replicas starting together do not race. Each migration runs in its own transaction.
 */
export async function migrate(db: Db, schema: string, migrations: Migration[]): Promise<number> {
  const client = await db.pool.connect();
  let applied = 0;
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`herald.migrate.${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await client.query(`CREATE TABLE IF NOT EXISTS "${schema}".schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await client.query(`SELECT id FROM "${schema}".schema_migrations`)).rows.map((r) => r.id));
    for (const m of migrations) {
      if (done.has(m.id)) continue;
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query(`INSERT INTO "${schema}".schema_migrations (id) VALUES ($1)`, [m.id]);
        await client.query('COMMIT');
        applied++;
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${schema}/${m.id} failed: ${(err as Error).message}`);
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(hashtext($1))', [`herald.migrate.${schema}`]).catch(() => undefined);
    client.release();
  }
  return applied;
}

/** Creates the database named in url if it does not exist (connecting to the `postgres` database). */
export async function ensureDatabase(url: string): Promise<void> {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ''));
  if (!name) return;
  const admin = new URL(withUser(url));
  admin.pathname = '/postgres';
  const pool = new Pool({ connectionString: admin.toString(), max: 1 });
  try {
    const exists = await pool.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      await pool.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`).catch((err) => {
        if (err.code !== '42P04' && err.code !== '23505') throw err; // created concurrently
      });
    }
  } finally {
    await pool.end();
  }
}

/** Escapes LIKE wildcards so user search text matches literally. */
export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
