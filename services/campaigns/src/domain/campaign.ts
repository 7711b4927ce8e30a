/**
 * Campaign rules, pure: the create/replace body (as Plunk clients send it) and the per-recipient
 * facts stats count. The statuses and what each allows: status.ts.
 */
import { z } from 'zod';
import { isValidEmail } from '../../../../libs/kit/src/email';
import { validationError } from '../../../../libs/kit/src/errors';

export { STATUSES, type Status } from './status';
export const AUDIENCE_TYPES = ['ALL', 'SEGMENT', 'FILTERED'] as const;
export type AudienceType = (typeof AUDIENCE_TYPES)[number];

const email = z
  .string()
  .trim()
  .toLowerCase()
  .refine((s) => isValidEmail(s), 'must be a valid email address');
const noLineBreaks = (s: string) => !/[\r\n]/.test(s);

/**
 * The create body, and what PUT replaces. `audienceCondition` is Plunk's name for
 * `audienceFilter`; `templateId` (optional) supplies subject, body and sender where the body has
 * none, and lists the campaign in the template's usage.
 */
export const campaignFields = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(200),
    description: z.string().max(2000).nullable().optional(),
    subject: z
      .string()
      .min(1, 'must not be empty')
      .max(998)
      .refine(noLineBreaks, 'must not contain line breaks')
      .optional()
      .describe('Required unless templateId gives one; handlebars, rendered per recipient.'),
    body: z
      .string()
      .min(1, 'must not be empty')
      .max(2_000_000)
      .optional()
      .describe('HTML, a handlebars template rendered per recipient with the contact (required unless templateId gives one).'),
    from: email.optional().describe('On a verified domain of the project (required unless templateId gives one).'),
    fromName: z.string().max(256).refine(noLineBreaks, 'must not contain line breaks').nullable().optional(),
    replyTo: email.nullable().optional(),
    templateId: z.string().uuid('must be a template id').nullable().optional(),
    audienceType: z.enum(AUDIENCE_TYPES, { error: 'must be ALL, SEGMENT or FILTERED' }),
    segmentId: z.string().uuid('must be a segment id').nullable().optional().describe('Required when audienceType is SEGMENT.'),
    audienceFilter: z
      .record(z.string(), z.unknown())
      .nullable()
      .optional()
      .describe('Required when audienceType is FILTERED: a condition (docs/decisions/README.md, "Audience conditions").'),
    audienceCondition: z.record(z.string(), z.unknown()).nullable().optional().describe("Plunk's name for audienceFilter."),
  })
  .transform(({ audienceCondition, ...f }) => ({ ...f, audienceFilter: f.audienceFilter ?? audienceCondition ?? null }))
  .superRefine((f, ctx) => {
    if (f.audienceType === 'SEGMENT' && !f.segmentId) ctx.addIssue({ code: 'custom', path: ['segmentId'], message: 'required when audienceType is SEGMENT' });
    if (f.audienceType === 'FILTERED' && !f.audienceFilter)
      ctx.addIssue({ code: 'custom', path: ['audienceFilter'], message: 'required when audienceType is FILTERED' });
  });

export type CampaignFields = z.output<typeof campaignFields>;

/** A create or replace body (the route's), validated: a 422 naming each bad field, with zod's own code. */
export function parseCampaignFields(body: unknown): CampaignFields {
  const r = campaignFields.safeParse(body ?? {});
  if (!r.success) {
    throw validationError(r.error.issues.map((i) => ({ field: i.path.map(String).join('.') || 'body', message: i.message, code: i.code })));
  }
  return r.data;
}

/** `2030-01-01T09:00:00Z`, with seconds and fractions optional, `Z` or an offset. */
const ISO_DATETIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;
/** The furthest ahead a send can be scheduled. */
export const MAX_SCHEDULE_YEARS = 10;

