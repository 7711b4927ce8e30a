import { z } from 'zod';
import { secretSetting } from '../../../libs/kit/src';

const optional = (s: z.ZodString) => z.preprocess((v) => (v === '' ? undefined : v), s.optional());

/** The billing service's settings (docs/configuration.md, "Billing"). */
export const billingSettings = z.object({
  /** Stripe's secret API key: set, checkout, the billing portal, invoices and the webhook are on. */
  STRIPE_SECRET_KEY: secretSetting(optional(z.string().min(1)), { required: false }),
  /** The signing secret of the Stripe webhook endpoint (`whsec_…`): POST /webhooks/incoming/billing checks every notification with it. */
  STRIPE_WEBHOOK_SECRET: secretSetting(optional(z.string().min(1)), { required: false }),
  /** The Stripe price ids a checkout can subscribe to (comma-separated); the first is the default. */
  STRIPE_PRICE_IDS: z.string().default(''),
  /** Where the Stripe SDK sends its requests (a proxy, a test server); default Stripe's own API. */
  STRIPE_API_URL: optional(z.string().url()),
  /** Where checkout and the billing portal send the user back to; default PUBLIC_URL. */
  BILLING_RETURN_URL: optional(z.string().url()),
});
export type BillingSettings = z.infer<typeof billingSettings>;
