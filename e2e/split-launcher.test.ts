import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Api, deleteBrokerObjects, dropDatabase, freePort, INFRA } from '../libs/testing/src';
import { registry } from '../services/all/src/registry';
import { firstRunKeys, gone, killLeftovers, launch, type Launched, waitReady } from './support/launch';

/**
 * `npm run start:split` as a user runs it: PORT is the gateway's only, every other process gets
 * ports of its own and the others' addresses, and a second copy started beside the first (another
 * PORT, and a database, namespace and data directory of its own) runs too, as does a copy given
 * only another PORT (more processes of the first Herald); SIGTERM stops every process of each.
 */
interface Copy {
  port: number;
  dataDir: string;
  db: string;
  ns: string;
  run?: Launched;
  /** From the launcher's `[split] <target> (pid N): HTTP port P, gRPC port G` lines. */
  procs: Array<{ target: string; pid: number; http: number; grpc?: number }>;
}

async function copy(): Promise<Copy> {
  const ns = `t${crypto.randomBytes(4).toString('hex')}`;
  return { port: await freePort(), dataDir: fs.mkdtempSync(path.join(os.tmpdir(), `herald-split-${ns}-`)), db: `herald_${ns}`, ns, procs: [] };
}

function env(c: Copy): NodeJS.ProcessEnv {
  const db = new URL(INFRA.postgres.url);
  db.pathname = `/${c.db}`;
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORT: String(c.port),
    DATABASE_URL: db.toString(),
    HERALD_NAMESPACE: c.ns,
    HERALD_DATA_DIR: c.dataDir,
    DB_POOL_MAX: '4',
    AMQP_URL: INFRA.rabbitmq.url,
    REDIS_URL: INFRA.redis.url,
  };
}

/** Every process the launcher started, in order (a start again lists each target again). */
function started(run: Launched) {
  return [...run.output().matchAll(/^\[split\] (\w+) \(pid (\d+)\): HTTP port (\d+)(?:, gRPC port (\d+))?$/gm)].map((m) => ({
    target: m[1],
    pid: Number(m[2]),
    http: Number(m[3]),
    grpc: m[4] ? Number(m[4]) : undefined,
  }));
}

/** The processes running now: each target's last start. */
const processes = (run: Launched) => [...new Map(started(run).map((p) => [p.target, p])).values()];

/** Listens on the gRPC port the launcher gives `target`, as soon as it says which, before the process binds it. */
function takePortOf(run: Launched, target: string): Promise<{ server: net.Server; port: number }> {
  return new Promise((resolve, reject) => {
    const look = () => {
      const port = started(run).find((p) => p.target === target)?.grpc;
      if (!port) return;
      run.child.stdout!.off('data', look);
      const server = net.createServer();
      server.once('error', reject);
      server.listen(port, '0.0.0.0', () => resolve({ server, port }));
    };
    run.child.stdout!.on('data', look);
  });
}

describe('npm run start:split', () => {
  const copies: Copy[] = [];

  afterAll(async () => {
    killLeftovers(copies.flatMap((c) => [c.run?.child.pid, ...c.procs.map((p) => p.pid)]));
    // (a replica copy shares its first copy's database, namespace and data directory)
    for (const c of copies.filter((x, i) => copies.findIndex((y) => y.db === x.db) === i)) {
      await dropDatabase(c.db, { ignoreErrors: true });
      await deleteBrokerObjects(c.ns, registry);
      fs.rmSync(c.dataDir, { recursive: true, force: true });
    }
  });

  it('runs on a PORT of its own beside a second Herald and a replica copy; each serves the API, and SIGTERM stops every process', async () => {
    const [a, b] = [await copy(), await copy()];
    copies.push(a, b);
    // Started together: the second must not take the ports the first has handed out but not bound yet.
    a.run = launch('split', env(a));
    b.run = launch('split', env(b));
    await waitReady(`http://127.0.0.1:${a.port}`, a.run);
    await waitReady(`http://127.0.0.1:${b.port}`, b.run);

    for (const c of [a, b]) {
      c.procs = processes(c.run!);
      expect(c.procs.map((p) => p.target).sort()).toEqual(registry.names());
      expect(c.procs.find((p) => p.target === 'gateway')!.http).toBe(c.port);
      // Every other process's own /readyz answers on the port it was given.
      for (const p of c.procs) expect((await fetch(`http://127.0.0.1:${p.http}/readyz`)).status).toBe(200);
    }
    const ports = [a, b].flatMap((c) => c.procs.flatMap((p) => [p.http, p.grpc].filter(Boolean)));
    expect(new Set(ports).size).toBe(ports.length);

    for (const c of [a, b]) {
      const keys = firstRunKeys(c.dataDir);
      // PUBLIC_URL follows the gateway's port (the first-run file shows it).
      expect(keys.text).toContain(`API:         http://localhost:${c.port}`);
      const api = new Api(`http://127.0.0.1:${c.port}`);
      const tracked = await api.withKey(keys.public).post('/v1/track', { event: 'signed-up', email: `${c.ns}@example.com` });
      expect(tracked.status).toBe(200);
      const list = await api.withKey(keys.secret).get('/contacts');
      expect(list.body.data.map((x: any) => x.email)).toEqual([`${c.ns}@example.com`]);
    }

    // A copy given only another PORT: more processes of the first Herald (its database, queues, keys).
    // Something takes a port it hands out before the process binds it: every process starts again.
    const replica: Copy = { ...a, port: await freePort(), procs: [] };
    copies.push(replica);
    replica.run = launch('split', env(replica));
    const squatter = await takePortOf(replica.run, 'events');
    try {
      await waitReady(`http://127.0.0.1:${replica.port}`, replica.run);
    } finally {
      squatter.server.close();
    }
    expect(replica.run.output()).toContain('[split] events: a port it was given was taken before it could bind it; starting every process again');
    replica.procs = processes(replica.run);
    expect(replica.procs.map((p) => p.target).sort()).toEqual(registry.names());
    expect(replica.procs.find((p) => p.target === 'events')!.grpc).not.toBe(squatter.port);
    for (const p of started(replica.run).slice(0, registry.names().length)) expect(await gone(p.pid, 5000)).toBe(true);
    const list = await new Api(`http://127.0.0.1:${replica.port}`, firstRunKeys(a.dataDir).secret).get('/contacts');
    expect(list.body.data.map((x: any) => x.email)).toEqual([`${a.ns}@example.com`]);

    for (const c of [a, b, replica]) c.run!.child.kill('SIGTERM');
    for (const c of [a, b, replica]) expect(await c.run!.exited).toBe(0);
    for (const p of [...a.procs, ...b.procs, ...replica.procs]) expect(await gone(p.pid, 5000)).toBe(true);
  }, 180_000);

  it('refuses a PORT in use, saying so, and starts nothing', async () => {
    const c = await copy();
    copies.push(c);
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(c.port, '0.0.0.0', () => resolve()));
    try {
      c.run = launch('split', env(c));
      expect(await c.run.exited).toBe(2);
      expect(c.run.output()).toContain(`PORT: port ${c.port} is in use on 0.0.0.0; set PORT to a free port`);
      expect(processes(c.run)).toEqual([]);
    } finally {
      server.close();
    }
  });
});
