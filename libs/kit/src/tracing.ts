import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Span, type Tracer } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import type { BasicTracerProvider, SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { currentContext, runWithContext } from './context';
import { isAppError } from './errors';

/**
 * Distributed traces (docs/operations.md, "Traces"). On only when OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set: then every span is recorded and exported over OTLP
 * (HTTP, JSON) in batches, and W3C trace context travels from the HTTP request through gRPC
 * metadata, the domain events' envelopes (`traceparent`, written to the outbox with the event) and
 * the consumers to the SMTP handoff. Off, every function here returns at its first test: no ids,
 * no spans, no context carried.
 *
 * The current span lives in the request context (libs/kit context.ts) beside the request id, so
 * one AsyncLocalStorage carries both, and the logs of a traced request carry `trace_id` and `span_id`.
 */
export type SpanKindName = 'server' | 'client' | 'producer' | 'consumer' | 'internal';

const KINDS: Record<SpanKindName, SpanKind> = {
  server: SpanKind.SERVER,
  client: SpanKind.CLIENT,
  producer: SpanKind.PRODUCER,
  consumer: SpanKind.CONSUMER,
  internal: SpanKind.INTERNAL,
};

const propagator = new W3CTraceContextPropagator();
const getter = {
  get: (carrier: { traceparent?: string }, key: string) => (key === 'traceparent' ? carrier.traceparent : undefined),
  keys: () => ['traceparent'],
};

let state: { provider: BasicTracerProvider; tracer: Tracer } | null | undefined;

/** Whether traces are recorded (decided once per thread, from the environment). */
export function tracingOn(): boolean {
  if (state === undefined) state = init(process.env);
  return state !== null;
}

function init(env: NodeJS.ProcessEnv): typeof state {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT && !env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return null;
  // The exporter and the batch processor read the standard OTEL_EXPORTER_OTLP_* and OTEL_BSP_* settings.
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  return withProcessor(env, new (sdk().BatchSpanProcessor)(new OTLPTraceExporter()));
}

/**
 * Records spans into `exporter` from now on, each as it ends, whatever the environment says: for
 * tests of code that traces (Jest cannot load the OTLP exporter's transport, a dynamic import).
 */
export function traceTo(exporter: SpanExporter) {
  state = withProcessor(process.env, new (sdk().SimpleSpanProcessor)(exporter));
}

/** The SDK, loaded only when traces are on: a process with tracing off never loads it. */
const sdk = () => require('@opentelemetry/sdk-trace-base') as typeof import('@opentelemetry/sdk-trace-base');

function withProcessor(env: NodeJS.ProcessEnv, processor: SpanProcessor): NonNullable<typeof state> {
  const { resourceFromAttributes } = require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const provider = new (sdk().BasicTracerProvider)({
    resource: resourceFromAttributes({
      'service.name': env.OTEL_SERVICE_NAME ?? 'herald',
      'service.namespace': env.HERALD_NAMESPACE || 'herald',
      'herald.target': env.TARGET ?? 'all',
      'process.pid': process.pid,
    }),
    spanProcessors: [processor],
  });
  return { provider, tracer: provider.getTracer('herald') };
}

/** Exports what is still buffered; the process is stopping. */
export async function stopTracing(): Promise<void> {
  if (!state) return;
  const { provider } = state;
  state = null;
  await provider.shutdown().catch(() => undefined);
}

/** The W3C `traceparent` of a span (the current one by default), to hand to the next hop. */
export function traceparentOf(span: Span | undefined = currentContext()?.span): string | undefined {
  if (!span) return undefined;
  const c = span.spanContext();
  return `00-${c.traceId}-${c.spanId}-0${(c.traceFlags & 1).toString(16)}`;
}

/**
 * A new span: a child of `parent` (a `traceparent` received from another hop) when given, the root
 * of a new trace when `parent` is null, else a child of the current span if there is one.
 * Undefined when tracing is off.
 */
export function startSpan(name: string, kind: SpanKindName, opts: { parent?: string | null; attributes?: Attributes } = {}): Span | undefined {
  if (!tracingOn()) return undefined;
  const current = opts.parent === undefined ? currentContext()?.span : undefined;
  const parent = opts.parent
    ? propagator.extract(ROOT_CONTEXT, { traceparent: opts.parent }, getter)
    : current
      ? trace.setSpan(ROOT_CONTEXT, current)
      : ROOT_CONTEXT;
  return state!.tracer.startSpan(name, { kind: KINDS[kind], attributes: opts.attributes }, parent);
}

/** Ends a span with the outcome: an error that is not the client's (a 5xx, or not an AppError) marks it failed. */
export function endSpan(span: Span | undefined, err?: unknown) {
  if (!span) return;
  if (err !== undefined) {
    const clientError = isAppError(err) && err.status < 500;
    if (!clientError) span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.message ?? String(err) });
    if (isAppError(err)) span.setAttribute('herald.error_code', err.code);
  }
  span.end();
}

/**
 * Runs `fn` in a new span (see startSpan), the current one for what fn does (its calls, its logs,
 * the events it writes), and ends it with fn's outcome. With tracing off, just `fn()`.
 */
export function inSpan<T>(name: string, kind: SpanKindName, fn: () => Promise<T>, opts: { parent?: string | null; attributes?: Attributes } = {}): Promise<T> {
  const span = startSpan(name, kind, opts);
  if (!span) return fn();
  const ctx = currentContext();
  return endingWith([span], runWithContext({ ...ctx, requestId: ctx?.requestId ?? '', span }, fn));
}

/** `work`, once it has settled: the spans end with its outcome. */
export function endingWith<T>(spans: Array<Span | undefined>, work: Promise<T>): Promise<T> {
  return work.then(
    (value) => {
      spans.forEach((s) => endSpan(s));
      return value;
    },
    (err: unknown) => {
      spans.forEach((s) => endSpan(s, err));
      throw err;
    },
  );
}
