import type StripeSdk from 'stripe';
import { AppError, logger } from '../../../../libs/kit/src';
import type { PaymentProvider } from '../app/ports';

/** Calls to Stripe get this long (the SDK's default is 80 s: a dashboard click should not wait that). */
const TIMEOUT_MS = 20_000;

/** The provider's failure as the caller sees it: a 502 naming the provider, its message logged (never the key). */
function unavailable(what: string, err: unknown): AppError {
  logger.warn({ err: (err as Error).message, type: (err as { type?: string }).type }, `Stripe: ${what} failed`);
  return new AppError({
    code: 'PAYMENT_PROVIDER_ERROR',
    status: 502,
    message: `The payment provider could not ${what}`,
    suggestion: "Try again in a moment; if it persists, check the billing service's Stripe settings.",
  });
}

/**
 * Stripe through its official SDK: customers, Checkout Sessions (subscription mode), Billing
 * Portal sessions, and webhook signature verification (`webhooks.constructEvent`, on the raw body).
 * `apiUrl` points the SDK elsewhere (its host, port and protocol options).
 */
export function stripeProvider(opts: { secretKey: string; webhookSecret: string; apiUrl?: string }): PaymentProvider {
  const url = opts.apiUrl ? new URL(opts.apiUrl) : undefined;
  // Loaded here, where billing is configured: the SDK is some 200 modules every process would load otherwise.
  const Stripe: typeof StripeSdk = require('stripe');
  const stripe = new Stripe(opts.secretKey, {
    timeout: TIMEOUT_MS,
    maxNetworkRetries: 2,
    telemetry: false,
    ...(url ? { host: url.hostname, port: url.port || (url.protocol === 'https:' ? 443 : 80), protocol: url.protocol === 'http:' ? 'http' : 'https' } : {}),
  });
  return {
    verify: (body, signature) => stripe.webhooks.constructEvent(body, signature, opts.webhookSecret),

    async createCustomer(projectId) {
      try {
        // One customer per project, whatever retries: Stripe replays a request with the same idempotency key.
        const c = await stripe.customers.create({ metadata: { projectId } }, { idempotencyKey: `herald-customer-${projectId}` });
        return c.id;
      } catch (err) {
        throw unavailable('create the customer', err);
      }
    },

    async checkout({ customerId, projectId, priceId, successUrl, cancelUrl }) {
      try {
        const s = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          client_reference_id: projectId,
          line_items: [{ price: priceId, quantity: 1 }],
          success_url: successUrl,
          cancel_url: cancelUrl,
          metadata: { projectId },
          subscription_data: { metadata: { projectId } },
        });
        if (!s.url) throw new Error('the checkout session has no url');
        return s.url;
      } catch (err) {
        throw unavailable('open a checkout session', err);
      }
    },

    async portal({ customerId, returnUrl }) {
      try {
        return (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url;
      } catch (err) {
        throw unavailable('open the billing portal', err);
      }
    },
  };
}
