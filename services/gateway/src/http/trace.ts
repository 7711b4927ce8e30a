import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Span } from '@opentelemetry/api';
import { SpanStatusCode } from '@opentelemetry/api';
import { startSpan } from '../../../../libs/kit/src';

/**
 * The server span of a public request (when traces are recorded): continues the client's trace
 * when it sent a W3C `traceparent`, and ends when the answer is sent, named by its route.
 * `route()` is read then: the route that matched, or "unmatched".
 */
export function requestSpan(req: IncomingMessage, res: ServerResponse, route: () => string): Span | undefined {
  const header = req.headers.traceparent;
  const span = startSpan(`${req.method}`, 'server', {
    parent: typeof header === 'string' ? header : undefined,
    attributes: { 'http.request.method': req.method ?? '', 'herald.service': 'gateway' },
  });
  if (!span) return undefined;
  res.on('finish', () => {
    const name = route();
    span.updateName(`${req.method} ${name}`);
    span.setAttribute('http.route', name);
    span.setAttribute('http.response.status_code', res.statusCode);
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  return span;
}
