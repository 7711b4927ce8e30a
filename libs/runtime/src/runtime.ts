import http from 'node:http';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import express from 'express';
import { AggregatorRegistry, MetricObjectWithValues, MetricValue } from 'prom-client';
import * as grpc from '@grpc/grpc-js';
import { HealthImplementation, service as healthService } from 'grpc-health-check';
import { Config, logger, metrics } from '../../kit/src';
import { Db, ensureDatabase, migrate as runMigrations } from '../../db/src';
import { startEmbeddedPostgres } from '../../db/src/embedded';
import { AmqpTransport, InboxPruner, MemoryTransport, Relay, Subscription, Transport } from '../../bus/src';
import { GRPC_MESSAGE_LIMITS, SERVICES, ServiceName, definitionOf, grpcClient, grpcImplementation, inProcessClient, metaFromContext } from '../../contracts/src';
import type { DomainEvent } from '../../contracts/src/events';
import type { Clients, HeraldModule, HttpFront, ModuleContext, ModuleFactory, ProvidedHandlers } from './module';
import { linkClient, serveOverLink, ThreadLink } from './thread';

/**
 * All-in-one on more than one core runs as two threads: `gateway` (HTTP, the main thread) and
 * `services` (every other module, on a worker thread), so the HTTP work and the services' work
 * (statements, relays, consumers, sending) do not queue behind each other on one event loop. They
 * call each other over a ThreadLink (protobuf messages, as over gRPC) and share domain events
 * through their linked in-memory transports. `whole`: every module on one thread.
 */
export type ThreadRole = 'whole' | 'gateway' | 'services';

/** What the services thread reports once started: the services it serves and the event types it takes. */
interface ServicesStarted {
  services: ServiceName[];
  types: string[];
}

/** An error message naming unknown targets, or undefined when every TARGET exists. */
export function checkTargets(targets: string[], registry: Record<string, ModuleFactory>): string | undefined {
  const unknown = targets.filter((t) => t !== 'all' && t !== 'migrate' && !registry[t]);
  return unknown.length ? `Unknown TARGET "${unknown.join(',')}". Known targets: all, migrate, ${Object.keys(registry).join(', ')}` : undefined;
}

/**
 * From SIGTERM, how long a stopping process gives its requests, calls and running work items
 * together (HTTP and gRPC are cut after 5 s each); runMain forces the exit at 15 s.
 */
const DRAIN_MS = 11_000;

/** Metrics of the process as a whole (CPU, memory, event loop of the main thread): reported by the main thread only. */
const PROCESS_METRIC = /^(process_|nodejs_)/;

const HealthClient = grpc.makeGenericClientConstructor(healthService as grpc.ServiceDefinition, 'Health');
/** Split default: the local PostgreSQL, as the operating-system user (like psql does). */
const defaultSplitDb = () => `postgres://${encodeURIComponent(os.userInfo().username)}@127.0.0.1:5432/herald`;

/**
 * Runs the modules TARGET names in this process: one HTTP server (ops endpoints + the gateway's
 * routes), one gRPC server when other processes may call in, one bus transport, relays for every
 * outbox. `all` runs every module and needs nothing but itself (embedded PostgreSQL by default).
 */
export class Runtime {
  private modules: HeraldModule[] = [];
  private pools = new Map<string, Db>();
  private relays: Relay[] = [];
  /** One per schema whose subscriptions keep an inbox. */
  private pruners = new Map<string, InboxPruner>();
  private provided: Partial<ProvidedHandlers> = {};
  private remote = new Map<string, ReturnType<typeof grpcClient>>();
  /** Clients of the services in this process (or its other thread), made once. */
  private near = new Map<string, unknown>();
  private remoteHealth = new Map<string, { ok: boolean; at: number; client: grpc.Client }>();
  private httpServer?: http.Server;
  private grpcServer?: grpc.Server;
  private health = new HealthImplementation({ '': 'NOT_SERVING' });
  private stopEmbedded?: () => Promise<void>;
  private stopping = false;
  private databaseUrl?: string;
  transport!: Transport;
  readonly app = express();
  private fronts: HttpFront[] = [];
  httpPort = 0;
  grpcPort = 0;
  private worker?: { thread: Worker; link: ThreadLink; services: Set<ServiceName> };

  /** `link`: the services thread's side of the link to the gateway thread. */
  constructor(
    private readonly config: Config,
    private readonly registry: Record<string, ModuleFactory>,
    private readonly role: ThreadRole = 'whole',
    private readonly link?: ThreadLink,
  ) {}

  /** The role of the main thread: all-in-one takes a second thread when there is a core for it. */
  static mainRole(config: Config): ThreadRole {
    const threads = config.ALL_IN_ONE_THREADS ?? (os.availableParallelism() > 1 ? 2 : 1);
    // The threads share events through their in-memory transports; with RabbitMQ, one thread.
    return config.targets.includes('all') && config.busTransport === 'memory' && threads > 1 ? 'gateway' : 'whole';
  }

