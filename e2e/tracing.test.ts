import crypto from 'node:crypto';
import { eventually, OtlpReceiver, type ReceivedSpan, type TopologyKind } from '../libs/testing/src';
import { startSending, type SendingStack } from './support/sending';

/**
 * Distributed traces (issue 26, docs/operations.md "Traces"): with OTEL_EXPORTER_OTLP_ENDPOINT
 * pointing at an OTLP/HTTP receiver, one /v1/send sent with a W3C traceparent is followed by that
 * trace id from the gateway's request, through messaging (gRPC, or the all-in-one thread link),
 * the outbox and the bus to the sender's SMTP handoff, and on to the events service consuming the
 * email's status change — one connected tree, each span in the process that did the work.
 */
describe.each<TopologyKind>(['split', 'all'])('traces (%s)', (kind) => {
  let otlp: OtlpReceiver;
  let stack: SendingStack;

  beforeAll(async () => {
    otlp = await OtlpReceiver.start();
    stack = await startSending(kind, { env: { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_BSP_SCHEDULE_DELAY: '100' } });
  }, 90_000);
  afterAll(async () => {
    await stack?.stop();
    await otlp?.close();
  });

  const hex = (bytes: number) => crypto.randomBytes(bytes).toString('hex');

  it('follows one /v1/send by its trace id from the HTTP request to the SMTP handoff and the event consumer', async () => {
    const traceId = hex(16);
    const callerSpan = hex(8);
    const to = `traced-${hex(4)}@example.com`;
    const res = await fetch(`${stack.t.baseUrl}/v1/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.t.keys.secret}`, 'content-type': 'application/json', traceparent: `00-${traceId}-${callerSpan}-01` },
      body: JSON.stringify({ to, from: stack.from, subject: 'Traced', body: '<p>Followed</p>' }),
    });
    expect(res.status).toBe(200);
    await eventually(async () => stack.smtp!.messages.find((m) => m.envelope.to.includes(to)), 20_000);

    const consumedBy = (s: ReceivedSpan) => s.attributes['herald.consumer'];
    const spans = await eventually(async () => {
      const trace = otlp.trace(traceId);
      return trace.some((s) => consumedBy(s) === 'events' && s.name.endsWith('messaging.email.status_changed.v1')) && trace.some((s) => s.name === 'smtp send')
        ? trace
        : undefined;
    }, 20_000);
    expect(otlp.refused).toEqual([]);

    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const ancestors = (s: ReceivedSpan): ReceivedSpan[] => {
      const parent = s.parentSpanId ? byId.get(s.parentSpanId) : undefined;
      return parent ? [parent, ...ancestors(parent)] : [];
    };
    // One tree under the caller's span: every span's parent is in the trace, but the request's.
    const request = spans.filter((s) => !byId.has(s.parentSpanId ?? ''));
    expect(request.map((s) => [s.name, s.parentSpanId, s.kind])).toEqual([['POST /v1/send', callerSpan, 2]]);
    expect(request[0].attributes['http.response.status_code']).toBe(200);

    const send = spans.find((s) => s.name === 'messaging send')!;
    const work = spans.find((s) => consumedBy(s) === 'messaging.send.transactional')!;
    const smtp = spans.find((s) => s.name === 'smtp send')!;
    const recorded = spans.find((s) => consumedBy(s) === 'events' && s.name.endsWith('messaging.email.status_changed.v1'))!;
    expect(ancestors(send)).toContain(request[0]);
    expect(ancestors(work)).toContain(send);
    expect(smtp.parentSpanId).toBe(work.spanId);
    expect(smtp.kind).toBe(3);
    expect(ancestors(recorded)).toEqual(expect.arrayContaining([work, send, request[0]]));

    // Each span in the process that did the work.
    const target = (s: ReceivedSpan) => s.resource['herald.target'];
    if (kind === 'split') {
      expect([target(request[0]), target(send), target(smtp), target(recorded)]).toEqual(['gateway', 'messaging', 'messaging', 'events']);
    } else {
      expect(new Set(spans.map(target))).toEqual(new Set(['all']));
    }
  }, 60_000);

  it('starts a new trace for a request without a traceparent, and answers the same', async () => {
    const before = new Set(otlp.spans.map((s) => s.traceId));
    const to = `untraced-${hex(4)}@example.com`;
    const res = await stack.api.post('/v1/send', { to, from: stack.from, subject: 'New trace', body: '<p>Root</p>' });
    expect(res.status).toBe(200);
    const root = await eventually(async () => otlp.spans.find((s) => s.name === 'POST /v1/send' && !before.has(s.traceId) && !s.parentSpanId), 20_000);
    await eventually(async () => otlp.trace(root.traceId).find((s) => s.name === 'smtp send'), 20_000);
  }, 60_000);
});
