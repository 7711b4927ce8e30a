import { z } from 'zod';
import type { Api } from '../../../../libs/contracts/src';
import type { ConsumptionResponse__Output as ConsumptionMsg } from '../../../../libs/contracts/src/generated/herald/billing/v1/ConsumptionResponse';
import type { Invoice__Output as InvoiceMsg } from '../../../../libs/contracts/src/generated/herald/billing/v1/Invoice';
import type { Limits__Output as LimitsMsg } from '../../../../libs/contracts/src/generated/herald/billing/v1/Limits';
import type { LimitsWrite } from '../../../../libs/contracts/src/generated/herald/billing/v1/LimitsWrite';
import type { WebhookResponse__Output as WebhookMsg } from '../../../../libs/contracts/src/generated/herald/billing/v1/WebhookResponse';
import { on, parse, policy, zodToFieldErrors, type Route } from '../../../../libs/edge/src';
import { AppError } from '../../../../libs/kit/src';
import { billingDisabled } from '../app/billing';
import { CATEGORIES, checkoutBody, checkoutBodySchema, limitsBodySchema, limitView, type Category, type Period } from '../domain/billing';

/**
 * Billing, the limits in Plunk's shape: a project's limits, consumption and invoices for its members;
 * changing limits, checkout and the billing portal for its owner and admins; the provider's
 * webhook for the provider (signed).
 */

const tag = 'Billing';
const PROJECT_ID = { id: 'The project id.' };
const byCategory = <T>(f: (c: Category) => T) => Object.fromEntries(CATEGORIES.map((c) => [c, f(c)])) as Record<Category, T>;
// ——— Answers: the views' schemas (checked against every answer in the tests) ———