  private selectModules(): HeraldModule[] {
    const problem = checkTargets(this.config.targets, this.registry);
    if (problem) throw new Error(problem);
    let names = this.config.targets.includes('all') || this.config.targets.includes('migrate') ? Object.keys(this.registry) : this.config.targets;
    if (this.role === 'gateway') names = names.filter((n) => !(n in SERVICES));
    if (this.role === 'services') names = names.filter((n) => n in SERVICES);
    const chosen = names.map((n) => this.registry[n]());
    // Dependencies first, so in-process APIs exist before their callers start.
    const order: HeraldModule[] = [];
    const visit = (m: HeraldModule) => {
      if (order.includes(m)) return;
      for (const d of m.deps) {
        const dep = chosen.find((c) => c.name === d);
        if (dep) visit(dep);
      }
      order.push(m);
    };
    chosen.forEach(visit);
    return order;
  }

  private get allInOne() {
    return this.config.targets.includes('all');
  }

  private async resolveDatabase() {
    if (this.config.DATABASE_URL) {
      this.databaseUrl = this.config.DATABASE_URL;
    } else if (this.allInOne) {
      const pg = await startEmbeddedPostgres(this.config.dataDir, this.config.EMBEDDED_PG_PORT);
      this.databaseUrl = pg.url;
      this.stopEmbedded = pg.stop;
      logger.info({ dataDir: this.config.dataDir, port: this.config.EMBEDDED_PG_PORT }, 'embedded PostgreSQL started');
      return;
    } else {
      this.databaseUrl = defaultSplitDb();
    }
    const urls = new Set([this.databaseUrl, ...this.modules.map((m) => this.config.databaseUrlFor(m.name)).filter(Boolean)]);
    for (const url of urls) await ensureDatabase(url!);
  }

  private db(service: string): Db {
    const url = this.config.databaseUrlFor(service) ?? this.databaseUrl!;
    let db = this.pools.get(url);
    if (!db) {
      db = new Db(url, Number(process.env.DB_POOL_MAX ?? 10));
      this.pools.set(url, db);
    }
    return db;
  }

  private clientFor<K extends ServiceName>(name: K) {
    const near = this.near.get(name);
    if (near) return near;
    const local = this.provided[name];
    if (local || this.worker?.services.has(name)) {
      const client = local
        ? inProcessClient(definitionOf(name), local as any)
        : linkClient(this.worker!.link, name, definitionOf(name), { metaOf: metaFromContext, deadlineMs: this.config.GRPC_DEADLINE_MS });
      this.near.set(name, client);
      return client;
    }
    let client = this.remote.get(name);
    if (!client) {
      client = grpcClient(definitionOf(name), SERVICES[name].fullName, this.addressOf(name), { deadlineMs: this.config.GRPC_DEADLINE_MS });
      this.remote.set(name, client);
    }
    return client;
  }

  private addressOf(name: ServiceName): string {
    return this.config[SERVICES[name].addrVar];
  }

  private context(): ModuleContext {
    const clients = Object.fromEntries(Object.keys(SERVICES).map((n) => [n, () => this.clientFor(n as ServiceName)])) as unknown as Clients;
    return {
      config: this.config,
      db: (service) => this.db(service),
      migrate: async (service, db, migrations) => {
        const n = await runMigrations(db, service, migrations);
        if (n) logger.info({ service, applied: n }, 'migrations applied');
      },
      clients,
      provide: (service, handlers) => {
        (this.provided as any)[service] = handlers;
        if (this.link) serveOverLink(this.link, service, definitionOf(service), handlers as any);
        if (this.grpcServer) {
          const def = definitionOf(service);
          this.grpcServer.addService(def, grpcImplementation(def, handlers as any));
        }
      },
      relay: (db, schema, opts) => {
        this.relays.push(new Relay(db, schema, this.transport, opts?.spacingMs));
      },
      subscribe: (sub: Subscription) => {
        if (!this.pruners.has(sub.schema)) this.pruners.set(sub.schema, new InboxPruner(sub.db, sub.schema, this.config.INBOX_RETENTION_DAYS * 86_400_000));
        return this.transport.subscribe(sub);
      },
      work: (sub) => this.transport.work(sub),
      transport: this.transport,
      http: this.app,
      httpFront: (front) => this.fronts.push(front),
      grpcServer: this.grpcServer,
    };
  }

  /** TARGET=migrate: apply every service's migrations, then return. */
  async migrateOnly() {
    this.modules = this.selectModules();
    await this.resolveDatabase();
    this.transport = new MemoryTransport();
    const ctx = this.context();
    for (const m of this.modules) await m.migrateOnly?.(ctx);
  }

