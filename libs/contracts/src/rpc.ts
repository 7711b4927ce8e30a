import crypto from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import CircuitBreaker from 'opossum';
import {
  AppError,
  currentContext,
  endSpan,
  inSpan,
  isAppError,
  logger,
  metrics,
  RequestContext,
  runWithContext,
  startSpan,
  traceparentOf,
  tracingOn,
  unavailable,
} from '../../kit/src';
import type { AnyDefinition, CallMeta, ServiceClient, ServiceHandlers } from './proto';

const STATUS_BY_HTTP: Record<number, grpc.status> = {
  400: grpc.status.INVALID_ARGUMENT,
  401: grpc.status.UNAUTHENTICATED,
  403: grpc.status.PERMISSION_DENIED,
  404: grpc.status.NOT_FOUND,
  409: grpc.status.ALREADY_EXISTS,
  413: grpc.status.RESOURCE_EXHAUSTED,
  422: grpc.status.INVALID_ARGUMENT,
  429: grpc.status.RESOURCE_EXHAUSTED,
  503: grpc.status.UNAVAILABLE,
};

/** AppError → gRPC status + metadata carrying the machine code and the whole error. */
function toServiceError(err: unknown): Partial<grpc.ServiceError> {
  const metadata = new grpc.Metadata();
  if (isAppError(err)) {
    metadata.set('x-error-code', err.code);
    metadata.set('x-app-error-bin', Buffer.from(JSON.stringify(err.toJSON())));
    return { code: STATUS_BY_HTTP[err.status] ?? grpc.status.UNKNOWN, details: err.message, metadata };
  }
  logger.error({ err }, 'unhandled error in gRPC handler');
  return { code: grpc.status.INTERNAL, details: 'internal error', metadata };
}

/** Services whose refusal of this process's internal token has been logged (once each). */
const refusedBy = new Set<string>();

/**
 * gRPC status → the same AppError the service threw, or a 503 when the peer could not be reached
 * or refused this process's internal token (a deployment fault, not the client's: the service is
 * unavailable to this process until the tokens agree, which a rollout of the token fixes).
 */
function fromServiceError(err: grpc.ServiceError, service: string): AppError {
  const raw = err.metadata?.get('x-app-error-bin')?.[0];
  if (raw) return new AppError(JSON.parse(Buffer.from(raw as Buffer).toString('utf8')));
  if (err.code === grpc.status.UNAVAILABLE || err.code === grpc.status.DEADLINE_EXCEEDED) {
    return unavailable(`${service} did not answer (${grpc.status[err.code]})`);
  }
  if (err.code === grpc.status.UNAUTHENTICATED) {
    if (!refusedBy.has(service)) {
      refusedBy.add(service);
      logger.error({ service }, `${service} refused this process's internal token: give every Herald process the same INTERNAL_TOKEN`);
    }
    return unavailable(`${service} refused this process's internal call (INTERNAL_TOKEN differs)`);
  }
  return new AppError({ code: 'INTERNAL_SERVER_ERROR', status: 500, message: `${service} failed: ${err.details}` });
}

/** /v1/send carries up to 40 MB of message: raise grpc-js's 4 MB default on both ends. */
export const GRPC_MESSAGE_LIMITS = { 'grpc.max_receive_message_length': 64 * 1024 * 1024, 'grpc.max_send_message_length': 64 * 1024 * 1024 };

/** The metadata key of the internal token (INTERNAL_TOKEN) every internal gRPC call carries. */
export const INTERNAL_TOKEN_KEY = 'x-internal-token';

const digest = (token: string) => crypto.createHash('sha256').update(token).digest();

/** Peers whose refused calls have been logged (once per peer address and reason; bounded). */
const refusedPeers = new Set<string>();

/**
 * Whether a call carries the internal token: compared in constant time (as SHA-256 digests, so
 * neither the value nor its length shows in the timing). A refused call is counted and, once per
 * peer and reason, logged without what it carried.
 */
function admits(call: grpc.ServerUnaryCall<any, any>, expected: Buffer, service: string): boolean {
  const sent = call.metadata.get(INTERNAL_TOKEN_KEY)[0];
  const reason = !sent ? 'missing' : crypto.timingSafeEqual(digest(String(sent)), expected) ? undefined : 'wrong';
  if (!reason) return true;
  metrics.grpcRefused.inc({ service, reason });
  const peer = call.getPeer().replace(/:\d+$/, '');
  if (!refusedPeers.has(`${peer} ${reason}`)) {
    if (refusedPeers.size >= 1000) refusedPeers.clear();
    refusedPeers.add(`${peer} ${reason}`);
    logger.warn(
      { peer, service, reason },
      `refused a gRPC call with a ${reason} internal token (INTERNAL_TOKEN); further refusals from this peer are only counted (herald_grpc_refused_total)`,
    );
  }
  return false;
}

