/**
 * Traffic shaping: how fast mail from one sending domain goes to one mailbox provider, adapted to
 * what the provider answers (docs/deliverability.md, "Adaptive throttling"). Three parts, all data
 * and arithmetic, no I/O:
 * - each provider's limits (connections, messages per connection), seeded from the providers' own
 *   guidance and KumoMTA's community shaping file, overridable in DELIVERABILITY_PROVIDER_LIMITS;
 * - a catalogue of replies that call for more than backing off (Gmail's 4.7.28 rate limit, Yahoo's
 *   TSS04, Microsoft's IP reputation deferral …), extendable in DELIVERABILITY_REPLY_RULES;
 * - the pace: a window of messages in flight that grows by one per window of accepted messages
 *   and halves on a deferral (additive increase, multiplicative decrease, as Postfix's
 *   per-destination concurrency), under a rate cap while a rule holds.
 */
import { z } from 'zod';

export interface ProviderLimits {
  /** SMTP connections open at once to the provider (from one sender process): the pace's ceiling. */
  connections: number;
  /** Messages carried by one connection before it is closed and another opened. */
  perConnection: number;
}

/** Seeded from the providers' guidance as KumoMTA's shaping file records it (Gmail 5 × 50, Yahoo 20 per connection, Apple 10 × 5 …). */
export const PROVIDER_LIMITS: Readonly<Record<string, ProviderLimits>> = {
  google: { connections: 5, perConnection: 50 },
  microsoft: { connections: 5, perConnection: 50 },
  yahoo: { connections: 10, perConnection: 20 },
  apple: { connections: 10, perConnection: 5 },
  other: { connections: 10, perConnection: 100 },
};

/** What a rule does: cut the rate to `ratePerMinute` (one connection), or suspend sending, for `minutes`. */
export interface ReplyRule {
  /** Shown in the feed and the API as the reason. */
  name: string;
  /** Only replies from this provider; absent: any. */
  provider?: string;
  /** A regular expression (case-insensitive) over the reply's text, its code included. */
  match: string;
  action: 'throttle' | 'suspend';
  /** For `throttle`: the messages a minute while it holds. */
  ratePerMinute?: number;
  minutes: number;
}

/**
 * The built-in catalogue (checked after DELIVERABILITY_REPLY_RULES). Gmail's 4.7.28 is its rate
 * limit for unusual volume, 4.7.0 with "reputation" its IP or domain reputation deferral; Yahoo's
 * TSS04 asks for sending to stop; Microsoft's "rate limited due to IP reputation" and the server
 * busy answers ask for a trickle. The actions and windows are KumoMTA's (1/minute for 90 minutes;
 * Yahoo suspended 2 hours).
 */
export const REPLY_RULES: readonly ReplyRule[] = [
  { name: 'gmail-rate-limit', provider: 'google', match: '\\b4\\.7\\.28\\b', action: 'throttle', ratePerMinute: 1, minutes: 90 },
  { name: 'gmail-reputation', provider: 'google', match: '\\b4\\.7\\.0\\b.*reputation', action: 'throttle', ratePerMinute: 1, minutes: 90 },
  { name: 'yahoo-tss04', provider: 'yahoo', match: '\\[TS?S04\\]', action: 'suspend', minutes: 120 },
  { name: 'microsoft-ip-reputation', match: 'temporarily rate limited due to IP reputation', action: 'throttle', ratePerMinute: 1, minutes: 90 },
  {
    name: 'ip-deferred',
    match: 'messages from \\d+\\.\\d+\\.\\d+\\.\\d+ (temporarily|will be permanently) deferred',
    action: 'throttle',
    ratePerMinute: 1,
    minutes: 90,
  },
  { name: 'server-busy', match: 'server busy\\. please try again later', action: 'throttle', ratePerMinute: 1, minutes: 90 },
];

const providerName = z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/, 'a provider is a lowercase word (google, microsoft, yahoo, apple, other, or a name of yours)');

/** DELIVERABILITY_PROVIDER_LIMITS: `{ "google": { "connections": 3 }, "fastmail": { "connections": 4, "perConnection": 100 } }`, over the built-in table. */
export const providerLimitsSchema = z.record(
  providerName,
  z.object({ connections: z.number().int().min(1).max(1000).optional(), perConnection: z.number().int().min(1).max(100_000).optional() }).strict(),
);

const regex = z.string().refine((s) => {
  try {
    new RegExp(s, 'i');
    return true;
  } catch {
    return false;
  }
}, 'a regular expression (JavaScript syntax)');

