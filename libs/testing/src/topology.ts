import { ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import amqp from 'amqplib';
import { Client } from 'pg';
import { freePort, heldByLiveProcess, INFRA } from './infra';
import { dropDatabase } from './db';
import { FIRST_RUN_FILE } from '../../kit/src';
import { addressVariable, type Registry } from '../../runtime/src';

export type TopologyKind = 'all' | 'split';

export interface TopologyOptions {
  /** The services Herald is made of (services/all's registry): split starts one process per service. */
  registry: Registry;
  /** Split: how many gateway processes. */
  gateways?: number;
  env?: NodeJS.ProcessEnv;
}

export interface Keys {
  public: string;
  secret: string;
}

interface Proc {
  target: string;
  env: NodeJS.ProcessEnv;
  child: ChildProcess;
  output: string[];
  httpPort: number;
}

// From src (jest) or from dist/ (benchmarks): the repository root either way.
const UP = path.resolve(__dirname, '../../..');
const ROOT = path.basename(UP) === 'dist' ? path.dirname(UP) : UP;
const MAIN = path.join(ROOT, 'dist/services/all/src/main.js');
export const OWNER = { email: 'owner@herald.test', password: 'owner-password-1' };

/**
 * A running Herald for e2e tests, started from the built dist/ exactly as `npm start` does:
 * `all` = one process; `split` = one process per target (N gateways) over gRPC, RabbitMQ and
 * Redis. Each topology gets its own database, RabbitMQ names and Redis keys (HERALD_NAMESPACE),
 * and one random INTERNAL_TOKEN that all its processes share (none writes a token file).
 */
export class Topology {
  readonly procs: Proc[] = [];
  keys!: Keys;
  projectId!: string;
  private constructor(
    readonly kind: TopologyKind,
    readonly dbUrl: string,
    readonly dbName: string,
    readonly namespace: string,
    readonly registry: Registry,
    /** HERALD_DATA_DIR of every process (the first-run file; removed at stop). */
    readonly dataDir: string,
  ) {}

  get baseUrl() {
    return this.gatewayUrls[0];
  }

  get gatewayUrls() {
    const edge = this.registry.services.find((s) => s.placement === 'edge')?.name;
    return this.procs.filter((p) => p.target === 'all' || p.target === edge).map((p) => `http://127.0.0.1:${p.httpPort}`);
  }

  static async start(kind: TopologyKind, opts: TopologyOptions): Promise<Topology> {
    const ns = `t${crypto.randomBytes(4).toString('hex')}`;
    const dbName = `herald_${ns}`;
    const admin = new URL(INFRA.postgres.url);
    const dbUrl = new URL(admin.toString());
    dbUrl.pathname = `/${dbName}`;
    const t = new Topology(kind, dbUrl.toString(), dbName, ns, opts.registry, fs.mkdtempSync(path.join(os.tmpdir(), `herald-${ns}-`)));
    // Marks the namespace as in use by this process (see namespaceInUse), for other test runs' sweeps.
    fs.writeFileSync(path.join(t.dataDir, OWNER_PID_FILE), String(process.pid));
    const base: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HERALD_DATA_DIR: t.dataDir,
      LOG_LEVEL: process.env.HERALD_TEST_LOG_LEVEL ?? 'warn',
      DATABASE_URL: t.dbUrl,
      DB_POOL_MAX: '4',
      HERALD_NAMESPACE: ns,
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      AMQP_URL: INFRA.rabbitmq.url,
      REDIS_URL: INFRA.redis.url,
      INTERNAL_TOKEN: crypto.randomBytes(32).toString('hex'),
      ...opts.env,
    };
    // The first gateway's address is the public URL (tracking links, hosted pages) unless given.
    const gatewayPort = await freePort();
    base.PUBLIC_URL ??= `http://127.0.0.1:${gatewayPort}`;
    try {
      if (kind === 'all') {
        await t.spawn('all', { ...base, TARGET: 'all' }, gatewayPort);
      } else {
        // One process per service in the registry (gRPC services each on a port of their own), then the gateways.
        const services = opts.registry.services.filter((s) => s.placement !== 'edge');
        const edge = opts.registry.services.find((s) => s.placement === 'edge')!;
        const split: NodeJS.ProcessEnv = { ...base };
        const grpcPorts = new Map<string, number>();
        for (const s of services.filter((x) => x.grpc)) {
          grpcPorts.set(s.name, await freePort());
          split[addressVariable(s.name)] = `127.0.0.1:${grpcPorts.get(s.name)}`;
        }
        await Promise.all(services.map((s) => t.spawn(s.name, { ...split, TARGET: s.name, ...(grpcPorts.has(s.name) ? { GRPC_PORT: String(grpcPorts.get(s.name)) } : {}) })));
        for (let i = 0; i < (opts.gateways ?? 1); i++) await t.spawn(edge.name, { ...split, TARGET: edge.name }, i === 0 ? gatewayPort : undefined);
      }
      await t.waitReady();
      t.readFirstRun();
    } catch (err) {
      await t.stop();
      throw err;
    }
    return t;
  }

  private async spawn(target: string, env: NodeJS.ProcessEnv, httpPort?: number) {
    const port = httpPort ?? (await freePort());
    const child = spawn(process.execPath, [MAIN], { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'], cwd: ROOT });
    const proc: Proc = { target, env, child, output: [], httpPort: port };
    child.stdout!.on('data', (d) => proc.output.push(d.toString()));
    child.stderr!.on('data', (d) => proc.output.push(d.toString()));
    this.procs.push(proc);
    return proc;
  }

  /** Waits until every process answers /readyz with 200 (and its gRPC peers are serving). */
  async waitReady(timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    for (const p of this.procs) {
      for (;;) {
        if (p.child.exitCode !== null) throw new Error(`${p.target} exited with ${p.child.exitCode}:\n${p.output.join('')}`);
        const ok = await fetch(`http://127.0.0.1:${p.httpPort}/readyz`).then((r) => r.status === 200, () => false);
        if (ok) break;
        if (Date.now() > deadline) throw new Error(`${p.target} not ready after ${timeoutMs} ms:\n${p.output.join('')}`);
        await sleep(100);
      }
    }
  }

  /** The owner's first project and keys, from the file the first start writes (see the gateway). */
  private readFirstRun() {
    const file = path.join(this.dataDir, FIRST_RUN_FILE);
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    const pk = /Public key:\s+(pk_[0-9a-f]{64})/.exec(text);
    const sk = /Secret key:\s+(sk_[0-9a-f]{64})/.exec(text);
    const id = /Project id:\s+([0-9a-f-]{36})/.exec(text);
    if (!pk || !sk || !id) throw new Error(`no first-run credentials in ${file}:\n${text}\n${this.output()}`);
    this.keys = { public: pk[1], secret: sk[1] };
    this.projectId = id[1];
  }

  /** SIGKILL one process of a target (a crash: no draining, no cleanup). */
  kill(target: string) {
    const p = this.procs.find((x) => x.target === target && x.child.exitCode === null && x.child.signalCode === null);
    if (!p) throw new Error(`no running ${target}`);
    p.child.kill('SIGKILL');
    return new Promise<void>((resolve) => p.child.once('exit', () => resolve()));
  }

  /** SIGTERM one process of a target (a graceful stop, as on a deploy); resolves with its exit code. */
  terminate(target: string) {
    const p = this.procs.find((x) => x.target === target && x.child.exitCode === null && x.child.signalCode === null);
    if (!p) throw new Error(`no running ${target}`);
    p.child.kill('SIGTERM');
    return new Promise<number | null>((resolve) => p.child.once('exit', (code) => resolve(code)));
  }

  /** Starts a stopped (killed or terminated) target again, with the same settings and port. */
  async restart(target: string) {
    const idx = this.procs.findIndex((x) => x.target === target && (x.child.exitCode !== null || x.child.signalCode !== null));
    if (idx < 0) throw new Error(`no stopped ${target}`);
    const [old] = this.procs.splice(idx, 1);
    await this.spawn(target, old.env, old.httpPort);
    await this.waitReady();
  }

  output(target?: string) {
    return this.procs.filter((p) => !target || p.target === target).map((p) => p.output.join('')).join('\n');
  }

  async sql<R = any>(query: string, params: unknown[] = []): Promise<R[]> {
    const c = new Client({ connectionString: this.dbUrl });
    await c.connect();
    try {
      return (await c.query(query, params)).rows;
    } finally {
      await c.end();
    }
  }

  async stop() {
    await Promise.all(
      this.procs.map(
        (p) =>
          new Promise<void>((resolve) => {
            if (p.child.exitCode !== null || p.child.signalCode !== null) return resolve();
            const t = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
            p.child.once('exit', () => {
              clearTimeout(t);
              resolve();
            });
            p.child.kill('SIGTERM');
          }),
      ),
    );
    await dropDatabase(this.dbName, { ignoreErrors: true });
    fs.rmSync(this.dataDir, { recursive: true, force: true });
    if (this.kind === 'split') await deleteBrokerObjects(this.namespace, this.registry);
  }
}

const OWNER_PID_FILE = 'test-owner.pid';

/**
 * Whether a live test process holds this namespace: a topology writes its pid into its data
 * directory (`<tmp>/herald-<ns>-…`) when it starts, before any queue exists, and removes the
 * directory when it stops. A sweep must leave such a namespace alone even while none of its
 * queues has a consumer yet (its processes are starting).
 */
export function namespaceInUse(ns: string): boolean {
  return fs
    .readdirSync(os.tmpdir())
    .filter((d) => d.startsWith(`herald-${ns}-`))
    .some((dir) => heldByLiveProcess(path.join(os.tmpdir(), dir, OWNER_PID_FILE)));
}

/** Deletes the RabbitMQ queues and exchanges a namespace created (each service's events queue and work queues). */
export async function deleteBrokerObjects(ns: string, registry: Registry) {
  const queues = registry.services.flatMap((s) => [`${s.name}.events`, ...(s.work ?? []).map((w) => w.queue)]);
  await deleteQueues(queues.flatMap((q) => [`${ns}.${q}`, `${ns}.${q}.dlq`]), [`${ns}.herald.events`, `${ns}.herald.events.dlx`]);
}

/** Deletes queues and exchanges (a missing one is fine). Each on its own channel: a 404 closes it. */
export async function deleteQueues(queues: string[], exchanges: string[] = []) {
  const conn = await amqp.connect(INFRA.rabbitmq.url).catch(() => undefined);
  if (!conn) return;
  try {
    for (const q of queues) {
      const ch = await conn.createChannel();
      await ch.deleteQueue(q).catch(() => undefined);
      await ch.close().catch(() => undefined);
    }
    for (const x of exchanges) {
      const ch = await conn.createChannel();
      await ch.deleteExchange(x).catch(() => undefined);
      await ch.close().catch(() => undefined);
    }
  } finally {
    await conn.close().catch(() => undefined);
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls fn until it returns a truthy value (or throws the last failure after timeoutMs). */
export async function eventually<T>(fn: () => Promise<T>, timeoutMs = 10_000, intervalMs = 100): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v as NonNullable<T>;
      last = new Error('condition not met');
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw last;
    await sleep(intervalMs);
  }
}
