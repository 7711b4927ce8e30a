import { contracts } from '../../../libs/contracts/src';
import { defineService } from '../../../libs/runtime/src/service';
import { BillingRepo } from './adapters/repo';
import { stripeProvider } from './adapters/stripe';
import { billingHandlers, liftExpiredBlocks } from './app/billing';
import { billingSettings } from './config';
import { migrations, SCHEMA } from './migrations';
import { billingConsumer } from './ports/consumers';
import { billingRoutes } from './ports/http';

/** How often blocks whose billing period ended are lifted. */
const PERIOD_SWEEP_MS = 5_000;

/**
 * Billing: consumption per category and period (from messaging's events), limits per category
 * (what messaging enforces, told by billing.limit.state_changed.v1), and Stripe when configured.
 */
export const billing = defineService({
  name: 'billing',
  grpc: { contract: contracts.billing, port: 50067 },
  httpPort: 8067,
  deploy: {
    about:
      "consumption per category and period (from messaging's events), limits per category (told to messaging as events), and the payment provider (Stripe) when configured. Egress: Stripe's API (api.stripe.com) when STRIPE_SECRET_KEY is set.",
    size: 'small',
    scaling: 'cpu',
  },
  config: billingSettings,
  // A reset keeps everything billing holds: usage and limits must not restart with the data (or a reset would lift a cap).
  schema: { name: SCHEMA, migrations, keepOnReset: ['limits', 'usage', 'customers', 'subscriptions', 'invoices', 'provider_events'] },
  routes: billingRoutes,
  async start(ctx) {
    const c = ctx.config;
    const store = new BillingRepo(ctx.db);
    const priceIds = c.STRIPE_PRICE_IDS.split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    if (c.STRIPE_SECRET_KEY && (!c.STRIPE_WEBHOOK_SECRET || !priceIds.length)) {
      throw new Error(
        "STRIPE_SECRET_KEY is set: STRIPE_WEBHOOK_SECRET (the webhook endpoint's signing secret) and STRIPE_PRICE_IDS (the prices a checkout subscribes to) are required too",
      );
    }
    const provider = c.STRIPE_SECRET_KEY
      ? stripeProvider({ secretKey: c.STRIPE_SECRET_KEY, webhookSecret: c.STRIPE_WEBHOOK_SECRET!, apiUrl: c.STRIPE_API_URL })
      : undefined;
    const returnUrl = (c.BILLING_RETURN_URL ?? c.PUBLIC_URL ?? `http://localhost:${c.PORT ?? 8080}`).replace(/\/$/, '');
    return {
      grpc: billingHandlers({ store, provider, priceIds, returnUrl }),
      consumer: billingConsumer(store),
      timers: [{ name: 'billing.period-end', everyMs: PERIOD_SWEEP_MS, run: () => liftExpiredBlocks(store) }],
    };
  },
});
