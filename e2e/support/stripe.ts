import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A request the fake Stripe received: its method, path, form fields (Stripe's bracketed keys, flat) and headers. */
export interface StripeRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}

const id = (prefix: string) => `${prefix}_test_${crypto.randomBytes(8).toString('hex')}`;

/**
 * A loopback HTTP server speaking Stripe's API for the few calls Herald makes — form-encoded
 * requests authenticated with the secret key, JSON objects with their `object` field, Stripe's
 * error shape — so the real `stripe` SDK (pointed here by its host/port/protocol options) runs
 * unchanged: POST /v1/customers, /v1/checkout/sessions, /v1/billing_portal/sessions. It also signs
 * webhook notifications as Stripe does, with the SDK's own `generateTestHeaderString`.
 */
export class FakeStripe {
  readonly requests: StripeRequest[] = [];
  readonly secretKey = `sk_test_${crypto.randomBytes(12).toString('hex')}`;
  readonly webhookSecret = `whsec_${crypto.randomBytes(16).toString('hex')}`;
  private readonly sdk = new Stripe('sk_test_signing_only');

  private constructor(private readonly server: http.Server) {}

  static async start(): Promise<FakeStripe> {
    let fake!: FakeStripe;
    const server = http.createServer((req, res) => fake.handle(req, res));
    fake = new FakeStripe(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get url() {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** A Stripe event (`object: 'event'`) around `object`, and its Stripe-Signature header. */
  event(type: string, object: Record<string, unknown>, opts: { id?: string; created?: number; secret?: string } = {}) {
    const payload = JSON.stringify({
      id: opts.id ?? id('evt'),
      object: 'event',
      api_version: '2025-10-29.clover',
      created: opts.created ?? Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
    const signature = this.sdk.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? this.webhookSecret });
    return { payload, signature };
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const path = (req.url ?? '').split('?')[0];
      this.requests.push({ method: req.method ?? '', path, form, headers: req.headers });
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${this.secretKey}`) {
        return reply(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      }
      const metadata = (prefix = 'metadata') =>
        Object.fromEntries(Object.entries(form).flatMap(([k, v]) => (k.startsWith(`${prefix}[`) ? [[k.slice(prefix.length + 1, -1), v]] : [])));
      const created = Math.floor(Date.now() / 1000);
      if (req.method === 'POST' && path === '/v1/customers') {
        return reply(200, { id: id('cus'), object: 'customer', created, email: form.email ?? null, livemode: false, metadata: metadata() });
      }
      if (req.method === 'POST' && path === '/v1/checkout/sessions') {
        if (!form.customer || !form['line_items[0][price]'] || !form.success_url) {
          return reply(400, { error: { type: 'invalid_request_error', message: 'Missing required param: line_items.', param: 'line_items' } });
        }
        const sid = id('cs');
        return reply(200, {
          id: sid,
          object: 'checkout.session',
          created,
          mode: form.mode,
          customer: form.customer,
          client_reference_id: form.client_reference_id ?? null,
          metadata: metadata(),
          status: 'open',
          success_url: form.success_url,
          cancel_url: form.cancel_url ?? null,
          url: `https://checkout.stripe.com/c/pay/${sid}`,
        });
      }
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
        if (!form.customer) return reply(400, { error: { type: 'invalid_request_error', message: 'Missing required param: customer.', param: 'customer' } });
        const sid = id('bps');
        return reply(200, {
          id: sid,
          object: 'billing_portal.session',
          created,
          customer: form.customer,
          livemode: false,
          return_url: form.return_url ?? null,
          url: `https://billing.stripe.com/p/session/${sid}`,
        });
      }
      reply(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` } });
    });
  }
}
