import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { INFRA, reachable } from './infra';

/**
 * Jest global setup: builds dist/ (e2e tests run the built targets, as production does) and checks
 * that PostgreSQL, RabbitMQ and Redis answer. Where one does not and a Docker engine exists, it is
 * started with testcontainers; otherwise the run stops at once with what to do — it never hangs.
 */
export default async function globalSetup() {
  const root = path.resolve(__dirname, '../../..');
  execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });

  const missing: string[] = [];
  for (const [name, svc] of Object.entries(INFRA)) if (!(await reachable(svc.host, svc.port))) missing.push(name);
  if (missing.length === 0) return;

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
