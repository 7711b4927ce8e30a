/**
 * Warm-up per sending domain × mailbox provider (docs/deliverability.md, "Warm-up"): a new domain
 * sends each provider at most an hourly cap that starts low and grows once a day — only while that
 * provider's last 24 hours stayed healthy — until it reaches the plan's ceiling, where the warm-up
 * of that provider ends. Mail over the cap waits in the queue. No I/O; every duration is divided by
 * the time scale (DELIVERABILITY_TIME_SCALE), so tests see a day pass in seconds.
 */

export interface WarmupPlan {
  enabled: boolean;
  /** The first day's hourly cap per provider. */
  startPerHour: number;
  /** Each healthy day multiplies the cap by this. */
  growth: number;
  /** The cap at which a provider's warm-up ends (no cap after). */
  maxPerHour: number;
  /** Transactional mail passes uncounted (the documented default): what users wait for is never held for a curve. */
  exemptTransactional: boolean;
}

/** SendGrid's published curve starts near 20–50 an hour and grows about ×1.4 a day; 5,000 an hour is past any warm-up. */
export const DEFAULT_PLAN: Omit<WarmupPlan, 'enabled'> = { startPerHour: 50, growth: 1.4, maxPerHour: 5000, exemptTransactional: true };

/** A provider's last 24 hours must stay under these for the cap to grow. */
export const HEALTHY = { bounceRate: 0.02, complaintRate: 0.001, deferralRate: 0.05 } as const;

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** One provider's place on the curve. */
export interface ProviderStep {
  cap: number;
  /** Days grown so far. */
  step: number;
  nextStepAt: Date;
  /** Why the last step did not grow the cap (empty when it did, or before the first step). */
  heldBack: string;
  /** The cap reached the ceiling: this provider is warm. */
  done: boolean;
}

export function firstStep(plan: WarmupPlan, now: number, scale: number): ProviderStep {
  return { cap: plan.startPerHour, step: 0, nextStepAt: new Date(now + DAY_MS / scale), heldBack: '', done: plan.startPerHour >= plan.maxPerHour };
}

/** A provider's last 24 hours from one sending domain. */
export interface DayHealth {
  sent: number;
  bounces: number;
  complaints: number;
  deferred: number;
}

const pct = (r: number) => `${(r * 100).toFixed(1).replace(/\.0$/, '')} %`;

/** Why the day was not healthy, or '' when it was: the first threshold it crossed. */
export function unhealthy(h: DayHealth): string {
  if (h.sent === 0) return '';
  const checks: Array<[string, number, number]> = [
    ['hard bounces', h.bounces / h.sent, HEALTHY.bounceRate],
    ['complaints', h.complaints / h.sent, HEALTHY.complaintRate],
    ['deferrals', h.deferred / h.sent, HEALTHY.deferralRate],
  ];
  const crossed = checks.find(([, rate, line]) => rate >= line);
  return crossed ? `${crossed[0]} ${pct(crossed[1])} of ${h.sent} mails in the last 24 hours (must stay under ${pct(crossed[2])})` : '';
}

/** The step at `nextStepAt`: grow by the plan's factor if the day was healthy, else hold the cap and say why; the next step a day later. */
export function nextStep(s: ProviderStep, plan: WarmupPlan, health: DayHealth, now: number, scale: number): ProviderStep {
  const why = unhealthy(health);
  const cap = why ? s.cap : Math.min(plan.maxPerHour, Math.max(s.cap + 1, Math.round(s.cap * plan.growth)));
  return { cap, step: why ? s.step : s.step + 1, nextStepAt: new Date(now + DAY_MS / scale), heldBack: why, done: cap >= plan.maxPerHour };
}

/** Whether an email is counted against the warm-up cap. */
export const capped = (plan: WarmupPlan, type: 'TRANSACTIONAL' | 'MARKETING') => plan.enabled && (type === 'MARKETING' || !plan.exemptTransactional);

