import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP receiver on loopback for WEBHOOK steps: records every request; `respond` decides
 * the status per request (200 by default).
 */
export class HttpReceiver {
  readonly requests: ReceivedRequest[] = [];
  respond: (r: ReceivedRequest) => number = () => 200;

  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<HttpReceiver> {
    const server = http.createServer();
    const receiver = new HttpReceiver(server);
    server.on('request', (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const r = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
        receiver.requests.push(r);
        res.statusCode = receiver.respond(r);
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  /** The requests to paths starting with `prefix`. */
  to(prefix: string): ReceivedRequest[] {
    return this.requests.filter((r) => r.path.startsWith(prefix));
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
