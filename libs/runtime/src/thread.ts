import { AppError, isAppError, logger, unavailable } from '../../kit/src';
import { callMeta, clientCall, serveCall, type AnyDefinition, type CallMeta, type ServiceClient, type ServiceHandlers } from '../../contracts/src';

type Message =
  | { kind: 'call'; id: number; topic: string; payload: unknown }
  | { kind: 'reply'; id: number; ok: true; payload: unknown }
  | { kind: 'reply'; id: number; ok: false; error: { app?: ReturnType<AppError['toJSON']>; message: string } };

/** A Worker (seen from the main thread) or the worker's parentPort. */
export interface Endpoint {
  postMessage(value: unknown): void;
  on(event: 'message', listener: (value: any) => void): unknown;
}

/**
 * Request/reply between the two threads of an all-in-one process (see Runtime): `call(topic, x)`
 * on one side runs the handler registered with `on(topic, …)` on the other and resolves with its
 * answer. An AppError crosses as itself; any other failure as an Error with its message (logged
 * where it happened; `linkClient` answers its callers a 500 for it).
 */
export class ThreadLink {
  private next = 1;
  private pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  private handlers = new Map<string, (payload: any) => Promise<unknown>>();
  private closed?: Error;

  constructor(private readonly port: Endpoint) {
    port.on('message', (m: Message) => void this.receive(m));
  }

  on(topic: string, handler: (payload: any) => Promise<unknown>) {
    this.handlers.set(topic, handler);
  }

  /** `timeoutMs`: fail with a 503 when the other thread has not answered by then (a late answer is dropped). */
  call<T = unknown>(topic: string, payload?: unknown, timeoutMs?: number): Promise<T> {
    if (this.closed) return Promise.reject(this.closed);
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      const timer = timeoutMs
        ? setTimeout(() => {
            this.pending.delete(id);
            reject(unavailable(`the other thread did not answer ${topic} within ${timeoutMs} ms`));
          }, timeoutMs)
        : undefined;
      const done = (settle: () => void) => {
        if (timer) clearTimeout(timer);
        settle();
      };
      this.pending.set(id, { resolve: (v) => done(() => resolve(v as T)), reject: (e) => done(() => reject(e)) });
      this.port.postMessage({ kind: 'call', id, topic, payload } satisfies Message);
    });
  }

  /** The other thread is gone: what waits for it fails, and so does every later call. */
  close(reason: Error) {
    this.closed = reason;
    for (const p of this.pending.values()) p.reject(reason);
    this.pending.clear();
  }

  private async receive(m: Message) {
    if (m.kind === 'reply') {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (!p) return;
      if (m.ok) p.resolve(m.payload);
      else p.reject(m.error.app ? new AppError(m.error.app) : new Error(m.error.message));
      return;
    }
    const handler = this.handlers.get(m.topic);
    try {
      if (!handler) throw new Error(`nothing handles "${m.topic}" in this thread`);
      this.port.postMessage({ kind: 'reply', id: m.id, ok: true, payload: await handler(m.payload) } satisfies Message);
    } catch (err) {
      if (!isAppError(err)) logger.error({ err, topic: m.topic }, 'call from the other thread failed');
      const error = isAppError(err) ? { app: err.toJSON(), message: err.message } : { message: (err as Error)?.message ?? String(err) };
      this.port.postMessage({ kind: 'reply', id: m.id, ok: false, error } satisfies Message);
    }
  }
}

/**
 * Serves a service's handlers to the other thread: requests and answers cross as protobuf bytes;
 * each call runs in the context (request id, project, user and role) of the request that made it.
 */
export function serveOverLink<D extends AnyDefinition>(link: ThreadLink, service: string, definition: D, handlers: ServiceHandlers<D>) {
  for (const [name, method] of Object.entries(definition)) {
    const handler = (handlers as any)[name];
    link.on(`rpc:${service}.${name}`, ({ req, meta }: { req: Uint8Array; meta: CallMeta }) =>
      serveCall(method.path, meta, async () =>
        method.responseSerialize(await handler(method.requestDeserialize(Buffer.from(req.buffer, req.byteOffset, req.byteLength)), meta)),
      ),
    );
  }
}

/**
 * A client of a service served by the other thread (see serveOverLink): the same messages, the
 * same CallMeta (see callMeta) and the same deadline as a gRPC call (a 503 after it), and the
 * service's AppErrors as they were thrown.
 */
export function linkClient<D extends AnyDefinition>(link: ThreadLink, service: string, definition: D, opts: { deadlineMs: number }): ServiceClient<D> {
  const client: Record<string, unknown> = {};
  for (const [name, method] of Object.entries(definition)) {
    client[name] = async (req: unknown, meta?: CallMeta) => {
      const { meta: m, done } = clientCall(method.path, callMeta(meta));
      const res = await link
        .call<Uint8Array>(`rpc:${service}.${name}`, { req: method.requestSerialize(req), meta: m }, Math.max(opts.deadlineMs, m.deadlineMs ?? 0))
        .catch((err: unknown) => {
          const failure = isAppError(err) ? err : new AppError({ code: 'INTERNAL_SERVER_ERROR', status: 500, message: `${service} failed: internal error` });
          done(failure);
          throw failure;
        });
      done();
      return method.responseDeserialize(Buffer.from(res.buffer, res.byteOffset, res.byteLength));
    };
  }
  return client as ServiceClient<D>;
}