  async start() {
    this.modules = this.selectModules();
    const servesGrpc = !this.allInOne && this.modules.some((m) => m.name in SERVICES);
    await this.resolveDatabase();

    this.transport = this.config.busTransport === 'amqp' ? new AmqpTransport(this.config.AMQP_URL, this.config.HERALD_NAMESPACE ? `${this.config.HERALD_NAMESPACE}.` : '') : new MemoryTransport();
    await this.transport.start();
    if (this.role === 'services') return this.startServices();
    if (this.role === 'gateway') await this.startServicesThread();

    this.mountOps();
    if (servesGrpc) {
      this.grpcServer = new grpc.Server(GRPC_MESSAGE_LIMITS);
      this.health.addToServer(this.grpcServer);
    }
    const ctx = this.context();
    for (const m of this.modules) {
      await m.start(ctx);
      logger.info({ module: m.name }, 'module started');
    }
    // Remote services this process calls: create their clients now so /readyz checks them.
    for (const dep of new Set(this.modules.flatMap((m) => m.deps))) {
      if (dep in SERVICES && dep in this.registry && !(dep in this.provided)) this.clientFor(dep as ServiceName);
    }
    if (this.worker) {
      // The services thread publishes once it knows what this thread's subscribers take.
      const transport = this.transport as MemoryTransport;
      await this.worker.link.call('begin', transport.subscribedTypes());
    }
    for (const r of this.relays) r.start();
    for (const p of this.pruners.values()) p.start();

    if (this.grpcServer) {
      const first = this.modules.find((m) => m.name in SERVICES)!.name as ServiceName;
      const port = this.config.GRPC_PORT ?? SERVICES[first].grpcPort;
      this.grpcPort = await new Promise<number>((resolve, reject) =>
        this.grpcServer!.bindAsync(`${this.config.GRPC_HOST}:${port}`, grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
      );
      this.health.setStatus('', 'SERVING');
      logger.info({ port: this.grpcPort }, 'gRPC listening');
    }
    const defaultHttp = this.allInOne || this.modules.some((m) => m.name === 'gateway') ? 8080 : SERVICES[this.modules[0].name as ServiceName]?.httpPort ?? 8080;
    const port = this.config.PORT ?? defaultHttp;
    const fronts = this.fronts;
    this.httpServer = http.createServer((req, res) => {
      for (const front of fronts) if (front(req, res)) return;
      this.app(req, res);
    });
    this.httpServer.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve, reject) => {
      this.httpServer!.once('error', reject);
      this.httpServer!.listen(port, this.config.HOST, () => resolve());
    });
    this.httpPort = (this.httpServer.address() as any).port;
    logger.info({ port: this.httpPort, targets: this.config.targets }, 'HTTP listening');
  }

  /**
   * Gateway thread: starts the services thread (on the database this thread resolved) and waits
   * until its modules have started; their APIs are then called over the link, and the events each
   * side's subscribers take cross it. If the services thread dies, so does the process.
   */
  private async startServicesThread() {
    const thread = new Worker(require.main!.filename, {
      workerData: { heraldThread: 'services' },
      env: { ...process.env, DATABASE_URL: this.databaseUrl },
    });
    const link = new ThreadLink(thread);
    thread.on('error', (err) => {
      logger.fatal({ err }, 'the services thread failed');
      process.exit(1);
    });
    thread.on('exit', (code) => {
      link.close(new Error('the services thread has stopped'));
      if (!this.stopping) {
        logger.fatal({ code }, 'the services thread exited');
        process.exit(1);
      }
    });
    const started = await link.call<ServicesStarted>('start');
    this.worker = { thread, link, services: new Set(started.services) };
    const takes = new Set(started.types);
    const transport = this.transport as MemoryTransport;
    transport.link({ takes: (t) => takes.has(t), publish: (events) => link.call('bus', events) });
    link.on('bus', (events: DomainEvent[]) => transport.fromPeer(events));
  }

  /** Services thread, once started: what it serves and the event types its subscribers take. */
  servicesStarted(): ServicesStarted {
    return { services: Object.keys(this.provided) as ServiceName[], types: (this.transport as MemoryTransport).subscribedTypes() };
  }

  /** Services thread: modules start, relays wait for `begin` (see startServicesThread). */
  private async startServices() {
    const link = this.link!;
    const transport = this.transport as MemoryTransport;
    link.on('bus', (events: DomainEvent[]) => transport.fromPeer(events));
    link.on('begin', async (types: string[]) => {
      const takes = new Set(types);
      transport.link({ takes: (t) => takes.has(t), publish: (events) => link.call('bus', events) });
      for (const r of this.relays) r.start();
      for (const p of this.pruners.values()) p.start();
    });
    link.on('ready', () => this.readiness());
    link.on('metrics', async () => (await metrics.registry.getMetricsAsJSON()).filter((m) => !PROCESS_METRIC.test(m.name)));
    const ctx = this.context();
    for (const m of this.modules) {
      await m.start(ctx);
      logger.info({ module: m.name }, 'module started');
    }
  }

  /** What /readyz reports for this thread's modules, bus and remote services. */
  private async readiness(): Promise<Record<string, boolean>> {
    const checks: Record<string, boolean> = {};
    for (const m of this.modules) checks[m.name] = m.ready();
    checks.bus = this.transport.ready();
    for (const [name] of this.remote) checks[`remote:${name}`] = await this.remoteReady(name as ServiceName);
    return checks;
  }

  private mountOps() {
    this.app.disable('x-powered-by');
    // API answers are not cached by clients; hashing every body for an ETag only costs CPU.
    this.app.set('etag', false);
    this.app.get('/healthz', (_req, res) => {
      res.json({ status: 'ok' });
    });
    this.app.get('/readyz', async (_req, res) => {
      const checks = await this.readiness();
      if (this.worker) {
        const theirs = await this.worker.link.call<Record<string, boolean>>('ready', undefined, 2000).catch((): Record<string, boolean> => ({ services: false }));
        Object.assign(checks, theirs, { bus: checks.bus && theirs.bus !== false });
      }
      const ok = Object.values(checks).every(Boolean);
      res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'not ready', checks });
    });
    this.app.get('/metrics', async (_req, res) => {
      res.set('Content-Type', metrics.registry.contentType);
      if (!this.worker) return void res.send(await metrics.registry.metrics());
      // Both threads' metrics in one exposition: the same series summed (process metrics are this thread's).
      const theirs = await this.worker.link
        .call<Array<MetricObjectWithValues<MetricValue<string>>>>('metrics', undefined, 5000)
        .catch((err: unknown) => (logger.warn({ err: (err as Error).message }, 'no metrics from the services thread'), []));
      res.send(await AggregatorRegistry.aggregate([await metrics.registry.getMetricsAsJSON(), theirs]).metrics());
    });
  }

  /** A remote service is ready when its gRPC health check says SERVING (cached for 2 s). */
  private async remoteReady(name: ServiceName): Promise<boolean> {
    const cached = this.remoteHealth.get(name);
    if (cached && Date.now() - cached.at < 2000) return cached.ok;
    const client = cached?.client ?? new HealthClient(this.addressOf(name), grpc.credentials.createInsecure());
    const ok = await new Promise<boolean>((resolve) =>
      (client as any).Check({ service: '' }, { deadline: Date.now() + 1000 }, (err: unknown, res: any) => resolve(!err && res?.status === 'SERVING')),
    );
    this.remoteHealth.set(name, { ok, at: Date.now(), client });
    return ok;
  }

  /**
   * Stops in reverse order after draining: HTTP stops accepting and finishes its requests, the bus
   * takes no new work and waits for what is running, modules stop, relays finish, pools close.
   * `drainUntil`: the services thread gets the main thread's deadline (one budget from SIGTERM).
   */
  async stop(drainUntil = Date.now() + DRAIN_MS) {
    this.stopping = true;
    this.health.setStatus('', 'NOT_SERVING');
    await new Promise<void>((resolve) => {
      if (!this.httpServer) return resolve();
      this.httpServer.close(() => resolve());
      this.httpServer.closeIdleConnections();
      setTimeout(() => this.httpServer?.closeAllConnections(), 5000).unref();
    });
    if (this.grpcServer) {
      const server = this.grpcServer;
      await new Promise<void>((resolve) => {
        const force = setTimeout(() => server.forceShutdown(), 5000).unref();
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      });
    }
    if (this.worker) {
      // The services drain and stop (their own transport, modules, relays, pools) while this
      // thread's relays can still take the events they hand over.
      await this.worker.link.call('stop', drainUntil).catch((err) => logger.warn({ err: (err as Error).message }, 'the services thread did not stop cleanly'));
      await this.worker.thread.terminate();
    }
    // Emails being sent (and events being handled) finish before their modules close.
    await this.transport?.quiesce(Math.max(0, drainUntil - Date.now())).catch((err) => logger.warn({ err }, 'could not drain the bus'));
    for (const m of [...this.modules].reverse()) await m.stop().catch((err) => logger.error({ err, module: m.name }, 'stop failed'));
    for (const r of this.relays) await r.stop();
    for (const p of this.pruners.values()) await p.stop();
    await this.transport?.stop();
    for (const c of this.remote.values()) c.close();
    for (const h of this.remoteHealth.values()) h.client.close();
    for (const db of this.pools.values()) await db.close().catch(() => undefined);
    await this.stopEmbedded?.();
  }
}

