import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import express from 'express';
import Redis from 'ioredis';
import { AggregatorRegistry, MetricObjectWithValues, MetricValue } from 'prom-client';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import * as grpc from '@grpc/grpc-js';
import { HealthImplementation, service as healthService } from 'grpc-health-check';
import { addressInUse, Config, logger, metrics, PortTaken, stopTracing, Ticker } from '../../kit/src';
import { Db, ensureDatabase, migrate as runMigrations, Migration } from '../../db/src';
import { startEmbeddedPostgres } from '../../db/src/embedded';
import {
  AmqpTransport,
  busMigrations,
  inboxPruneTimer,
  inConsumerSpans,
  MemoryTransport,
  redeliveryTimer,
  Relay,
  sampleDeadLetters,
  sampleOutbox,
  type Subscription,
  Transport,
} from '../../bus/src';
import { GRPC_MESSAGE_LIMITS, grpcClient, grpcImplementation, inProcessClient } from '../../contracts/src';
import type { DomainEvent } from '../../contracts/src/events';
import type { Route } from '../../edge/src';
import type { Registry } from './registry';
import type { AnyService, HttpFront, Running, ServiceContext } from './service';
import { internalToken } from './internal-token';
import { wipeHandler } from './wipe';
import { linkClient, serveOverLink, ThreadLink } from './thread';

/**
 * All-in-one on more than one core runs as two threads: `edge` (HTTP and the edge service, the
 * main thread) and `services` (every other service, on a worker thread), so the HTTP work and the
 * services' work (statements, relays, consumers, sending) do not queue behind each other on one
 * event loop. They call each other over a ThreadLink (protobuf messages, as over gRPC) and share
 * domain events through their linked in-memory transports. `whole`: every service on one thread.
 */
export type ThreadRole = 'whole' | 'edge' | 'services';

/** What the services thread reports once started: the services it serves and the event types it takes. */
interface ServicesStarted {
  services: string[];
  types: string[];
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

export const schemaOf = (s: AnyService) => s.schema?.name ?? s.name;

/** A service's migrations: the tables every service schema carries (outbox, inbox, failed events, settings), then its own. */
export function migrationsOf(s: AnyService): Migration[] {
  const schema = schemaOf(s);
  return [
    ...busMigrations(schema),
    { id: '000_settings', sql: `CREATE TABLE IF NOT EXISTS "${schema}".settings (key text PRIMARY KEY, value text NOT NULL);` },
    ...(s.schema?.migrations ?? []),
  ];
}

/** A started service and what the runtime runs for it. */
interface Started {
  service: AnyService;
  running: Running;
  tickers: Ticker[];
}

/**
 * Runs the services TARGET names in this process: one HTTP server (ops endpoints, and the API when
 * the edge runs here), one gRPC server when other processes may call in, one bus transport, a
 * relay for every outbox. `all` runs every service and needs nothing but itself (embedded
 * PostgreSQL by default).
 */
export class Runtime {
  private selected: AnyService[] = [];
  private started: Started[] = [];
  private pools = new Map<string, Db>();
  private relays: Relay[] = [];
  /** Removes the scrape hooks of this process's gauges (outbox backlog, dead letters). */
  private unsample: Array<() => void> = [];
  /** The consumers of each schema: its inbox is pruned and their failed events retried (see startBackground). */
  private consumers = new Map<string, { db: Db; subs: Subscription[] }>();
  /** The timers of the process itself (inbox pruning, redelivery), started once every service has. */
  private background: Ticker[] = [];
  /** Handlers of the services this thread serves, by service. */
  private provided = new Map<string, Record<string, unknown>>();
  private remote = new Map<string, ReturnType<typeof grpcClient>>();
  /** Clients of the services in this process (or its other thread), made once. */
  private near = new Map<string, unknown>();
  private remoteHealth = new Map<string, { ok: boolean; at: number; client: grpc.Client }>();
  private redisClient?: Promise<Redis>;
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
  private worker?: { thread: Worker; link: ThreadLink; services: Set<string> };
  /** INTERNAL_TOKEN (see internalToken): what this process's gRPC calls carry and its gRPC server checks. */
  private internalToken?: string;

  /** `link`: the services thread's side of the link to the edge thread. */
  constructor(
    private readonly config: Config,
    private readonly registry: Registry,
    private readonly role: ThreadRole = 'whole',
    private readonly link?: ThreadLink,
  ) {}

