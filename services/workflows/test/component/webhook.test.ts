/**
 * Component test: the WEBHOOK step's outgoing request against a real HTTP receiver on 127.0.0.1
 * (node:http) and a real DNS server on loopback (dns2, random port) reached through node's
 * resolver. Names resolving to loopback/private addresses are refused unless the deployment allows
 * them; when allowed, the request reaches the receiver signed and keyed, over a connection pinned to
 * the address that was vetted (a changed DNS answer is never asked for); statuses, redirects,
 * timeouts, refused connections and DNS failures each give the outcome the executor retries on.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { Resolver } from 'node:dns/promises';
import { Readable } from 'node:stream';
import { generate } from 'selfsigned';
import { DnsTestServer } from '../../../../libs/testing/src/dns';
import { resolverLookup, webhookSender, type WebhookLookup } from '../../src/adapters/webhook';
import type { WebhookRequest } from '../../src/app/ports';
import { verifyWebhookSignature } from '../../src/domain/webhook';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Respond = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;

let dns: DnsTestServer;
let lookup: WebhookLookup;
let server: http.Server;
let port: number;
let received: Received[] = [];
let respond: Respond;
/** Responses left open by a test (a receiver that never answers), ended in afterEach. */
const hanging: http.ServerResponse[] = [];

const SECRET = 'whsec_component';
const NAME = 'hook.example.test';

const req = (over: Partial<WebhookRequest> = {}): WebhookRequest => ({
  url: `http://${NAME}:${port}/in?x=1`,
  method: 'POST',
  headers: {},
  body: JSON.stringify({ hello: 'world' }),
  secret: SECRET,
  idempotencyKey: 'exec-1:step-1',
  ...over,
});