/** DELIVERABILITY_REPLY_RULES: a JSON list of rules, checked before the built-in catalogue. */
export const replyRulesSchema = z.array(
  z
    .object({
      name: z.string().regex(/^[a-z0-9][a-z0-9_.-]{0,63}$/, 'a rule name is a lowercase word (letters, digits, - _ .)'),
      provider: providerName.optional(),
      match: regex,
      action: z.enum(['throttle', 'suspend']),
      ratePerMinute: z.number().positive().max(1_000_000).optional(),
      minutes: z
        .number()
        .positive()
        .max(7 * 24 * 60),
    })
    .strict()
    .refine((r) => r.action === 'suspend' || r.ratePerMinute !== undefined, { message: 'a throttle rule needs ratePerMinute', path: ['ratePerMinute'] }),
);

/** The limits of a provider: the configured ones over the built-in, `other`'s for a provider neither names. */
export function limitsOf(provider: string, overrides: Readonly<Record<string, Partial<ProviderLimits>>> = {}): ProviderLimits {
  const base = PROVIDER_LIMITS[provider] ?? PROVIDER_LIMITS.other;
  return { ...base, ...overrides[provider] };
}

/** The first rule matching a reply from `provider`, or none (then the reply only narrows the window). */
export function matchReply(reply: string, provider: string, rules: readonly ReplyRule[]): ReplyRule | undefined {
  return rules.find((r) => (r.provider === undefined || r.provider === provider) && new RegExp(r.match, 'i').test(reply));
}

/**
 * The pace to one (domain, provider): the window of messages in flight, and the rule holding it
 * (until when). Plain data, changed only by the functions below.
 */
export interface Pace {
  window: number;
  ceiling: number;
  /** Set while a catalogue rule holds, or while deferrals keep the window at its floor. */
  throttle: Throttle | null;
}

export interface Throttle {
  reason: string;
  reply: string | null;
  /** Messages a minute while it holds; 0: suspended; null: no rate cap (the deferrals' narrowed window). */
  ratePerMinute: number | null;
  /** When it lifts; null: when the window has grown back to its ceiling. */
  until: number | null;
}

/** A new pace starts at half the ceiling (at least 1), as Postfix starts below its limit. */
export function newPace(ceiling: number): Pace {
  return { window: Math.max(1, Math.ceil(ceiling / 2)), ceiling, throttle: null };
}

export type PaceChange = { action: 'throttled' | 'resumed'; throttle: Throttle } | undefined;

/** An accepted message: the window grows by 1/window (one per window of messages) up to the ceiling, except while a rule's throttle holds; a throttle whose time is up, or whose window is back, is lifted. */
export function accepted(p: Pace, now: number): PaceChange {
  const t = p.throttle;
  // Under a rule's throttle one message goes at a time: the window grows again once it lifts.
  if (!t || t.until === null || now >= t.until) p.window = Math.min(p.ceiling, p.window + 1 / Math.max(1, p.window));
  if (!t) return undefined;
  if ((t.until !== null && now >= t.until) || (t.until === null && p.window >= p.ceiling)) {
    p.throttle = null;
    return { action: 'resumed', throttle: t };
  }
  return undefined;
}

/**
 * A deferral (a 4xx reply): the window halves (never under 1). A rule of the catalogue throttles
 * or suspends for its time; without one, a window pushed down to 1 is a throttle of its own
 * (reason `deferrals`), lifted when the window is back at its ceiling. Returns the change when the
 * pace was not throttled already (or a rule replaces the deferrals' throttle).
 */
export function deferred(p: Pace, reply: string, rule: ReplyRule | undefined, now: number, timeScale = 1): PaceChange {
  p.window = Math.max(1, p.window / 2);
  const active = p.throttle && (p.throttle.until === null || now < p.throttle.until) ? p.throttle : null;
  if (rule) {
    if (active && active.until !== null) return undefined; // a rule holds already: it runs its course
    p.throttle = {
      reason: rule.name,
      reply: reply.slice(0, 500),
      ratePerMinute: rule.action === 'suspend' ? 0 : (rule.ratePerMinute ?? 1),
      until: now + (rule.minutes * 60_000) / timeScale,
    };
    p.window = 1;
    return { action: 'throttled', throttle: p.throttle };
  }
  if (active || p.window > 1) return undefined;
  p.throttle = { reason: 'deferrals', reply: reply.slice(0, 500), ratePerMinute: null, until: null };
  return { action: 'throttled', throttle: p.throttle };
}

/** The wait before the next message may start, given those in flight and when the last one started: 0 when it may go now. */
export function waitMs(p: Pace, inFlight: number, lastStart: number, now: number): number {
  const t = p.throttle && (p.throttle.until === null || now < p.throttle.until) ? p.throttle : null;
  if (t?.ratePerMinute === 0) return Math.max(1, (t.until ?? now) - now);
  if (t?.ratePerMinute) {
    // One at a time, `gap` apart, and never past the throttle's end.
    const gap = 60_000 / t.ratePerMinute;
    const end = t.until ?? Infinity;
    if (inFlight > 0) return Math.max(1, Math.min(gap, end - now));
    return Math.max(0, Math.min(lastStart + gap, end) - now);
  }
  return inFlight < Math.floor(p.window) ? 0 : -1; // -1: the window is full; wait for a message to end
}