  /** The role of the main thread: all-in-one takes a second thread when there is a core for it. */
  static mainRole(config: Config): ThreadRole {
    const threads = config.ALL_IN_ONE_THREADS ?? (os.availableParallelism() > 1 ? 2 : 1);
    // The threads share events through their in-memory transports; with RabbitMQ, one thread.
    return config.targets.includes('all') && config.busTransport === 'memory' && threads > 1 ? 'edge' : 'whole';
  }

  /** The services this thread runs, in start order. */
  private select(): AnyService[] {
    const problem = this.registry.checkTargets(this.config.targets);
    if (problem) throw new Error(problem);
    return this.registry.select(this.config.targets, this.role === 'whole' ? undefined : this.role);
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
      logger.info(
        { dataDir: this.config.dataDir, databaseDir: pg.databaseDir, binaries: pg.binDir, port: pg.port, postgresPid: pg.pid, watchdogPid: pg.watchdogPid },
        'embedded PostgreSQL started',
      );
      return;
    } else {
      this.databaseUrl = defaultSplitDb();
    }
    const urls = new Set([this.databaseUrl, ...this.selected.map((s) => this.config.databaseUrlFor(s.name)).filter(Boolean)]);
    for (const url of urls) await ensureDatabase(url!);
  }

  private db(service: string): Db {
    const url = this.config.databaseUrlFor(service) ?? this.databaseUrl!;
    let db = this.pools.get(url);
    if (!db) {
      db = new Db(url, this.config.DB_POOL_MAX);
      this.pools.set(url, db);
    }
    return db;
  }

  private clientFor(name: string) {
    const near = this.near.get(name);
    if (near) return near;
    const contract = this.registry.get(name).grpc!.contract;
    const local = this.provided.get(name);
    if (local || this.worker?.services.has(name)) {
      const client = local
        ? inProcessClient(contract.definition(), local as any)
        : linkClient(this.worker!.link, name, contract.definition(), { deadlineMs: this.config.GRPC_DEADLINE_MS });
      this.near.set(name, client);
      return client;
    }
    let client = this.remote.get(name);
    if (!client) {
      client = grpcClient(contract.definition(), contract.fullName, this.registry.addressOf(name, process.env), {
        deadlineMs: this.config.GRPC_DEADLINE_MS,
        internalToken: this.internalToken!,
      });
      this.remote.set(name, client);
    }
    return client;
  }

