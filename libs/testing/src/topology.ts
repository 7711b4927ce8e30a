import { ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import amqp from 'amqplib';
import { Client } from 'pg';
import { Api, session } from './api';
import { freePort, heldByLiveProcess, INFRA, workerClosers, workerProcess, workerState } from './infra';
import { createDatabase, dropDatabase } from './db';
import { FIRST_RUN_FILE } from '../../kit/src';
import { addressVariable, type Registry } from '../../runtime/src';

export type TopologyKind = 'all' | 'split';

export interface TopologyOptions {
  /** The services Herald is made of (services/all's registry): split starts one process per service. */
  registry: Registry;
  /** Split: how many gateway processes. */
  gateways?: number;
  env?: NodeJS.ProcessEnv;
  /** Kept by the worker for every test file with these settings (see Topology.shared). */
  shared?: boolean;
}

/** Set by jest's global setup: a database with every migration applied, that topologies' databases are copied from. */
export const TEMPLATE_DB_VARIABLE = 'HERALD_TEST_TEMPLATE_DB';

/** Set by jest's global setup: the directory where split topologies note the gRPC methods they called (see noteRpcCalls). */
export const RPC_CALLS_VARIABLE = 'HERALD_TEST_RPC_CALLS_DIR';

/**
 * How many shared topologies of each kind a worker keeps (see Topology.shared). PostgreSQL's
 * max_connections (100 by default) is for every worker's topologies: an all-in-one holds about 6
 * connections idle and 8 at most, a split one (eight processes, a pool each) about 17 idle and
 * 32 at most. So split topologies are not shared: a worker holding one idle beside a file's own
 * split topology, on each of two workers, ran out of connections.
 */
const SHARED_PER_KIND: Record<TopologyKind, number> = { all: 2, split: 0 };

/** In a topology's data directory: the pid of the test process that started it, and the pids of its processes. */
const OWNER_PID_FILE = 'test-owner.pid';
const PIDS_FILE = 'pids';

/**
 * What outlives one test file in a jest worker (workerState): the shared topologies by settings, and every process topologies started, killed when the
 * worker exits (a killed or crashed worker leaves them to the next sweep: sweepStaleTopologies).
 */
interface WorkerState {
  shared: Map<string, Promise<Topology>>;
  children: Set<ChildProcess>;
}
const worker: WorkerState = workerState('herald.test.topologies', () => {
  const state: WorkerState = { shared: new Map(), children: new Set() };
  workerProcess.once('exit', () => {
    for (const child of state.children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return state;
});

/**
 * The topologies this test file started and has not stopped, on the file's own global (jest gives
 * each file one): jest-setup.ts stops them after the file's last test, without loading this module.
 */
const unstopped: Set<{ stop(): Promise<void> }> = ((globalThis as Record<string, any>).__heraldUnstoppedTopologies ??= new Set());

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
  /** The owner's session cookie (shared topologies: logged in once, for every lease). */
  private ownerCookie?: Promise<string>;
  /** The owner's session, made with this test file's Api. */
  private ownerSession?: Promise<Api>;
  /** Started for Topology.shared: kept by the worker until it exits, or until stopShared. */
  private sharedByWorker = false;
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
    if (opts.shared) t.sharedByWorker = true;
    else unstopped.add(t);
    const template = process.env[TEMPLATE_DB_VARIABLE];
    if (template) {
      await createDatabase(dbName, { template }).catch((err) => {
        // Dropped by a run of another checkout's build: Herald then migrates the database itself.
        if (!/template database .* does not exist/.test(String(err))) throw err;
      });
    }
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
        await Promise.all(
          services.map((s) => t.spawn(s.name, { ...split, TARGET: s.name, ...(grpcPorts.has(s.name) ? { GRPC_PORT: String(grpcPorts.get(s.name)) } : {}) })),
        );
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

  /**
   * A project of its own (the owner's), on a topology this worker shares with the other test
   * files asking for the same settings: started by the first, kept until the worker exits. The
   * returned view has that project's keys and id; `stop` leaves the topology running, and it
   * cannot be killed or restarted (a test that does needs one of its own: `start`). A split
   * topology is the file's own (see SHARED_PER_KIND).
   */
  static async shared(kind: TopologyKind, opts: TopologyOptions): Promise<Topology> {
    if (SHARED_PER_KIND[kind] === 0) return Topology.start(kind, opts);
    const key = JSON.stringify([kind, opts.gateways ?? 1, Object.entries(opts.env ?? {}).sort()]);
    let base = worker.shared.get(key);
    if (base) {
      worker.shared.delete(key); // last used last (the map's order)
    } else {
      // At most SHARED_PER_KIND of each kind per worker: the one used longest ago is stopped
      // first. Idle ones still hold connections and run their timers on the same cores.
      const sameKind = [...worker.shared.keys()].filter((k) => JSON.parse(k)[0] === kind);
      for (const old of sameKind.slice(0, Math.max(0, sameKind.length - SHARED_PER_KIND[kind] + 1))) {
        const t = worker.shared.get(old)!;
        worker.shared.delete(old);
        await t.then(
          (x) => Topology.prototype.stop.call(x),
          () => undefined,
        );
      }
      base = Topology.start(kind, { ...opts, shared: true });
      base.catch(() => worker.shared.delete(key));
    }
    worker.shared.set(key, base);
    return Topology.prototype.lease.call(await base);
  }

  /**
   * The owner's session, logged in once per topology: the login routes are limited per address
   * (60 a minute), which every file on a shared topology draws from.
   */
  owner(): Promise<Api> {
    this.ownerCookie ??= session(this.baseUrl, OWNER.email, OWNER.password).then((api) => api.defaultHeaders.cookie);
    this.ownerSession ??= this.ownerCookie.then((cookie) => new Api(this.baseUrl, undefined, { cookie }));
    return this.ownerSession;
  }

  /**
   * A test file's view of a shared topology: a project of its own, and this file's code. The base
   * was made by an earlier file, whose modules jest tears down when it ends (a `pg` client or an
   * Api of that file fails in the next); so the view shares the base's data (processes, ports,
   * the owner's cookie), never its methods: it is made of this module's Topology.
   */
  private async lease(): Promise<Topology> {
    const view: Topology = Object.assign(Object.create(Topology.prototype), this, { ownerSession: undefined });
    const owner = view.owner();
    this.ownerCookie = view.ownerCookie; // the next file's view logs in no more
    const created = await (await owner).post('/users/@me/projects', { name: `Test file ${crypto.randomBytes(3).toString('hex')}` });
    if (created.status !== 201) throw new Error(`a project for the test file: ${created.status} ${JSON.stringify(created.body)}`);
    view.keys = { public: created.body.public, secret: created.body.secret };
    view.projectId = created.body.id;
    const refuse = () => {
      throw new Error('a shared topology is not stopped or restarted by a test file: start one of its own (Topology.start)');
    };
    // At the file's end: only the gRPC calls made so far are noted (the topology runs on).
    Object.assign(view, { stop: () => view.noteRpcCalls(), kill: refuse, terminate: refuse, restart: refuse });
    return view;
  }

  private async spawn(target: string, env: NodeJS.ProcessEnv, httpPort?: number) {
    const port = httpPort ?? (await freePort());
    const child = spawn(process.execPath, [MAIN], { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'], cwd: ROOT });
    worker.children.add(child);
    child.once('exit', () => worker.children.delete(child));
    if (this.sharedByWorker) {
      // Kept until the worker exits: it must not keep the worker alive.
      child.unref();
      for (const stream of [child.stdout, child.stderr]) (stream as unknown as { unref(): void }).unref();
    }
    if (child.pid) fs.appendFileSync(path.join(this.dataDir, PIDS_FILE), `${child.pid}\n`);
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
        const ok = await fetch(`http://127.0.0.1:${p.httpPort}/readyz`).then(
          (r) => r.status === 200,
          () => false,
        );
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
    return this.procs
      .filter((p) => !target || p.target === target)
      .map((p) => p.output.join(''))
      .join('\n');
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

  /**
   * Split: adds the gRPC methods its processes have called so far (their
   * herald_grpc_call_duration_seconds counts) to `<RPC_CALLS_VARIABLE dir>/<namespace>.json`,
   * which jest's global teardown checks against every contract (rpc-coverage.ts).
   */
  async noteRpcCalls() {
    const dir = process.env[RPC_CALLS_VARIABLE];
    if (this.kind !== 'split' || !dir) return;
    const file = path.join(dir, `${this.namespace}.json`);
    const called = new Set<string>(fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : []);
    const running = this.procs.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
    for (const p of running) {
      const text = await fetch(`http://127.0.0.1:${p.httpPort}/metrics`).then(
        (r) => r.text(),
        () => '',
      );
      for (const m of text.matchAll(/^herald_grpc_call_duration_seconds_count\{([^}]*)\} (\d+)/gm)) {
        const labels = Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
        if (Number(m[2]) > 0) called.add(`${labels.service}/${labels.method}`);
      }
    }
    fs.writeFileSync(file, JSON.stringify([...called].sort()));
  }

  async stop() {
    unstopped.delete(this);
    await this.noteRpcCalls();
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

/** Stops the shared topologies and servers this process holds (a run in band: jest's global teardown runs in the process of the tests). */
export async function stopShared() {
  const all = [...worker.shared.values()];
  worker.shared.clear();
  await Promise.all(
    all.map((t) =>
      t.then(
        (x) => Topology.prototype.stop.call(x),
        () => undefined,
      ),
    ),
  );
  // After the topologies: an SMTP sink waits for its clients (their pools) to hang up.
  const closers = [...workerClosers];
  workerClosers.clear();
  await Promise.all(closers.map(async (close) => close()).map((p) => p.catch(() => undefined)));
}

/**
 * Topologies whose test process is gone (a killed run, a worker that exited without stopping its
 * shared topologies): their processes killed, databases dropped and directories removed (their
 * queues, left without consumers, go with the global setup's queue sweep). A process is killed only while it still runs Herald's main.js (a pid
 * reused since is left alone).
 */
export async function sweepStaleTopologies() {
  for (const dir of fs.readdirSync(os.tmpdir()).filter((d) => /^herald-t[0-9a-f]{8}-/.test(d))) {
    const full = path.join(os.tmpdir(), dir);
    if (heldByLiveProcess(path.join(full, OWNER_PID_FILE))) continue;
    const pids = fs.existsSync(path.join(full, PIDS_FILE)) ? fs.readFileSync(path.join(full, PIDS_FILE), 'utf8').split('\n').map(Number).filter(Boolean) : [];
    for (const pid of pids) {
      try {
        if (fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(MAIN)) process.kill(pid, 'SIGKILL');
      } catch {
        // gone, or not a Herald of ours
      }
    }
    const ns = dir.split('-')[1];
    await dropDatabase(`herald_${ns}`, { ignoreErrors: true });
    fs.rmSync(full, { recursive: true, force: true });
  }
}

/** Deletes the RabbitMQ queues and exchanges a namespace created (each service's events queue and work queues). */
export async function deleteBrokerObjects(ns: string, registry: Registry) {
  const queues = registry.services.flatMap((s) => [`${s.name}.events`, ...(s.work ?? []).map((w) => w.queue)]);
  await deleteQueues(
    queues.flatMap((q) => [`${ns}.${q}`, `${ns}.${q}.dlq`]),
    [`${ns}.herald.events`, `${ns}.herald.events.dlx`],
  );
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