const byCategorySchema = <T extends z.ZodType>(t: T) => z.strictObject(byCategory(() => t));
const limitAnswer = z.strictObject({
  limit: z.number().int().nullable().describe('Emails per billing period; null: unlimited.'),
  usage: z.number().int(),
  percentage: z.number().min(0).describe('The usage, percent of the limit (two decimals; 0 when unlimited, 100 for a limit of 0).'),
  isWarning: z.boolean().describe('The usage reached 80 % of the limit.'),
  isBlocked: z.boolean().describe('The usage reached the limit: new sends of the category are refused.'),
});
const limitsAnswer = byCategorySchema(limitAnswer);
const consumptionAnswer = z.strictObject({
  periodStart: z.iso.datetime(),
  periodEnd: z.iso.datetime(),
  period: z.enum(['calendar_month', 'subscription']).describe("The subscription's current period, else the calendar month (UTC)."),
  usage: byCategorySchema(z.number().int()),
  total: z.number().int(),
});
const invoiceAnswer = z.strictObject({
  id: z.string(),
  number: z.string().nullable(),
  status: z.string().describe("The provider's status (draft, open, paid, uncollectible, void)."),
  amountDue: z.number().int().describe('In the smallest unit of the currency (cents).'),
  amountPaid: z.number().int().describe('In the smallest unit of the currency (cents).'),
  currency: z.string().nullable(),
  periodStart: z.iso.datetime().nullable(),
  periodEnd: z.iso.datetime().nullable(),
  hostedInvoiceUrl: z.string().nullable(),
  invoicePdf: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
const urlAnswer = z.strictObject({ url: z.string().describe('Where to send the user.') });
const webhookAnswer = z.strictObject({
  received: z.literal(true),
  duplicate: z.literal(true).optional().describe('A replay of an event applied already.'),
  ignored: z.string().optional().describe('Why the event changed nothing.'),
  applied: z.string().optional().describe('The event type applied.'),
  projectId: z.string().optional().describe('The project the event concerned.'),
});

/** Each category's line in Plunk's shape: the limit (null: unlimited) and usage, and what follows from them. */
const limitsView = (m: LimitsMsg): z.infer<typeof limitsAnswer> =>
  byCategory((c) => limitView(m[c]?.limit === undefined || m[c]?.limit === null ? null : Number(m[c]!.limit), Number(m[c]?.usage ?? 0)));
const consumptionView = (m: ConsumptionMsg): z.infer<typeof consumptionAnswer> => {
  const usage = byCategory((c) => Number(m.usage?.[c] ?? 0));
  return {
    periodStart: m.period_start,
    periodEnd: m.period_end,
    period: m.period as Period['source'],
    usage,
    total: CATEGORIES.reduce((n, c) => n + usage[c], 0),
  };
};
const invoiceView = (i: InvoiceMsg): z.infer<typeof invoiceAnswer> => ({
  id: i.id,
  number: i.number ?? null,
  status: i.status,
  amountDue: Number(i.amount_due),
  amountPaid: Number(i.amount_paid),
  currency: i.currency ?? null,
  periodStart: i.period_start ?? null,
  periodEnd: i.period_end ?? null,
  hostedInvoiceUrl: i.hosted_invoice_url ?? null,
  invoicePdf: i.invoice_pdf ?? null,
  createdAt: i.created_at,
});
/** A notification's answer: received, and a replay (`duplicate`), ignored (why) or applied. */
const webhookView = (m: WebhookMsg): z.infer<typeof webhookAnswer> => ({
  received: true as const,
  ...(m.duplicate ? { duplicate: true as const } : {}),
  ...(m.ignored !== undefined ? { ignored: m.ignored } : {}),
  ...(m.applied !== undefined ? { applied: m.applied } : {}),
  ...(m.project_id !== undefined ? { projectId: m.project_id } : {}),
});
/** A category present in the body is changed (its limit unset: none), one left out is not. */
const limitsWrite = (body: Partial<Record<Category, number | null>>): LimitsWrite =>
  Object.fromEntries(CATEGORIES.filter((c) => body[c] !== undefined).map((c) => [c, { limit: body[c] ?? undefined }]));
const disabled = { 404: { code: 'BILLING_DISABLED', description: 'No payment provider is configured on this deployment.' } };
const limitsExample = {
  transactional: limitView(10_000, 8_200),
  campaigns: limitView(50_000, 1_200),
  workflows: limitView(null, 340),
  inbound: limitView(null, 12),
};
const stripeEventSchema = z.looseObject({
  id: z.string(),
  object: z.literal('event'),
  type: z.string(),
  created: z.number(),
  data: z.looseObject({ object: z.record(z.string(), z.unknown()) }),
});

/** A body that is not a Stripe event at all: a 400 naming each field, before anything else. */
function notAnEvent(text: string) {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  const r = stripeEventSchema.safeParse(value);
  if (!r.success) {
    throw new AppError({
      code: 'BAD_REQUEST',
      status: 400,
      message: 'Not a Stripe event',
      errors: zodToFieldErrors(r.error),
      suggestion: 'Only Stripe calls this endpoint, with the events of its webhook endpoint.',
    });
  }
}

export function billingRoutes(billing: () => Api<'billing'>): Route[] {
  const base = '/users/@me/projects/:id';
  return [
    on.get(
      `${base}/billing-limits`,
      policy.member('MEMBER'),
      {
        tag,
        summary: "The project's limits and usage",
        description: `Per category (${CATEGORIES.join(', ')}) in the current billing period: the limit (null: unlimited), the usage, its percentage of the limit, \`isWarning\` from 80 %, \`isBlocked\` once the usage reached the limit — new sends of a blocked category are refused with 403 BILLING_LIMIT_EXCEEDED until the limit is raised or the period ends.`,
        params: PROJECT_ID,
        responses: { 200: { description: 'Each category.', example: limitsExample, schema: limitsAnswer } },
      },
      async (_req, res) => {
        res.json(limitsView(await billing().GetLimits({})));
      },
    ),
    on.put(
      `${base}/billing-limits`,
      policy.member('ADMIN'),
      {
        tag,
        summary: "Change the project's limits",
        description:
          'Each category a whole number of emails per billing period, 0 to block it, or null for no limit; a category left out keeps its limit. Takes effect within seconds: a limit at or below the usage blocks the category, a raised one opens it again.',
        params: PROJECT_ID,
        body: limitsBodySchema,
        example: { transactional: 10_000, campaigns: 50_000, workflows: null, inbound: null },
        responses: { 200: { description: 'The limits and usage, as GET answers.', example: limitsExample, schema: limitsAnswer } },
      },
      async (_req, res, { body }) => {
        res.json(limitsView(await billing().PutLimits(limitsWrite(body))));
      },
    ),
    on.get(
      `${base}/billing-consumption`,
      policy.member('MEMBER'),
      {
        tag,
        summary: "The current period's consumption",
        description:
          "Emails sent per category (a campaign's in `campaigns`, a workflow's in `workflows`, /v1/send's in `transactional`) and emails received (`inbound`) in the current billing period: the subscription's current period when the project has one with the payment provider, else the calendar month (UTC).",
        params: PROJECT_ID,
        responses: {
          200: {
            description: 'The period and its consumption.',
            example: {
              periodStart: '2025-06-01T00:00:00.000Z',
              periodEnd: '2025-07-01T00:00:00.000Z',
              period: 'calendar_month',
              usage: { transactional: 8200, campaigns: 1200, workflows: 340, inbound: 12 },
              total: 9752,
            },
            schema: consumptionAnswer,
          },
        },
      },
      async (_req, res) => {
        res.json(consumptionView(await billing().Consumption({})));
      },
    ),
    on.get(
      `${base}/billing-invoices`,
      policy.member('MEMBER'),
      {
        tag,
        summary: "The project's invoices",
        description: 'As the payment provider reported them, newest first (at most 100).',
        params: PROJECT_ID,
        responses: {
          200: {
            description: 'The invoices.',
            example: [
              {
                id: 'in_1PbC2d',
                number: 'A1B2C3-0001',
                status: 'paid',
                amountDue: 2900,
                amountPaid: 2900,
                currency: 'usd',
                periodStart: '2025-05-01T00:00:00.000Z',
                periodEnd: '2025-06-01T00:00:00.000Z',
                hostedInvoiceUrl: 'https://invoice.stripe.com/i/acct_1/test',
                invoicePdf: 'https://pay.stripe.com/invoice/acct_1/test/pdf',
                createdAt: '2025-06-01T00:00:00.000Z',
              },
            ],
            schema: z.array(invoiceAnswer),
          },
        },
        errors: disabled,
      },
      async (_req, res) => {
        res.json((await billing().Invoices({})).invoices.map(invoiceView));
      },
    ),
    on.post(
      `${base}/checkout`,
      policy.member('ADMIN'),
      {
        tag,
        summary: 'Start a subscription checkout',
        description: "A checkout session with the payment provider for the project's subscription: send the user to `url`.",
        params: PROJECT_ID,
        forwardedBody: checkoutBodySchema,
        example: {},
        responses: {
          200: { description: 'Where the checkout happens.', example: { url: 'https://checkout.stripe.com/c/pay/cs_test_a1b2c3' }, schema: urlAnswer },
        },
        errors: { ...disabled, 502: { code: 'PAYMENT_PROVIDER_ERROR', description: 'The payment provider did not answer.' } },
      },
      async (_req, res, { body }) => {
        // Billing disabled answers 404 before a bad body's 422, and the 422 names an unconfigured priceId with the rest.
        const shape = checkoutBodySchema.safeParse(body ?? {});
        if (!shape.success) {
          const { enabled, price_ids } = await billing().Status({});
          if (!enabled) throw billingDisabled();
          parse(checkoutBody(price_ids), body);
        }
        const { url } = await billing().Checkout(shape.data?.priceId === undefined ? {} : { price_id: shape.data.priceId });
        res.json({ url });
      },
    ),
    on.post(
      `${base}/billing-portal`,
      policy.member('ADMIN'),
      {
        tag,
        summary: 'Open the billing portal',
        description: "The payment provider's portal for the project (payment method, plan, invoices): send the user to `url`.",
        params: PROJECT_ID,
        responses: { 200: { description: 'Where the portal is.', example: { url: 'https://billing.stripe.com/p/session/test_a1b2c3' }, schema: urlAnswer } },
        errors: { ...disabled, 502: { code: 'PAYMENT_PROVIDER_ERROR', description: 'The payment provider did not answer.' } },
      },
      async (_req, res) => {
        res.json(await billing().BillingPortal({}));
      },
    ),
    on.post(
      '/webhooks/incoming/billing',
      policy.public,
      {
        tag: 'Webhooks',
        summary: 'Payment provider notifications (Stripe)',
        description:
          "Signed by Stripe (Stripe-Signature, checked on the raw body). Subscriptions created, updated and deleted set the project's billing period; a failed invoice payment disables the project (PAYMENT_FAILED), a paid invoice re-enables it. Each event id is applied once: a replay is answered with `duplicate: true`.",
        forwardedBody: stripeEventSchema,
        example: {
          id: 'evt_1PbC2d',
          object: 'event',
          type: 'invoice.payment_failed',
          created: 1748770205,
          data: { object: { id: 'in_1PbC2d', object: 'invoice', customer: 'cus_Q1w2e3' } },
        },
        responses: {
          200: {
            description: 'Received (and applied, unless a replay).',
            example: { received: true, applied: 'invoice.payment_failed', projectId: '01970a3b-4d5e-7f6a-8b7c-9d0e1f2a3b4c' },
            schema: webhookAnswer,
          },
        },
        errors: {
          ...disabled,
          400: {
            code: 'BAD_REQUEST',
            description: 'Not a Stripe event (`errors` names each field); or INVALID_SIGNATURE: the Stripe-Signature header is missing or does not verify.',
          },
        },
      },
      async (req, res, { body }) => {
        const text = typeof body === 'string' ? body : JSON.stringify(body ?? {});
        notAnEvent(text);
        const signature = req.headers['stripe-signature'];
        res.json(webhookView(await billing().HandleProviderWebhook({ body: text, signature: typeof signature === 'string' ? signature : '' })));
      },
      { body: 'text' },
    ),
  ];
}
