import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A trace collector's receiving end, as far as Herald's exporter uses it: OTLP over HTTP with the
 * JSON encoding (POST /v1/traces, an ExportTraceServiceRequest; ids in hex), answering as a
 * collector does (200, an ExportTraceServiceResponse). It keeps every span it receives, flattened
 * with its resource's attributes. Point OTEL_EXPORTER_OTLP_ENDPOINT at `url`.
 */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
  status?: { code?: number; message?: string };
}

type KeyValue = { key: string; value: Record<string, unknown> };

const valueOf = (v: Record<string, unknown>): unknown =>
  v.stringValue ?? v.boolValue ?? (v.intValue !== undefined ? Number(v.intValue) : undefined) ?? v.doubleValue;
const attributesOf = (list: KeyValue[] | undefined) => Object.fromEntries((list ?? []).map((a) => [a.key, valueOf(a.value)]));

export class OtlpReceiver {
  readonly spans: ReceivedSpan[] = [];
  /** Spans received in all (kept in `spans` unless started with `keep: false`). */
  received = 0;
  /** Requests that were not OTLP/JSON trace exports (content type or body), which a collector refuses. */
  readonly refused: string[] = [];

  private constructor(
    private readonly server: Server,
    private readonly keep: boolean,
  ) {}

  /** `keep: false` only counts the spans (a bench's receiver). */
  static async start(opts: { keep?: boolean } = {}): Promise<OtlpReceiver> {
    let receiver: OtlpReceiver;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        try {
          if (req.method !== 'POST' || req.url !== '/v1/traces') throw new Error(`${req.method} ${req.url}`);
          if (!String(req.headers['content-type']).startsWith('application/json')) throw new Error(`content type ${req.headers['content-type']}`);
          receiver.take(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
        } catch (err) {
          receiver.refused.push((err as Error).message);
          res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ code: 3, message: (err as Error).message }));
        }
      });
    });
    receiver = new OtlpReceiver(server, opts.keep ?? true);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  /** The base endpoint (the exporter adds /v1/traces). */
  get url() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The spans of one trace. */
  trace(traceId: string): ReceivedSpan[] {
    return this.spans.filter((s) => s.traceId === traceId);
  }

  private take(body: { resourceSpans?: Array<{ resource?: { attributes?: KeyValue[] }; scopeSpans?: Array<{ spans?: any[] }> }> }) {
    if (!Array.isArray(body.resourceSpans)) throw new Error('no resourceSpans');
    for (const rs of body.resourceSpans) {
      const resource = attributesOf(rs.resource?.attributes);
      for (const ss of rs.scopeSpans ?? []) {
        this.received += ss.spans?.length ?? 0;
        if (!this.keep) continue;
        for (const s of ss.spans ?? []) {
          this.spans.push({
            traceId: s.traceId,
            spanId: s.spanId,
            parentSpanId: s.parentSpanId || undefined,
            name: s.name,
            kind: s.kind,
            attributes: attributesOf(s.attributes),
            resource,
            status: s.status,
          });
        }
      }
    }
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
