import type { IncomingMessage, ServerResponse } from 'node:http';
import type express from 'express';
import type * as grpc from '@grpc/grpc-js';
import type { Config } from '../../kit/src';
import type { Db, Migration } from '../../db/src';
import type { Subscription, Transport, WorkSubscription } from '../../bus/src';
import type { Apis, Handlers } from '../../contracts/src';

/** The service APIs a module can call; each resolves to an in-process or a gRPC client. */
export type Clients = { [K in keyof Apis]: () => Apis[K] };

export type ProvidedHandlers = Handlers;

/** Sees an HTTP request before the app does: true when it has taken the request, false to leave it to the app. */
export type HttpFront = (req: IncomingMessage, res: ServerResponse) => boolean;

/** What the runner gives a module: its database, the bus, clients of other services, the servers. */
export interface ModuleContext {
  config: Config;
  /** The pool for a service's database (one pool per distinct URL per process). */
  db(service: string): Db;
  migrate(service: string, db: Db, migrations: Migration[]): Promise<void>;
  clients: Clients;
  /** Serves a gRPC service from this module (in process always; over gRPC when other processes may call). */
  provide<K extends keyof ProvidedHandlers>(service: K, handlers: ProvidedHandlers[K]): void;
  /**
   * Starts publishing the schema's outbox. Under load a batch starts at most every `spacingMs`
   * (default `RELAY_SPACING_MS`, 20; see libs/bus/src/relay.ts).
   */
  relay(db: Db, schema: string, opts?: { spacingMs?: number }): void;
  subscribe(sub: Subscription): Promise<void>;
  /** Consumes a work queue (competing workers; see WorkSubscription). */
  work(sub: WorkSubscription): Promise<void>;
  transport: Transport;
  /** The process's HTTP app (ops endpoints are already on it); only the gateway adds routes. */
  http: express.Express;
  /** Adds a handler that sees every HTTP request before `http` (the gateway's track fast lane). */
  httpFront(front: HttpFront): void;
  grpcServer?: grpc.Server;
}

export interface HeraldModule {
  name: string;
  /** Modules whose APIs this one calls; started first when they share the process. */
  deps: string[];
  start(ctx: ModuleContext): Promise<void>;
  stop(): Promise<void>;
  ready(): boolean;
  /** Applies the module's migrations and returns (TARGET=migrate). */
  migrateOnly?(ctx: ModuleContext): Promise<void>;
}

export type ModuleFactory = () => HeraldModule;
