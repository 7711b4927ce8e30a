import { z } from 'zod';

/** The categories consumption is counted and capped in (Plunk's). */
export const CATEGORIES = ['transactional', 'campaigns', 'workflows', 'inbound'] as const;
export type Category = (typeof CATEGORIES)[number];

/** An email's sourceType (messaging.email.status_changed.v1) → its billing category. */
export const CATEGORY_OF_SOURCE: Record<'transactional' | 'campaign' | 'workflow', Category> = {
  transactional: 'transactional',
  campaign: 'campaigns',
  workflow: 'workflows',
};

/** A category's warning threshold: usage at 80 % of its limit. */
const WARNING_RATIO = 0.8;
/** The largest limit taken (far above any real month). */
const MAX_LIMIT = 1_000_000_000_000;

const limitValue = z
  .number({ error: 'must be a whole number of emails, or null for no limit' })
  .int('must be a whole number of emails, or null for no limit')
  .min(0, 'must be 0 or more (0 blocks the category), or null for no limit')
  .max(MAX_LIMIT, `must be at most ${MAX_LIMIT}`)
  .nullable();

/** PUT …/billing-limits: each category's limit (null = unlimited); a category left out keeps its limit. */
export const limitsBodySchema = z
  .looseObject(
    Object.fromEntries(CATEGORIES.map((c) => [c, limitValue.optional().describe(`The ${c} limit per billing period (emails; null: unlimited).`)])) as Record<
      Category,
      z.ZodOptional<typeof limitValue>
    >,
    { error: 'must be a JSON object' },
  )
  // An unknown key is named in the 422 (a typo must not pass silently as "no change").
  .superRefine((body, ctx) => {
    for (const key of Object.keys(body)) {
      if (!(CATEGORIES as readonly string[]).includes(key))
        ctx.addIssue({ code: 'custom', path: [key], message: `is not a billing category; the categories are ${CATEGORIES.join(', ')}` });
    }
  });

/** POST …/checkout: optionally, which of the configured prices (checkoutBody checks it is one; default the first). */
export const checkoutBodySchema = z.strictObject({
  priceId: z.string().optional().describe('One of the prices configured on the deployment (STRIPE_PRICE_IDS); default the first.'),
});

/** The checkout body of a deployment: its priceId one of the configured prices. */
export const checkoutBody = (priceIds: string[]) =>
  checkoutBodySchema.refine((b) => b.priceId === undefined || priceIds.includes(b.priceId), {
    path: ['priceId'],
    message: `must be one of the configured prices (${priceIds.join(', ')})`,
  });

/** A billing period: [start, end). */
export interface Period {
  start: Date;
  end: Date;
  /** Where it comes from: the calendar month (UTC), or the project's subscription with the payment provider. */
  source: 'calendar_month' | 'subscription';
}

/** The calendar month (UTC) holding `at`. */
export function calendarMonth(at: Date): Period {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end, source: 'calendar_month' };
}

/** Subscription statuses that give the project its billing period (and count as "has a subscription"). */
export const LIVE_SUBSCRIPTION = ['active', 'trialing', 'past_due'] as const;
export const isLive = (status: string) => (LIVE_SUBSCRIPTION as readonly string[]).includes(status);

/** The project's period at `at`: its live subscription's current period when it holds `at`, else the calendar month. */
export function periodAt(at: Date, sub?: { status: string; start: Date | null; end: Date | null }): Period {
  if (sub && sub.start && sub.end && isLive(sub.status) && sub.start <= at && at < sub.end) {
    return { start: sub.start, end: sub.end, source: 'subscription' };
  }
  return calendarMonth(at);
}

/** One category's line of GET …/billing-limits. */
export interface LimitView {
  limit: number | null;
  usage: number;
  percentage: number;
  isWarning: boolean;
  isBlocked: boolean;
}

export function limitView(limit: number | null, usage: number): LimitView {
  if (limit === null) return { limit, usage, percentage: 0, isWarning: false, isBlocked: false };
  const percentage = limit === 0 ? 100 : Math.round((usage / limit) * 10_000) / 100;
  return { limit, usage, percentage, isWarning: usage >= limit * WARNING_RATIO, isBlocked: isBlocked(limit, usage) };
}

/** A category is blocked once its usage in the period reached its limit (a limit of 0 blocks it outright). */
export const isBlocked = (limit: number | null, usage: number) => limit !== null && usage >= limit;

/** The hour bucket of a moment. */
export const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
