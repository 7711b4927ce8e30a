import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { INFRA, reachable } from './infra';
import { deleteQueues, namespaceInUse } from './topology';

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
    out = execFileSync('rabbitmqctl', ['list_queues', '-q', '--no-table-headers', 'name', 'consumers'], { encoding: 'utf8', timeout: 20_000, stdio: ['ignore', 'pipe', 'ignore'] });
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
  if (missing.length === 0) return sweepStaleTestQueues();

  const docker = fs.existsSync('/var/run/docker.sock') || !!process.env.DOCKER_HOST;
  if (!docker) {
    throw new Error(
      `Tests need ${missing.join(', ')} on 127.0.0.1 and no Docker engine was found to start them with testcontainers. ` +
        'Start them (see README "Running the tests"; .ci/run does it) and run again.',
    );
  }
  const { GenericContainer } = await import('testcontainers');
  const images: Record<string, { image: string; port: number; env?: Record<string, string> }> = {
    postgres: { image: 'postgres:16-alpine', port: 5432, env: { POSTGRES_HOST_AUTH_METHOD: 'trust', POSTGRES_USER: 'root', POSTGRES_DB: 'postgres' } },
    rabbitmq: { image: 'rabbitmq:3.13-alpine', port: 5672 },
    redis: { image: 'redis:7-alpine', port: 6379 },
  };
  for (const name of missing) {
    const spec = images[name];
    const c = await new GenericContainer(spec.image).withEnvironment(spec.env ?? {}).withExposedPorts(spec.port).withStartupTimeout(60_000).start();
    const host = c.getHost();
    const port = c.getMappedPort(spec.port);
    if (name === 'postgres') process.env.TEST_PG_URL = `postgres://root@${host}:${port}/postgres`;
    if (name === 'rabbitmq') process.env.TEST_AMQP_URL = `amqp://guest:guest@${host}:${port}`;
    if (name === 'redis') process.env.TEST_REDIS_URL = `redis://${host}:${port}`;
  }
}
