import net from 'node:net';

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

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
