import net from 'node:net';
import { portFree } from '../../kit/src/ports';

/** The infrastructure tests need; CI starts them (.ci/run), a developer's machine usually has them. */
export const INFRA = {
  postgres: { host: '127.0.0.1', port: 5432, url: process.env.TEST_PG_URL ?? 'postgres://root@127.0.0.1:5432/postgres' },
  rabbitmq: { host: '127.0.0.1', port: 5672, url: process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672' },
  redis: { host: '127.0.0.1', port: 6379, url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
};

export function reachable(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(timeoutMs, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

/**
 * A port for a test server, from 20000–32767: below the kernel's ephemeral range (32768+), which
 * outgoing connections (PostgreSQL pools, RabbitMQ, HTTP clients) draw from — a port asked of the
 * kernel with listen(0) can be taken by one of those before the server binds it. Random, checked
 * free on all interfaces, and never handed out twice by this process.
 */
const handedOut = new Set<number>();
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_768);
    if (handedOut.has(port) || !(await portFree(port, '0.0.0.0'))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error('no free port found in 20000-32767');
}

