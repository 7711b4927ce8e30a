import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { INFRA, reachable } from './infra';
import os from 'node:os';
import { deleteQueues, namespaceInUse, RPC_CALLS_VARIABLE, sweepStaleTopologies, TEMPLATE_DB_VARIABLE } from './topology';

/**
 * Quorum queues left by test runs that were killed before their cleanup (names `<namespace>.…`
 * with a test namespace) pile up and slow RabbitMQ down, so they are deleted — but only the
 * namespaces none of whose queues has a consumer and no live test process holds (a topology of a
 * run beside this one may be starting: queues declared, consumers not yet), so other runs are untouched.
 * Needs rabbitmqctl (on the machine that runs RabbitMQ); without it, nothing is swept.
 */
async function sweepStaleTestQueues() {
  let out: string;
  try {
    out = execFileSync('rabbitmqctl', ['list_queues', '-q', '--no-table-headers', 'name', 'consumers'], {
      encoding: 'utf8',
      timeout: 20_000,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    return;
  }
  const byNamespace = new Map<string, { queues: string[]; consumers: number }>();
  for (const line of out.split('\n')) {
    const [name, consumers] = line.trim().split(/\s+/);
    const ns = /^([td][0-9a-f]{6,8})\./.exec(name ?? '')?.[1];
    if (!ns) continue;
    const entry = byNamespace.get(ns) ?? { queues: [], consumers: 0 };
    entry.queues.push(name);
    entry.consumers += Number(consumers) || 0;
    byNamespace.set(ns, entry);
  }
  const stale = [...byNamespace.entries()].filter(([ns, e]) => e.consumers === 0 && !namespaceInUse(ns));
  await deleteQueues(
    stale.flatMap(([, e]) => e.queues),
    stale.flatMap(([ns]) => [`${ns}.herald.events`, `${ns}.herald.events.dlx`]),
  );
}

/**
 * Jest global setup: builds dist/ when it is stale (e2e tests run the built targets, as production does) and checks
 * that PostgreSQL, RabbitMQ and Redis answer. Where one does not and a Docker engine exists, it is
 * started with testcontainers; otherwise the run stops at once with what to do — it never hangs.
 */
export default async function globalSetup() {
  const root = path.resolve(__dirname, '../../..');
  // `npm test` has built already: then this only finds the build up to date (scripts/build.js).
  execFileSync(process.execPath, [path.join(root, 'scripts/build.js')], { stdio: 'inherit' });

  const missing: string[] = [];
  for (const [name, svc] of Object.entries(INFRA)) if (!(await reachable(svc.host, svc.port))) missing.push(name);
  if (missing.length > 0) await startContainers(missing);
  await enoughConnections();
  await sweep();
  process.env[TEMPLATE_DB_VARIABLE] = await migratedTemplate(root);
  process.env[RPC_CALLS_VARIABLE] = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-rpc-calls-'));
}

/** What test runs left behind that no live test process holds: topologies, their databases, their queues. */
export async function sweep() {
  await sweepStaleTopologies();
  await sweepStaleTestDatabases();
  await sweepStaleTestQueues();
}

/** Connections the suite may hold at once: its workers' topologies, each process with a pool. */
const CONNECTIONS_NEEDED = 250;

/** Stops the run at once, saying what to do, where PostgreSQL would refuse connections half-way through it. */
async function enoughConnections() {
  const [{ max_connections: max }] = await admin<{ max_connections: string }>('SHOW max_connections');
  if (Number(max) >= CONNECTIONS_NEEDED) return;
  throw new Error(
    `The test PostgreSQL allows ${max} connections; the suite needs ${CONNECTIONS_NEEDED}: run ` +
      `"ALTER SYSTEM SET max_connections = 300" as a superuser and restart PostgreSQL (.ci/run does it).`,
  );
}

/** Runs an SQL statement on the test PostgreSQL's `postgres` database. */
async function admin<R extends object = any>(sql: string): Promise<R[]> {
  const c = new Client({ connectionString: process.env.TEST_PG_URL ?? INFRA.postgres.url });
  await c.connect();
  try {
    return (await c.query(sql)).rows;
  } finally {
    await c.end();
  }
}

/** Test topologies' databases (`herald_<namespace>`) whose namespace no live test process holds: left by killed runs. */
async function sweepStaleTestDatabases() {
  const rows = await admin<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname ~ '^herald_t[0-9a-f]{6,8}$'`);
  for (const { datname } of rows) {
    if (namespaceInUse(datname.slice('herald_'.length))) continue;
    await admin(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
  }
}

/** How long another build's template is kept: runs of other checkouts may still be copying it. */
const TEMPLATE_KEPT_MS = 3 * 3600_000;

/**
 * A database with every migration applied (TARGET=migrate of this build), that each topology's
 * database is copied from (CREATE DATABASE … TEMPLATE: a tenth of a second, where migrating took
 * one to two). Named after the build's digest (scripts/build.js), so it is made once per change
 * of the sources and shared by the runs of that build. Other builds' templates are dropped once
 * older than TEMPLATE_KEPT_MS (the time each was made is its database comment), so runs of two
 * checkouts at once keep theirs.
 */
async function migratedTemplate(root: string): Promise<string> {
  const digest = fs.readFileSync(path.join(root, 'dist/.build-typescript'), 'utf8').trim().slice(0, 16);
  const name = `herald_tpl_${digest}`;
  for (const { datname, made } of await admin<{ datname: string; made: string | null }>(
    `SELECT datname, shobj_description(oid, 'pg_database') AS made FROM pg_database WHERE datname LIKE 'herald\\_tpl\\_%' AND datname <> '${name}'`,
  )) {
    if (Date.now() - (Date.parse(made ?? '') || 0) < TEMPLATE_KEPT_MS) continue;
    await admin(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined); // being copied right now: left for the next run
  }
  if ((await admin(`SELECT 1 FROM pg_database WHERE datname = '${name}'`)).length > 0) return name;
  // Migrated under a name of its own, then renamed: a template is never seen half made.
  const making = `herald_tplmake_${process.pid}`;
  await admin(`DROP DATABASE IF EXISTS "${making}"`);
  await admin(`CREATE DATABASE "${making}"`);
  const url = new URL(process.env.TEST_PG_URL ?? INFRA.postgres.url);
  url.pathname = `/${making}`;
  execFileSync(process.execPath, [path.join(root, 'dist/services/all/src/main.js')], {
    env: { PATH: process.env.PATH, TARGET: 'migrate', DATABASE_URL: url.toString(), LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await admin(`COMMENT ON DATABASE "${making}" IS '${new Date().toISOString()}'`);
  await admin(`ALTER DATABASE "${making}" RENAME TO "${name}"`).catch(async (err) => {
    await admin(`DROP DATABASE IF EXISTS "${making}"`);
    if (!/already exists/.test(String(err))) throw err; // made by a run beside this one meanwhile
  });
  return name;
}

/** Where PostgreSQL, RabbitMQ or Redis does not answer and a Docker engine exists, starts it with testcontainers; otherwise stops the run at once. */
async function startContainers(missing: string[]) {
  const docker = fs.existsSync('/var/run/docker.sock') || !!process.env.DOCKER_HOST;
  if (!docker) {
    throw new Error(
      `Tests need ${missing.join(', ')} on 127.0.0.1 and no Docker engine was found to start them with testcontainers. ` +
        'Start them (see README "Running the tests"; .ci/run does it) and run again.',
    );
  }
  const { GenericContainer } = await import('testcontainers');
  const images: Record<string, { image: string; port: number; env?: Record<string, string>; command?: string[] }> = {
    postgres: {
      image: 'postgres:16-alpine',
      port: 5432,
      env: { POSTGRES_HOST_AUTH_METHOD: 'trust', POSTGRES_USER: 'root', POSTGRES_DB: 'postgres' },
      command: ['postgres', '-c', 'max_connections=300'],
    },
    rabbitmq: { image: 'rabbitmq:3.13-alpine', port: 5672 },
    redis: { image: 'redis:7-alpine', port: 6379 },
  };
  for (const name of missing) {
    const spec = images[name];
    const c = await new GenericContainer(spec.image)
      .withEnvironment(spec.env ?? {})
      .withCommand(spec.command ?? [])
      .withExposedPorts(spec.port)
      .withStartupTimeout(60_000)
      .start();
    const host = c.getHost();
    const port = c.getMappedPort(spec.port);
    if (name === 'postgres') process.env.TEST_PG_URL = `postgres://root@${host}:${port}/postgres`;
    if (name === 'rabbitmq') process.env.TEST_AMQP_URL = `amqp://guest:guest@${host}:${port}`;
    if (name === 'redis') process.env.TEST_REDIS_URL = `redis://${host}:${port}`;
  }
}