/** When `remaining` mails to a provider are out at its cap (growing daily, if healthy): hours from now, roughly. */
export function hoursToSend(remaining: number, s: ProviderStep, plan: WarmupPlan, untilNextStepHours: number): number {
  if (s.done || remaining <= 0) return 0;
  let hours = 0;
  let cap = s.cap;
  let left = remaining;
  let dayLeft = untilNextStepHours;
  while (left > 0 && hours < 24 * 365) {
    const now = Math.min(dayLeft, Math.ceil(left / cap));
    left -= now * cap;
    hours += now;
    dayLeft -= now;
    if (dayLeft <= 0) {
      cap = Math.min(plan.maxPerHour, Math.max(cap + 1, Math.round(cap * plan.growth)));
      dayLeft = 24;
    }
  }
  return hours;
}

/**
 * When `waiting` mails to a provider are out at its current step (hoursToSend from `now`, the day's
 * remaining hours counted to its next step), or null when none wait or the plan is off.
 */
export function expectedDoneAt(plan: WarmupPlan, s: ProviderStep, waiting: number, now: number, scale: number): Date | null {
  if (waiting <= 0 || !plan.enabled) return null;
  const hourMs = HOUR_MS / scale;
  const untilStep = Math.max(0, (s.nextStepAt.getTime() - now) / hourMs);
  return new Date(now + hoursToSend(waiting, s, plan, Math.max(1, Math.ceil(untilStep))) * hourMs);
}

/** A campaign's emails to one provider from one sending domain, as messaging holds them. */
export interface CampaignLane {
  domain: string;
  provider: string;
  /** Its emails not sent yet (queued, held or not, or with a sender). */
  unsent: number;
  /** Of those, the ones the warm-up holds for a later hour. */
  held: number;
  /** Its emails to this provider in a sample of the campaign's routed emails (sent or not): the share of those not handed over yet. */
  sampled: number;
}

/** Where a campaign's lane is on its domain's curve: the plan, the provider's step, and all the domain's mail the warm-up holds for it. */
export interface LaneCurve {
  plan: WarmupPlan;
  step: ProviderStep;
  domainHeld: number;
}

export interface CampaignFinish {
  /** The latest of its lanes' expected ends; null when the warm-up holds none of its mail. */
  expectedFinishAt: Date | null;
  /** The lanes the warm-up holds, latest first. */
  heldBy: Array<{ domain: string; provider: string; waiting: number; cap: number; expectedDoneAt: Date }>;
}

/**
 * When a sending campaign is out (docs/deliverability.md, "Warm-up"): each lane the warm-up holds
 * is out when all the mail waiting for its provider is — the domain's held mail (the campaign's
 * among it: the hour's turn takes them in no order), the campaign's other unsent emails to it, and
 * its share of the recipients the campaign has not handed to messaging yet (`notDispatched`, split
 * by the sample's mix) — at the provider's current curve (expectedDoneAt). The campaign is out at
 * the latest of those. Lanes no warm-up holds go at once and are left out; none held: null.
 */
export function campaignFinish(
  lanes: CampaignLane[],
  notDispatched: number,
  curveOf: (domain: string, provider: string) => LaneCurve | undefined,
  now: number,
  scale: number,
): CampaignFinish {
  const sampled = lanes.reduce((n, l) => n + l.sampled, 0);
  const heldBy: CampaignFinish['heldBy'] = [];
  for (const l of lanes) {
    if (l.held <= 0) continue;
    const curve = curveOf(l.domain, l.provider);
    if (!curve) continue;
    const later = sampled > 0 ? Math.round((Math.max(0, notDispatched) * l.sampled) / sampled) : 0;
    const waiting = l.unsent + later;
    const at = expectedDoneAt(curve.plan, curve.step, Math.max(curve.domainHeld, l.held) + (l.unsent - l.held) + later, now, scale);
    if (at) heldBy.push({ domain: l.domain, provider: l.provider, waiting, cap: curve.step.cap, expectedDoneAt: at });
  }
  heldBy.sort((a, b) => b.expectedDoneAt.getTime() - a.expectedDoneAt.getTime() || a.provider.localeCompare(b.provider));
  return { expectedFinishAt: heldBy[0]?.expectedDoneAt ?? null, heldBy };
}
