import type { IncomingMessage, ServerResponse } from 'node:http';
import type express from 'express';
import type Redis from 'ioredis';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { z } from 'zod';
import type { BatchEventHandler, EventHandler, WorkHandler } from '../../bus/src';
import type { ClientOf, Contract, DomainEventType, HandlersOf } from '../../contracts/src';
import type { Db, Migration } from '../../db/src';
import type { Route } from '../../edge/src';
import type { Config, SettingsSlice, Timer } from '../../kit/src';

/**
 * Where a service runs in the all-in-one process: `edge` beside the HTTP server on the main thread
 * (the gateway), `services` on the services thread with the others. In split every service is a
 * process of its own.
 */
export type Placement = 'edge' | 'services';

/** A work queue a service consumes: competing workers, one queue per lane (see WorkSubscription). */
export interface WorkQueue {
  queue: string;
  type: DomainEventType;
  lane: string;
}

/**
 * Everything the runtime, the split launcher, the deploy checks and the docs need to know of a
 * service, in one place. `defineService` in the service's folder, one line in services/all's
 * registry, and the runtime derives the rest: its process or thread, its ports and address
 * (`<NAME>_ADDR`), its clients, its schema's migrations, outbox relay, inbox and dead letters.
 */
export interface ServiceDescriptor<
  Slice extends SettingsSlice = SettingsSlice,
  Calls extends Record<string, Contract> = Record<string, Contract>,
  Serves extends Contract = Contract,
> {
  /** The TARGET name (and the default name of the service's schema). */
  name: string;
  /** Its gRPC API, served over gRPC in split (on `port`) and in process in all-in-one. */
  grpc?: { contract: Serves; port: number };
  /** The HTTP port of its process in split (ops endpoints; the edge serves the API on it). */
  httpPort: number;
  /**
   * Other TCP ports its processes listen on when their setting names them (messaging's inbound
   * SMTP listener): deployments set `setting` to `port`, and expose it as a named container port
   * and a Service of its own (`herald-<name>-<key>`).
   */
  listeners?: Record<string, Listener>;
  /** Default `services`. */
  placement?: Placement;
  /** How it is deployed: `npm run gen` writes its Kubernetes target, autoscaler, disruption budget, compose service and scrape target from it. */
  deploy: Deployment;
  /** The APIs it calls: `ctx.clients.<key>()` is a typed client of each. */
  calls?: Calls;
  /** Its settings (environment variables), validated where it runs and documented in docs/configuration.md. */
  config?: Slice;
  /**
   * Its PostgreSQL schema; the runtime adds the outbox, inbox and settings tables. Every table of
   * it with a `project_id` column is the project's data: wiped when the project is deleted, and
   * when it is reset unless named in `keepOnReset` (what survives a reset: domains, members,
   * billing). See libs/runtime wipe.ts.
   */
  schema?: { name?: string; migrations: Migration[]; relaySpacingMs?: number; keepOnReset?: string[] };
  /** The work queues it consumes (Running.work gives their handlers). */
  work?: WorkQueue[];
  /** Its public HTTP API, which the edge mounts (in whatever process runs the edge) with a client of this service. */
  routes?: (api: () => ClientOf<Serves>) => Route[];
  start(ctx: ServiceContext<z.infer<Slice>, Calls>): Promise<Running<Serves>>;
}

export type AnyService = ServiceDescriptor<any, any, any>;

/** A TCP listener besides HTTP and gRPC (see ServiceDescriptor.listeners). */
export interface Listener {
  /** The port its processes listen on (non-root: above 1024). */
  port: number;
  /** The setting that names the port. */
  setting: string;
  /** The port of its Kubernetes Service (`herald-<name>-<key>`), where the world reaches it. */
  servicePort: number;
  /** What reaches it, and what to do to publish it (the Service's comment). */
  about: string;
}

/** What `npm run gen` needs of a service beyond its ports (scripts/gen.js). */
export interface Deployment {
  /** What the target does and what it needs (egress, secrets): the head of its manifest. */
  about: string;
  /** Its resources: small 50m/128Mi requested, 500m/384Mi at most; standard 100m/160Mi, 1/512Mi; large 200m/256Mi, 1/768Mi. */
  size: 'small' | 'standard' | 'large';
  /** `cpu`: a CPU HorizontalPodAutoscaler (2–10); `queue`: KEDA on its work queues' depth (deploy/components/keda-sending). */
  scaling: 'cpu' | 'queue';
}

/** A consumer of domain events, handled in the service's schema and deduped by its inbox. */
export interface Consumer {
  handlers: Partial<Record<string, EventHandler>>;
  batchHandlers?: Partial<Record<string, BatchEventHandler>>;
}

/** What a started service hands the runtime to run. */
export interface Running<Serves extends Contract = Contract> {
  /** Required when the descriptor declares `grpc`. */
  grpc?: HandlersOf<Serves>;
  consumer?: Consumer;
  /** A handler for each queue of the descriptor's `work`. */
  work?: Record<string, { handler: WorkHandler; concurrency: number }>;
  timers?: Timer[];
  /** Called after the runtime stopped the service's timers and work, before the pools close. */
  stop?(): Promise<void>;
  ready?(): boolean;
}

/** Sees an HTTP request before Express does: true when it has taken the request. */
export type HttpFront = (req: IncomingMessage, res: ServerResponse) => boolean;

/** What the runtime gives a starting service. */
export interface ServiceContext<Cfg = object, Calls extends Record<string, Contract> = Record<string, Contract>> {
  readonly name: string;
  readonly config: Config & Cfg;
  /** The pool of its database (`<NAME>_DATABASE_URL` or `DATABASE_URL`), its schema migrated. */
  readonly db: Db;
  readonly schema: string;
  readonly clients: { [K in keyof Calls]: () => ClientOf<Calls[K]> };
  /** `memory` in all-in-one (work items live in PostgreSQL and memory), `amqp` in split. */
  readonly transport: 'memory' | 'amqp';
  /** The process's Redis connection when rate limits live in Redis (split), shared by its services. */
  redis(): Promise<Redis | undefined>;
  /**
   * `points` per `durationSec` per key, across replicas through Redis when the process uses it
   * (in memory as insurance while Redis is unreachable), else in memory.
   */
  limiter(name: string, points: number, durationSec: number): Promise<RateLimiterAbstract>;
  /**
   * A secret setting: its configured value, or — outside production — one generated once and kept
   * in the service's schema (`settings`), so restarts and replicas share it.
   */
  secret(variable: string): Promise<string>;
  /** The process's HTTP app (ops endpoints are on it); the edge mounts the API on it. */
  readonly http: express.Express;
  /** Adds a handler that sees every HTTP request before `http` (the gateway's fast lane). */
  httpFront(front: HttpFront): void;
  /** The edge: every other registered service's routes, bound to a client of that service. */
  serviceRoutes(): Route[];
  /** Every registered service that keeps a schema, so holds project data (each confirms a project's wipe). */
  readonly dataServices: string[];
}

/** Types a descriptor from its own fields (the slice, the contracts it serves and calls). */
export function defineService<Slice extends SettingsSlice, Calls extends Record<string, Contract>, Serves extends Contract>(
  d: ServiceDescriptor<Slice, Calls, Serves>,
): ServiceDescriptor<Slice, Calls, Serves> {
  return d;
}
