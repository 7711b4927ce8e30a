import { Outbox } from '../../bus/src';
import { inSpan, logContext, runWithContext, startSpan, traceparentOf, tracingOn, currentContext } from '../src';

/** Without OTEL_EXPORTER_OTLP_ENDPOINT nothing is traced: no spans, no ids, no trace context carried. */
describe('tracing off', () => {
  beforeAll(() => {
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  });

  it('records nothing and leaves the request context as it is', async () => {
    expect(tracingOn()).toBe(false);
    expect(startSpan('x', 'server', { parent: `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01` })).toBeUndefined();
    const ctx = { requestId: 'r1', projectId: 'p1' };
    const seen = await runWithContext(ctx, () => inSpan('work', 'internal', async () => currentContext()));
    expect(seen).toBe(ctx);
    expect(runWithContext(ctx, () => traceparentOf())).toBeUndefined();
    expect(runWithContext(ctx, () => logContext())).toEqual({ requestId: 'r1', projectId: 'p1' });
  });

  it('writes events without a traceparent', () => {
    const [e] = runWithContext({ requestId: 'r' }, () =>
      new Outbox('messaging').envelopes([{ type: 'events.event_name.deleted.v1', projectId: 'p', data: { name: 'n' } }]),
    );
    expect(e).not.toHaveProperty('traceparent');
  });
});