  /** The process's Redis connection (split's rate limits and caches), made at first use. */
  private redis(): Promise<Redis | undefined> {
    if (this.config.rateLimitStore !== 'redis') return Promise.resolve(undefined);
    this.redisClient ??= (async () => {
      const redis = new Redis(this.config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
      redis.on('error', (err) => logger.warn({ err: err.message }, 'Redis error'));
      await redis.connect();
      return redis;
    })();
    return this.redisClient;
  }

  private async limiter(name: string, points: number, duration: number): Promise<RateLimiterAbstract> {
    const keyPrefix = `${this.config.HERALD_NAMESPACE ? `${this.config.HERALD_NAMESPACE}:` : ''}herald:${name}`;
    const memory = new RateLimiterMemory({ points, duration, keyPrefix });
    const redis = await this.redis();
    return redis ? new RateLimiterRedis({ storeClient: redis, points, duration, keyPrefix, insuranceLimiter: memory }) : memory;
  }

  /** A secret setting's value, or one generated once into the schema's settings (never in production). */
  private async secret(service: AnyService, db: Db, variable: string): Promise<string> {
    const configured = (this.config as unknown as Record<string, unknown>)[variable];
    if (typeof configured === 'string' && configured) return configured;
    if (this.config.NODE_ENV === 'production') throw new Error(`${variable} must be set when NODE_ENV=production (for example: openssl rand -hex 32)`);
    const schema = schemaOf(service);
    const key = variable.toLowerCase();
    await db.query(`INSERT INTO "${schema}".settings (key, value) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [key, crypto.randomBytes(32).toString('hex')]);
    return (await db.query(`SELECT value FROM "${schema}".settings WHERE key = $1`, [key]))[0].value;
  }

  /** The edge's view: the routes of every other service, each bound to a client of its service. */
  private serviceRoutes(edge: AnyService): Route[] {
    return this.registry.services.filter((s) => s.routes && s !== edge).flatMap((s) => s.routes!(() => this.clientFor(s.name) as any));
  }

  private context(s: AnyService): ServiceContext {
    const db = this.db(s.name);
    const clients = Object.fromEntries(Object.entries(s.calls ?? {}).map(([key, c]) => [key, () => this.clientFor((c as { name: string }).name)]));
    return {
      name: s.name,
      config: this.config,
      db,
      schema: schemaOf(s),
      clients: clients as ServiceContext['clients'],
      transport: this.transport.name,
      redis: () => this.redis(),
      limiter: (name, points, duration) => this.limiter(name, points, duration),
      secret: (variable) => this.secret(s, db, variable),
      http: this.app,
      httpFront: (front) => this.fronts.push(front),
      serviceRoutes: () => this.serviceRoutes(s),
      dataServices: this.registry.services.filter((x) => x.schema).map((x) => x.name),
    };
  }

  private async migrate(s: AnyService) {
    if (!s.schema) return;
    const n = await runMigrations(this.db(s.name), schemaOf(s), migrationsOf(s));
    if (n) logger.info({ service: s.name, applied: n }, 'migrations applied');
  }

  /** Starts a service and what it runs: its API, outbox relay, consumer, work queues and timers. */
  private async startService(s: AnyService) {
    await this.migrate(s);
    const ctx = this.context(s);
    const running: Running = await s.start(ctx);
    if (s.grpc) {
      if (!running.grpc) throw new Error(`${s.name} declares a gRPC API but its start() returned no handlers`);
      this.provide(s, running.grpc as Record<string, unknown>);
    }
    if (s.schema) {
      this.relays.push(new Relay(ctx.db, ctx.schema, this.transport, s.schema.relaySpacingMs));
      this.unsample.push(metrics.onScrape([metrics.outboxBacklog, metrics.outboxOldest], () => sampleOutbox(ctx.db, ctx.schema)));
    }
    if (running.consumer && !s.schema) throw new Error(`${s.name} consumes events but has no schema for its inbox`);
    if (s.schema) {
      // Every service with a schema takes its part in a project's reset or delete (wipe.ts).
      const consumer = running.consumer ?? { handlers: {} };
      const wipe = { 'gateway.project.wipe_requested.v1': wipeHandler(s.name, ctx.db, ctx.schema, s.schema.keepOnReset) };
      const sub = { service: s.name, db: ctx.db, schema: ctx.schema, ...consumer, handlers: { ...consumer.handlers, ...wipe } };
      await this.transport.subscribe(sub);
      if (!this.consumers.has(ctx.schema)) this.consumers.set(ctx.schema, { db: ctx.db, subs: [] });
      this.consumers.get(ctx.schema)!.subs.push(sub);
      this.unsample.push(metrics.onScrape([metrics.busDeadLetterCount], () => sampleDeadLetters(ctx.db, ctx.schema, [sub.service])));
    }
    for (const q of s.work ?? []) {
      const w = running.work?.[q.queue];
      if (!w) throw new Error(`${s.name} declares the work queue ${q.queue} but its start() gave no handler for it`);
      // Each item in a consumer span continuing its trace (the SMTP handoff of a send is in the /v1/send's).
      await this.transport.work({ ...q, ...w, handler: (item, info) => inConsumerSpans(q.queue, [item], () => w.handler(item, info)) });
    }
    const tickers = (running.timers ?? []).map((t) => new Ticker(t));
    tickers.forEach((t) => t.start());
    this.started.push({ service: s, running, tickers });
    logger.info({ service: s.name }, 'service started');
  }

  private provide(s: AnyService, handlers: Record<string, unknown>) {
    this.provided.set(s.name, handlers);
    const definition = s.grpc!.contract.definition();
    if (this.link) serveOverLink(this.link, s.name, definition, handlers as any);
    this.grpcServer?.addService(definition, grpcImplementation(definition, handlers as any, { internalToken: this.internalToken! }));
  }

  /** TARGET=migrate: apply every service's migrations, then return. */
  async migrateOnly() {
    this.selected = this.select();
    await this.resolveDatabase();
    for (const s of this.selected) await this.migrate(s);
  }

  async start() {
    this.selected = this.select();
    const servesGrpc = !this.allInOne && this.selected.some((s) => s.grpc);
    // The services thread of all-in-one neither serves nor calls gRPC, and the main thread has resolved the token.
    if (this.role !== 'services') {
      const names = new Set(this.selected.map((s) => s.name));
      const callsGrpc = !this.allInOne && this.selected.some((s) => this.registry.depsOf(s).some((d) => !names.has(d)));
      this.internalToken = internalToken(this.config, servesGrpc || callsGrpc);
    }
    await this.resolveDatabase();

    this.transport =
      this.config.busTransport === 'amqp'
        ? new AmqpTransport(this.config.AMQP_URL, this.config.HERALD_NAMESPACE ? `${this.config.HERALD_NAMESPACE}.` : '')
        : new MemoryTransport();
    await this.transport.start();
    if (this.role === 'services') return this.startServices();
    if (this.role === 'edge') await this.startServicesThread();

    this.mountOps();
    if (servesGrpc) {
      this.grpcServer = new grpc.Server(GRPC_MESSAGE_LIMITS);
      this.health.addToServer(this.grpcServer);
    }
    for (const s of this.selected) await this.startService(s);
    // Remote services this process calls: create their clients now so /readyz checks them.
    for (const dep of new Set(this.selected.flatMap((s) => this.registry.depsOf(s)))) {
      if (!this.provided.has(dep) && !this.worker?.services.has(dep)) this.clientFor(dep);
    }
    if (this.worker) {
      // The services thread publishes once it knows what this thread's subscribers take.
      const transport = this.transport as MemoryTransport;
      await this.worker.link.call('begin', transport.subscribedTypes());
    }
    this.startBackground();

    if (this.grpcServer) {
      const port = this.config.GRPC_PORT ?? this.selected.find((s) => s.grpc)!.grpc!.port;
      this.grpcPort = await new Promise<number>((resolve, reject) =>
        this.grpcServer!.bindAsync(`${this.config.GRPC_HOST}:${port}`, grpc.ServerCredentials.createInsecure(), (err, p) =>
          err ? reject(addressInUse(err) ? new PortTaken(port, 'gRPC', this.config.GRPC_HOST) : err) : resolve(p),
        ),
      );
      this.health.setStatus('', 'SERVING');
      logger.info({ port: this.grpcPort }, 'gRPC listening');
    }
    // The edge's port wherever the edge runs (all-in-one, or a TARGET list naming it), else the first service's.
    const edge = (this.allInOne ? this.registry.services : this.selected).find((s) => s.placement === 'edge');
    const port = this.config.PORT ?? (edge ?? this.selected[0]).httpPort;
    const fronts = this.fronts;
    this.httpServer = http.createServer((req, res) => {
      for (const front of fronts) if (front(req, res)) return;
      this.app(req, res);
    });
    this.httpServer.keepAliveTimeout = 65_000;
    this.httpServer.on('clientError', answerClientError);
    await new Promise<void>((resolve, reject) => {
      this.httpServer!.once('error', (err) => reject(addressInUse(err) ? new PortTaken(port, 'HTTP', this.config.HOST) : err));
      this.httpServer!.listen(port, this.config.HOST, () => resolve());
    });
    this.httpPort = (this.httpServer.address() as any).port;
    logger.info({ port: this.httpPort, targets: this.config.targets }, 'HTTP listening');
  }

  /**
   * Edge thread: starts the services thread (on the database this thread resolved) and waits
   * until its services have started; their APIs are then called over the link, and the events
   * each side's subscribers take cross it. If the services thread dies, so does the process.
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

  /** Once every service of the thread has started (and its events can reach their subscribers): relays, inbox pruning, retries. */
  private startBackground() {
    for (const r of this.relays) r.start();
    for (const [schema, { db, subs }] of this.consumers) {
      this.background.push(
        new Ticker(inboxPruneTimer(db, schema, this.config.INBOX_RETENTION_DAYS * 86_400_000)),
        new Ticker(redeliveryTimer(db, schema, subs)),
      );
    }
    this.background.forEach((t) => t.start());
  }

  /** Services thread, once started: what it serves and the event types its subscribers take. */
  servicesStarted(): ServicesStarted {
    return { services: [...this.provided.keys()], types: (this.transport as MemoryTransport).subscribedTypes() };
  }

  /** Services thread: services start, relays wait for `begin` (see startServicesThread). */
  private async startServices() {
    const link = this.link!;
    const transport = this.transport as MemoryTransport;
    link.on('bus', (events: DomainEvent[]) => transport.fromPeer(events));
    link.on('begin', async (types: string[]) => {
      const takes = new Set(types);
      transport.link({ takes: (t) => takes.has(t), publish: (events) => link.call('bus', events) });
      this.startBackground();
    });
    link.on('ready', () => this.readiness());
    link.on('metrics', async () => (await metrics.registry.getMetricsAsJSON()).filter((m) => !PROCESS_METRIC.test(m.name)));
    for (const s of this.selected) await this.startService(s);
  }

  /** What /readyz reports for this thread's services, bus, Redis and remote services. */
  private async readiness(): Promise<Record<string, boolean>> {
    const checks: Record<string, boolean> = {};
    for (const s of this.selected) {
      const entry = this.started.find((x) => x.service === s);
      checks[s.name] = !!entry && !this.stopping && (entry.running.ready?.() ?? true);
    }
    checks.bus = this.transport.ready();
    if (this.redisClient) checks.redis = (await this.redisClient.catch(() => undefined))?.status === 'ready';
    for (const [name] of this.remote) checks[`remote:${name}`] = await this.remoteReady(name);
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
        const theirs = await this.worker.link
          .call<Record<string, boolean>>('ready', undefined, 2000)
          .catch((): Record<string, boolean> => ({ services: false }));
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
  private async remoteReady(name: string): Promise<boolean> {
    const cached = this.remoteHealth.get(name);
    if (cached && Date.now() - cached.at < 2000) return cached.ok;
    const client = cached?.client ?? new HealthClient(this.registry.addressOf(name, process.env), grpc.credentials.createInsecure());
    const ok = await new Promise<boolean>((resolve) =>
      (client as any).Check({ service: '' }, { deadline: Date.now() + 1000 }, (err: unknown, res: any) => resolve(!err && res?.status === 'SERVING')),
    );
    this.remoteHealth.set(name, { ok, at: Date.now(), client });
    return ok;
  }

  /**
   * Stops in reverse order after draining: HTTP stops accepting and finishes its requests, the bus
   * takes no new work and waits for what is running, services stop (their timers first), relays
   * finish, connections close.
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
      // The services drain and stop (their own transport, services, relays, pools) while this
      // thread's relays can still take the events they hand over.
      await this.worker.link.call('stop', drainUntil).catch((err) => logger.warn({ err: (err as Error).message }, 'the services thread did not stop cleanly'));
      await this.worker.thread.terminate();
    }
    // Emails being sent (and events being handled) finish before their services close.
    await this.transport?.quiesce(Math.max(0, drainUntil - Date.now())).catch((err) => logger.warn({ err }, 'could not drain the bus'));
    for (const { service, running, tickers } of [...this.started].reverse()) {
      await Promise.all(tickers.map((t) => t.stop()));
      await running.stop?.().catch((err) => logger.error({ err, service: service.name }, 'stop failed'));
    }
    for (const r of this.relays) await r.stop();
    this.unsample.splice(0).forEach((u) => u());
    await Promise.all(this.background.map((t) => t.stop()));
    await this.transport?.stop();
    for (const c of this.remote.values()) c.close();
    for (const h of this.remoteHealth.values()) h.client.close();
    await (await this.redisClient?.catch(() => undefined))?.quit().catch(() => undefined);
    for (const db of this.pools.values()) await db.close().catch(() => undefined);
    await stopTracing();
    await this.stopEmbedded?.();
  }
}

/**
 * What Node's HTTP parser refuses before any handler runs — headers (the request line included)
 * over its limit, a request it cannot parse — answered in the error envelope with a request id,
 * as every other error is, instead of Node's bare status line.
 */
function answerClientError(err: Error & { code?: string }, socket: import('node:stream').Duplex) {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const requestId = crypto.randomUUID();
  const body = JSON.stringify({
    success: false,
    error: tooLarge
      ? {
          code: 'HEADERS_TOO_LARGE',
          message: 'The request line and headers are too large',
          statusCode: status,
          requestId,
          suggestion: 'Send a shorter URL and fewer or smaller headers (16 KB in all).',
        }
      : { code: 'BAD_REQUEST', message: 'The request is not valid HTTP', statusCode: status, requestId, suggestion: 'Check the request line and headers.' },
    timestamp: new Date().toISOString(),
  });
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-ID: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
  );
}