/** The metadata of CallMeta (see there); what a caller did not send is absent. */
const META_KEYS = { requestId: 'x-request-id', projectId: 'x-project-id', userId: 'x-user-id', role: 'x-role', traceparent: 'traceparent' } as const;

function metaOf(call: grpc.ServerUnaryCall<any, any>): CallMeta {
  const meta: CallMeta = {};
  for (const [field, key] of Object.entries(META_KEYS)) {
    const v = call.metadata.get(key)[0];
    if (v) meta[field as keyof typeof META_KEYS] = String(v);
  }
  return meta;
}

/** The request context a handler runs in: the caller's (its request id, project, user and role). */
export const contextOf = (meta: CallMeta): RequestContext => ({
  requestId: meta.requestId ?? '',
  projectId: meta.projectId,
  userId: meta.userId,
  role: meta.role,
});

/** A span's name and attributes for a method path (`/herald.messaging.v1.Messaging/SendMany`). */
function rpcSpan(path: string) {
  const [, service, method] = path.split('/');
  return { name: `${service}/${method}`, attributes: { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': method } };
}

/**
 * Runs a handler of an internal call, over gRPC or between all-in-one's threads: in its caller's
 * context (see contextOf), in a server span that continues the caller's trace (its traceparent).
 */
export function serveCall<T>(path: string, meta: CallMeta, fn: () => Promise<T>): Promise<T> {
  const { name, attributes } = rpcSpan(path);
  return runWithContext(contextOf(meta), () => inSpan(name, 'server', fn, { parent: meta.traceparent, attributes }));
}

/**
 * The client side of an internal call: a client span (when traced), whose traceparent the call
 * carries instead of the context's. `done` ends it with the call's outcome.
 */
export function clientCall(path: string, meta: CallMeta): { meta: CallMeta; done: (err?: unknown) => void } {
  if (!tracingOn()) return { meta, done: () => undefined };
  const { name, attributes } = rpcSpan(path);
  const span = startSpan(name, 'client', { attributes })!;
  return { meta: { ...meta, traceparent: traceparentOf(span) }, done: (err) => endSpan(span, err) };
}

/**
 * Wraps async handlers as a grpc-js service implementation. A call without the internal token
 * (`internalToken`, the process's INTERNAL_TOKEN) is refused with UNAUTHENTICATED before any
 * handler runs: the project a call names is trusted, so only Herald's processes may call. Each
 * admitted call runs in its caller's context (see contextOf), so what the handler logs and the
 * calls it makes carry it on. (The gRPC health service is served beside, open to probes.)
 */
export function grpcImplementation<D extends AnyDefinition>(
  definition: D,
  handlers: ServiceHandlers<D>,
  opts: { internalToken: string },
): grpc.UntypedServiceImplementation {
  if (!opts.internalToken) throw new Error('a gRPC service needs the internal token (INTERNAL_TOKEN) to check its calls against');
  const expected = digest(opts.internalToken);
  const impl: grpc.UntypedServiceImplementation = {};
  for (const [name, method] of Object.entries(definition)) {
    const handler = (handlers as any)[name];
    if (!handler) throw new Error(`no handler for rpc ${name}`);
    const service = method.path.split('/')[1];
    impl[name] = (call: grpc.ServerUnaryCall<any, any>, callback: grpc.sendUnaryData<any>) => {
      if (!admits(call, expected, service)) {
        return callback({
          code: grpc.status.UNAUTHENTICATED,
          details: 'this call needs the internal token of this Herald (INTERNAL_TOKEN)',
        } as grpc.ServiceError);
      }
      const meta = metaOf(call);
      serveCall(method.path, meta, () => Promise.resolve().then(() => handler(call.request, meta))).then(
        (res) => callback(null, res),
        (err) => callback(toServiceError(err) as grpc.ServiceError),
      );
    };
  }
  return impl;
}

/**
 * The project a project-scoped call acts on: its caller's (CallMeta.projectId), never one from the
 * request message. A call without one is a bug of the caller (work outside a request that did not
 * pass its project), never the client's fault: a 500, logged here.
 */
export function projectOf(meta: CallMeta | undefined): string {
  if (meta?.projectId) return meta.projectId;
  const err = new AppError({
    code: 'MISSING_PROJECT',
    status: 500,
    message: 'An internal call to a project-scoped method carried no project',
    suggestion: 'This is a bug in Herald, not in your request; report the requestId.',
  });
  logger.error({ err }, 'a project-scoped call arrived without a project');
  throw err;
}

/**
 * A client that calls the handlers in this process. Requests and responses go through the same
 * protobuf encoding as over the wire, so in-process and remote calls see identical messages.
 */
export function inProcessClient<D extends AnyDefinition>(definition: D, handlers: ServiceHandlers<D>): ServiceClient<D> {
  const client: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(definition)) {
    const handler = (handlers as any)[name];
    client[name] = async (req: unknown, meta?: CallMeta) => {
      const decoded = method.requestDeserialize(method.requestSerialize(req));
      const res = await handler(decoded, callMeta(meta));
      return method.responseDeserialize(method.responseSerialize(res));
    };
  }
  return client as ServiceClient<D>;
}

/** The request id, project, user and role of the request being handled, for the calls it makes. */
export const metaFromContext = (): CallMeta => {
  const ctx = currentContext();
  return { requestId: ctx?.requestId, projectId: ctx?.projectId, userId: ctx?.userId, role: ctx?.role, traceparent: traceparentOf(ctx?.span) };
};

/**
 * What a call carries: the context's meta (metaFromContext), overridden by the caller's own
 * `meta`. A call naming another project than the context's does not carry the context's role, nor
 * its user when the context had a project: they were checked for that project only. (A user
 * route's context has a user and no project; a call it makes for a project it checked the user's
 * membership of names that project and the user's role there.)
 */
export function callMeta(meta?: CallMeta): CallMeta {
  const ctx = metaFromContext();
  if (meta?.projectId === undefined || meta.projectId === ctx.projectId) return { ...ctx, ...meta };
  return { requestId: ctx.requestId, ...(ctx.projectId ? {} : { userId: ctx.userId }), ...meta };
}

export interface RemoteClientOptions {
  deadlineMs: number;
  /** The process's INTERNAL_TOKEN, sent with every call (see grpcImplementation). */
  internalToken: string;
}

/**
 * A gRPC client with a deadline on every call and a circuit breaker per service: when the peer
 * keeps failing, calls fail fast with 503 instead of piling up. Application errors (4xx) do not
 * count as failures.
 */
export function grpcClient<D extends AnyDefinition>(
  definition: D,
  service: string,
  address: string,
  opts: RemoteClientOptions,
): ServiceClient<D> & { close(): void } {
  if (!opts.internalToken) throw new Error(`a client of ${service} needs the internal token (INTERNAL_TOKEN) to call with`);
  const Ctor = grpc.makeGenericClientConstructor(definition, service);
  const raw = new Ctor(address, grpc.credentials.createInsecure(), {
    'grpc.keepalive_time_ms': 30_000,
    ...GRPC_MESSAGE_LIMITS,
    // A restarted peer is used again within about a second, not after a backoff grown while it was down.
    'grpc.initial_reconnect_backoff_ms': 250,
    'grpc.max_reconnect_backoff_ms': 1_000,
    'grpc.service_config': JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
  }) as unknown as Record<string, (...args: unknown[]) => unknown> & grpc.Client;

  const invoke = (name: string, req: unknown, callerMeta: CallMeta) =>
    new Promise<unknown>((resolve, reject) => {
      const { meta, done } = clientCall(definition[name].path, callerMeta);
      // waitForReady: a call made while the channel (re)connects waits for it, bounded by the deadline,
      // instead of failing at once with UNAVAILABLE; a peer that stays down still fails (503) at the deadline.
      const md = new grpc.Metadata({ waitForReady: true });
      md.set(INTERNAL_TOKEN_KEY, opts.internalToken);
      for (const [field, key] of Object.entries(META_KEYS)) {
        const v = meta[field as keyof typeof META_KEYS];
        if (v) md.set(key, v);
      }
      const end = metrics.grpcDuration.startTimer({ service, method: name });
      raw[name].call(
        raw,
        req,
        md,
        { deadline: Date.now() + Math.max(opts.deadlineMs, meta.deadlineMs ?? 0) },
        (err: grpc.ServiceError | null, res: unknown) => {
          end({ code: err ? grpc.status[err.code] : 'OK' });
          const failure = err ? fromServiceError(err, service) : undefined;
          done(failure);
          if (failure) reject(failure);
          else resolve(res);
        },
      );
    });

  const breaker = new CircuitBreaker(invoke, {
    timeout: false, // the gRPC deadline bounds each call
    errorThresholdPercentage: 50,
    volumeThreshold: 10,
    resetTimeout: 5_000,
    errorFilter: (err: unknown) => isAppError(err) && err.status < 500,
  });
  breaker.on('open', () => logger.warn({ service, address }, 'circuit opened'));
  breaker.on('close', () => logger.info({ service, address }, 'circuit closed'));

  const client: Record<string, unknown> = { close: () => raw.close() };
  for (const name of Object.keys(definition)) {
    client[name] = (req: unknown, meta?: CallMeta) =>
      breaker.fire(name, req, callMeta(meta)).catch((err: unknown) => {
        if (isAppError(err)) throw err;
        throw unavailable(`${service} is unavailable (${(err as Error).message})`);
      });
  }
  return client as ServiceClient<D> & { close(): void };
}