beforeAll(async () => {
  dns = await DnsTestServer.start();
  const resolver = new Resolver({ timeout: 300, tries: 1 });
  resolver.setServers([dns.server]);
  lookup = resolverLookup(resolver);
  server = http.createServer((rq, rs) => {
    const chunks: Buffer[] = [];
    rq.on('data', (c: Buffer) => chunks.push(c));
    rq.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ method: rq.method!, url: rq.url!, headers: rq.headers, body });
      respond(rq, rs, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await dns.close();
});

beforeEach(() => {
  received = [];
  dns.clear();
  dns.set(NAME, 'A', ['127.0.0.1']);
  respond = (_rq, rs) => rs.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
});

afterEach(() => {
  for (const rs of hanging.splice(0)) rs.destroy();
  server.closeAllConnections();
});

describe('private targets are refused unless the deployment allows them', () => {
  const strict = () => webhookSender({ allowPrivate: false, lookup, timeoutMs: 2000 });

  it.each([
    [['127.0.0.1'], [], /127\.0\.0\.1, a loopback address/],
    [['10.0.0.1'], [], /10\.0\.0\.1, a private address/],
    [['169.254.169.254'], [], /link-local/],
    [['93.184.215.14', '10.0.0.1'], [], /10\.0\.0\.1, a private address/], // one bad address is enough
    [[], ['::1'], /::1, a loopback address/],
    [['93.184.215.14'], ['fd00::1'], /unique-local/],
    [[], ['::ffff:a00:1'], /::ffff:10\.0\.0\.1, an IPv4-mapped private address/], // ::ffff:10.0.0.1 (dns2 mis-encodes the dotted form)
  ])('a name resolving to %p %p is refused, never connected to', async (a, aaaa, reason) => {
    dns.set(NAME, 'A', a).set(NAME, 'AAAA', aaaa);
    const out = await strict().send(req());
    expect(out).toEqual({ ok: false, retry: false, reason: expect.stringMatching(reason) });
    expect(received).toHaveLength(0);
    expect(dns.queries).toEqual(expect.arrayContaining([`${NAME} A`, `${NAME} AAAA`]));
  });

  it('an IP literal or localhost is refused without asking DNS', async () => {
    for (const url of [`http://127.0.0.1:${port}/in`, `http://[::1]:${port}/in`, `http://localhost:${port}/in`, `http://2130706433:${port}/in`]) {
      const out = await strict().send(req({ url }));
      expect(out).toMatchObject({ ok: false, retry: false });
    }
    expect(dns.queries).toEqual([]);
    expect(received).toHaveLength(0);
  });

  it('a URL that is not http(s), has credentials or does not parse is refused as it is, without a throw', async () => {
    for (const url of ['ftp://hook.example.test/x', `http://u:p@${NAME}:${port}/`, 'http://', 'nonsense']) {
      await expect(strict().send(req({ url }))).resolves.toMatchObject({ ok: false, retry: false });
    }
    expect(received).toHaveLength(0);
  });
});

describe('a deployment allowing private targets', () => {
  const open = (timeoutMs = 2000) => webhookSender({ allowPrivate: true, lookup, timeoutMs });

  it('reaches the receiver by name with the method, body and headers, signed and keyed', async () => {
    const body = JSON.stringify({ contact: { email: 'a@b.test' } });
    const out = await open().send(
      req({
        body,
        method: 'put',
        headers: {
          Authorization: 'Bearer abc',
          'X-Custom': 'yes',
          'X-Herald-Signature': 't=1,v1=forged',
          'Idempotency-Key': 'forged',
          Host: 'internal.admin',
        },
      }),
    );
    expect(out).toEqual({ ok: true, status: 200 });
    expect(received).toHaveLength(1);
    const [r] = received;
    expect(r).toMatchObject({ method: 'PUT', url: '/in?x=1', body });
    expect(r!.headers).toMatchObject({
      host: `${NAME}:${port}`,
      authorization: 'Bearer abc',
      'x-custom': 'yes',
      'content-type': 'application/json',
      'user-agent': 'Herald-Webhooks/1',
      'idempotency-key': 'exec-1:step-1',
    });
    const sig = r!.headers['x-herald-signature'] as string;
    expect(sig).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(sig.startsWith(`t=${r!.headers['x-herald-timestamp']},`)).toBe(true);
    expect(verifyWebhookSignature(SECRET, sig, body, 300)).toBe(true);
    expect(verifyWebhookSignature(SECRET, sig, `${body} `, 300)).toBe(false);
    expect(verifyWebhookSignature('another-secret', sig, body, 300)).toBe(false);
  });

  it('sends no body and no Content-Type for a GET without one; the signature covers the empty body', async () => {
    const out = await open().send(req({ method: 'GET', body: undefined }));
    expect(out).toEqual({ ok: true, status: 200 });
    const [r] = received;
    expect(r).toMatchObject({ method: 'GET', body: '' });
    expect(r!.headers['content-type']).toBeUndefined();
    expect(verifyWebhookSignature(SECRET, r!.headers['x-herald-signature'] as string, '', 300)).toBe(true);
  });

  it('keeps a configured Content-Type', async () => {
    await open().send(req({ headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1' }));
    expect(received[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(received[0]!.body).toBe('a=1');
  });

  it('connects to the address it vetted: a changed DNS answer is never asked for (no rebinding)', async () => {
    let calls = 0;
    const rebinding: WebhookLookup = async (host) => {
      calls++;
      const answer = await lookup(host);
      // The name now points elsewhere (nothing listens on 127.0.0.2): a second resolution would fail.
      dns.set(NAME, 'A', ['127.0.0.2']).set(NAME, 'AAAA', []);
      return answer;
    };
    const out = await webhookSender({ allowPrivate: true, lookup: rebinding, timeoutMs: 2000 }).send(req());
    expect(out).toEqual({ ok: true, status: 200 });
    expect(calls).toBe(1);
    expect(dns.queries.filter((q) => q === `${NAME} A`)).toHaveLength(1);
    expect(received).toHaveLength(1);
  });

  it('over https, the pinned connection still names the host (SNI) and checks its certificate', async () => {
    const pems = await generate([{ name: 'commonName', value: NAME }], { keySize: 2048, algorithm: 'sha256' });
    const sni: string[] = [];
    const tlsServer = https.createServer(
      {
        key: pems.private,
        cert: pems.cert,
        SNICallback: (servername, cb) => {
          sni.push(servername);
          cb(null, undefined); // the default context
        },
      },
      (_rq, rs) => rs.end('ok'),
    );
    tlsServer.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
    const tlsPort = (tlsServer.address() as AddressInfo).port;
    try {
      const out = await open().send(req({ url: `https://${NAME}:${tlsPort}/in` }));
      // Reached over the pinned address, the name in the ClientHello; the self-signed certificate is refused.
      expect(sni).toEqual([NAME]);
      expect(out).toEqual({ ok: false, retry: true, reason: expect.stringMatching(/self-signed|SELF_SIGNED/i) });
    } finally {
      tlsServer.closeAllConnections();
      await new Promise((resolve) => tlsServer.close(resolve));
    }
  });

  it.each([
    [500, true],
    [502, true],
    [503, true],
    [429, true],
    [408, true],
    [404, false],
    [400, false],
    [401, false],
    [410, false],
  ])('HTTP %p → retry %p', async (status, retry) => {
    respond = (_rq, rs) => rs.writeHead(status).end('nope');
    const out = await open().send(req());
    expect(out).toEqual({ ok: false, retry, status, reason: `HTTP ${status}` });
  });

  it('counts any 2xx as delivered', async () => {
    respond = (_rq, rs) => rs.writeHead(204).end();
    expect(await open().send(req())).toEqual({ ok: true, status: 204 });
  });

  it.each([301, 302, 307, 308])('does not follow a %p redirect', async (status) => {
    respond = (rq, rs) => (rq.url === '/in?x=1' ? rs.writeHead(status, { location: `http://127.0.0.1:${port}/elsewhere` }).end() : rs.writeHead(200).end());
    const out = await open().send(req());
    expect(out).toEqual({ ok: false, retry: false, status, reason: expect.stringMatching(/redirect.*not followed/) });
    expect(received.map((r) => r.url)).toEqual(['/in?x=1']);
  });

  it('gives up on a receiver that never answers at the deadline, to be retried', async () => {
    respond = (_rq, rs) => void hanging.push(rs);
    const out = await open(300).send(req());
    expect(out).toEqual({ ok: false, retry: true, reason: 'timed out after 300 ms' });
    expect(received).toHaveLength(1);
  });

  it('decides on the status: headers of a 200 then a body that never ends is delivered', async () => {
    respond = (_rq, rs) => {
      rs.writeHead(200, { 'content-type': 'text/plain' });
      rs.write('partial');
      hanging.push(rs);
    };
    expect(await open(300).send(req())).toEqual({ ok: true, status: 200 });
  });

  it('reads at most 64 KB of a response and hangs up on the rest', async () => {
    let finished: boolean | undefined;
    const closed = new Promise<void>((resolve) => {
      respond = (_rq, rs) => {
        rs.writeHead(200, { 'content-type': 'application/octet-stream' });
        let sent = 0;
        const chunk = Buffer.alloc(64 * 1024, 'x');
        // 256 MB on demand, far more than the kernel's socket buffers hold.
        const big = new Readable({
          read() {
            this.push(sent < 256 * 1024 * 1024 ? ((sent += chunk.length), chunk) : null);
          },
        });
        rs.on('close', () => {
          finished = rs.writableFinished;
          big.destroy();
          resolve();
        });
        big.pipe(rs);
      };
    });
    expect(await open(5000).send(req())).toEqual({ ok: true, status: 200 });
    await closed;
    expect(finished).toBe(false);
  });

  it('a refused connection is retried', async () => {
    const spare = http.createServer();
    await new Promise<void>((resolve) => spare.listen(0, '127.0.0.1', resolve));
    const closedPort = (spare.address() as AddressInfo).port;
    await new Promise((resolve) => spare.close(resolve));
    const out = await open().send(req({ url: `http://${NAME}:${closedPort}/in` }));
    expect(out).toEqual({ ok: false, retry: true, reason: expect.stringMatching(/ECONNREFUSED/) });
  });

  it('an unknown name is final; SERVFAIL and a DNS timeout are retried', async () => {
    const unknown = await open().send(req({ url: `http://nowhere.example.test:${port}/` }));
    expect(unknown).toEqual({ ok: false, retry: false, reason: expect.stringMatching(/does not resolve \(ENOTFOUND\)/) });

    dns.fail(NAME, 'SERVFAIL');
    expect(await open().send(req())).toEqual({ ok: false, retry: true, reason: expect.stringMatching(/ESERVFAIL/) });

    dns.fail(NAME, 'TIMEOUT');
    expect(await open().send(req())).toEqual({ ok: false, retry: true, reason: expect.stringMatching(/ETIMEOUT/) });
    expect(received).toHaveLength(0);
  });

  it('a name with no address record is final', async () => {
    dns.set(NAME, 'A', []).set(NAME, 'TXT', ['v=spf1 -all']);
    expect(await open().send(req())).toEqual({ ok: false, retry: false, reason: expect.stringMatching(/does not resolve \(ENODATA\)/) });
  });

  it('the deadline covers resolution too', async () => {
    const stuck: WebhookLookup = () => new Promise(() => undefined);
    const out = await webhookSender({ allowPrivate: true, lookup: stuck, timeoutMs: 200 }).send(req());
    expect(out).toEqual({ ok: false, retry: true, reason: 'timed out after 200 ms' });
  });

  it('refuses a method a webhook may not use, without a request', async () => {
    expect(await open().send(req({ method: 'CONNECT' }))).toMatchObject({ ok: false, retry: false, reason: expect.stringMatching(/method/) });
    expect(received).toHaveLength(0);
  });
});
