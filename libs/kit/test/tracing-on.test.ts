import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { Outbox } from '../../bus/src';
import { AppError, currentContext, endSpan, inSpan, logContext, runWithContext, startSpan, stopTracing, traceparentOf, traceTo, tracingOn } from '../src';

/**
 * When traces are recorded, spans nest through the request context, continue a received
 * traceparent, mark failures that are not the client's, and the logs and the events written in a
 * span carry its ids. (The OTLP export itself: e2e/tracing.test.ts, against an OTLP receiver.)
 */
describe('tracing on', () => {
  const exporter = new InMemorySpanExporter();
  beforeAll(() => traceTo(exporter));
  afterAll(() => stopTracing());

  const traceId = 'c'.repeat(31) + '1';
  const remote = `00-${traceId}-${'d'.repeat(16)}-01`;
  const spansOf = (id: string) => exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === id);
  const named = (spans: ReadableSpan[], name: string) => spans.find((s) => s.name === name)!;

  it('continues a received trace, nests, and carries its ids into logs and events', async () => {
    expect(tracingOn()).toBe(true);
    let inner: { parent?: string; log: Record<string, unknown>; event: { traceparent?: string } } | undefined;
    await runWithContext({ requestId: 'r1', projectId: 'p1' }, () =>
      inSpan(
        'outer',
        'server',
        () =>
          inSpan('inner', 'internal', async () => {
            const [event] = new Outbox('events').envelopes([{ type: 'events.event_name.deleted.v1', projectId: 'p1', data: { name: 'n' } }]);
            inner = { parent: traceparentOf(), log: logContext(), event };
          }),
        { parent: remote },
      ),
    );
    const spanId = inner!.parent!.split('-')[2];
    expect(inner!.parent).toBe(`00-${traceId}-${spanId}-01`);
    expect(inner!.log).toEqual({ requestId: 'r1', projectId: 'p1', trace_id: traceId, span_id: spanId });
    expect(inner!.event.traceparent).toBe(inner!.parent);

    const spans = spansOf(traceId);
    expect(spans.map((s) => s.name).sort()).toEqual(['inner', 'outer']);
    expect(named(spans, 'outer').parentSpanContext?.spanId).toBe('d'.repeat(16));
    expect(named(spans, 'outer').kind).toBe(SpanKind.SERVER);
    expect(named(spans, 'inner').parentSpanContext?.spanId).toBe(named(spans, 'outer').spanContext().spanId);
    expect(named(spans, 'inner').spanContext().spanId).toBe(spanId);
  });

  it('marks a span failed for a server fault, not for a client error; a null parent starts a new trace', async () => {
    const other = 'e'.repeat(32);
    let fresh: string | undefined;
    await runWithContext({ requestId: 'r2' }, () =>
      inSpan(
        'parent',
        'server',
        async () => {
          const root = startSpan('fresh', 'consumer', { parent: null })!;
          fresh = root.spanContext().traceId;
          endSpan(root);
          await expect(
            inSpan('client-error', 'internal', async () => Promise.reject(new AppError({ code: 'NOT_FOUND', status: 404, message: 'gone' }))),
          ).rejects.toThrow('gone');
          await expect(inSpan('fault', 'internal', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
          expect(traceparentOf()).toContain(other);
        },
        { parent: `00-${other}-${'f'.repeat(16)}-01` },
      ),
    );
    const spans = spansOf(other);
    expect(named(spans, 'client-error').status.code).toBe(0);
    expect(named(spans, 'client-error').attributes['herald.error_code']).toBe('NOT_FOUND');
    expect(named(spans, 'fault').status).toEqual({ code: 2, message: 'boom' });
    expect(fresh).not.toBe(other);
    expect(named(spansOf(fresh!), 'fresh').parentSpanContext).toBeUndefined();
  });

  it('records nothing once stopped', async () => {
    await stopTracing();
    expect(tracingOn()).toBe(false);
    expect(runWithContext({ requestId: 'r3' }, () => startSpan('after', 'internal'))).toBeUndefined();
    expect(await runWithContext({ requestId: 'r3' }, () => inSpan('after', 'internal', async () => currentContext()?.span))).toBeUndefined();
  });
});