/** What is wrong with a send's `scheduledFor` (undefined: send now), or undefined when it is a good time. */
export function scheduleProblem(scheduledFor: string | undefined, now: Date): string | undefined {
  if (scheduledFor === undefined) return undefined;
  const m = ISO_DATETIME.exec(scheduledFor);
  const [year, month, day] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [];
  // A real calendar day: 2031-02-31 is refused, not read as March 3rd.
  if (!m || month! < 1 || month! > 12 || day! < 1 || day! > new Date(Date.UTC(year!, month!, 0)).getUTCDate()) {
    return 'must be an ISO 8601 date and time with a time zone, e.g. 2030-01-01T09:00:00Z';
  }
  const at = new Date(scheduledFor);
  if (at.getTime() <= now.getTime()) return 'must be in the future (send without scheduledFor to start now)';
  if (at.getTime() > now.getTime() + MAX_SCHEDULE_YEARS * 366 * 86_400_000) return `must be within ${MAX_SCHEDULE_YEARS} years`;
  return undefined;
}

/**
 * What each recipient's emails did, one bit a fact, so each is counted once per recipient
 * whatever arrives twice or out of order. A later fact implies the earlier ones it needs
 * (a click implies the open, which implies delivery, which implies the send).
 */
export const FACT = {
  sent: 1,
  delivered: 2,
  opened: 4,
  clicked: 8,
  bounced: 16,
  complained: 32,
  unsubscribed: 64,
  failed: 128,
  /** The recipient answered (not an auto-reply): messaging.email.received.v1 naming the campaign's email. */
  replied: 256,
  /** A person opened (or clicked) the email: machines' opens and clicks do not count (docs/deliverability.md, "Human and machine engagement"). */
  human_opened: 512,
  human_clicked: 1024,
} as const;
export type Fact = keyof typeof FACT;

const IMPLIES: Record<Fact, number> = {
  sent: FACT.sent,
  delivered: FACT.sent | FACT.delivered,
  opened: FACT.sent | FACT.delivered | FACT.opened,
  clicked: FACT.sent | FACT.delivered | FACT.opened | FACT.clicked,
  bounced: FACT.sent | FACT.bounced,
  complained: FACT.sent | FACT.delivered | FACT.complained,
  unsubscribed: FACT.unsubscribed,
  failed: FACT.failed,
  replied: FACT.replied,
  human_opened: FACT.sent | FACT.delivered | FACT.opened | FACT.human_opened,
  human_clicked: FACT.sent | FACT.delivered | FACT.opened | FACT.clicked | FACT.human_opened | FACT.human_clicked,
};

/**
 * The bits an email status (or an unsubscribe) sets on its recipient; 0 for statuses that are not
 * facts (queued, sending). A person's first open or click (`human`) sets its human fact too.
 */
export function factBits(status: string, human = false): number {
  const bits = (IMPLIES as Record<string, number>)[status] ?? 0;
  return human && (status === 'opened' || status === 'clicked') ? bits | IMPLIES[`human_${status}`] : bits;
}

/** The counters of a campaign, one per fact. */
export type Counts = Record<Fact, number>;

const rate = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 10_000) / 100 : 0);

/** Plunk's stats: counts, and rates 0–100 of the emails sent (delivery, open, click, bounce). */
export function statsView(totalRecipients: number, c: Counts) {
  return {
    totalRecipients,
    sentCount: c.sent,
    deliveredCount: c.delivered,
    openedCount: c.opened,
    clickedCount: c.clicked,
    bouncedCount: c.bounced,
    complainedCount: c.complained,
    unsubscribedCount: c.unsubscribed,
    repliedCount: c.replied,
    openRate: rate(c.opened, c.sent),
    clickRate: rate(c.clicked, c.sent),
    bounceRate: rate(c.bounced, c.sent),
    deliveryRate: rate(c.delivered, c.sent),
    humanOpenedCount: c.human_opened,
    humanClickedCount: c.human_clicked,
    humanOpenRate: rate(c.human_opened, c.sent),
    humanClickRate: rate(c.human_clicked, c.sent),
  };
}
