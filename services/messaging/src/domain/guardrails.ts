/**
 * Published guardrails (docs/deliverability.md, "Guardrails"): rolling 24-hour and 7-day bounce and
 * complaint rates of a sending domain, as a whole and per mailbox provider, against thresholds
 * everyone can read. Marketing mail from a domain pauses when a complaint rate reaches the pause
 * line (Gmail's and Yahoo's 0.3 %); transactional mail keeps flowing. No I/O.
 */

export interface GuardrailThresholds {
  /** A window with fewer mails sent is shown but judges nothing (one complaint in ten mails is not 10 %). */
  minVolume: number;
  bounceWarn: number;
  bounceHigh: number;
  complaintWarn: number;
  complaintPause: number;
}

/** Gmail's and Yahoo's bulk-sender lines: keep spam complaints under 0.1 %, never reach 0.3 %. Hard bounces: 2 % is poor list hygiene, 5 % is a list problem. */
export const DEFAULT_THRESHOLDS: GuardrailThresholds = {
  minVolume: 100,
  bounceWarn: 0.02,
  bounceHigh: 0.05,
  complaintWarn: 0.001,
  complaintPause: 0.003,
};

export const WINDOWS = { '24h': 24 * 3_600_000, '7d': 7 * 24 * 3_600_000 } as const;
export type WindowName = keyof typeof WINDOWS;

/** What was sent from a domain in one window: all providers (`provider` null) or one. */
export interface WindowCounts {
  window: WindowName;
  provider: string | null;
  sent: number;
  bounces: number;
  complaints: number;
}

export type Level = 'ok' | 'warning' | 'critical' | 'too_few';

export interface WindowRates extends WindowCounts {
  bounceRate: number;
  complaintRate: number;
  bounceLevel: Level;
  complaintLevel: Level;
}

const rate = (n: number, of: number) => (of > 0 ? n / of : 0);

function level(r: number, sent: number, warn: number, critical: number, t: GuardrailThresholds): Level {
  if (sent < t.minVolume) return 'too_few';
  return r >= critical ? 'critical' : r >= warn ? 'warning' : 'ok';
}

export function rates(c: WindowCounts, t: GuardrailThresholds): WindowRates {
  const bounceRate = rate(c.bounces, c.sent);
  const complaintRate = rate(c.complaints, c.sent);
  return {
    ...c,
    bounceRate,
    complaintRate,
    bounceLevel: level(bounceRate, c.sent, t.bounceWarn, t.bounceHigh, t),
    complaintLevel: level(complaintRate, c.sent, t.complaintWarn, t.complaintPause, t),
  };
}

const pct = (r: number) => `${(r * 100).toFixed(2).replace(/\.?0+$/, '')} %`;
const scope = (w: WindowCounts) => `${w.provider ? `${w.provider} mail` : 'all mail'} of the last ${w.window}`;

/**
 * What a complaint changes: `pause` when a window (the domain's, or one provider's) reached the
 * pause line, else `warn` when one reached the warning line, else nothing; with the sentence that
 * says why, naming the window. The counts given are those the rule may judge (since the last resume).
 */
export function verdict(counts: WindowCounts[], t: GuardrailThresholds): { action: 'pause' | 'warn'; reason: string; rate: number } | undefined {
  const judged = counts.map((c) => rates(c, t)).filter((r) => r.complaintLevel !== 'too_few');
  const worst = (lvl: Level) => judged.filter((r) => r.complaintLevel === lvl).sort((a, b) => b.complaintRate - a.complaintRate)[0];
  const lines = [
    { level: 'critical' as const, action: 'pause' as const, line: t.complaintPause, reached: 'reached the pause line' },
    { level: 'warning' as const, action: 'warn' as const, line: t.complaintWarn, reached: 'passed the warning line' },
  ];
  for (const { level: lvl, action, line, reached } of lines) {
    const w = worst(lvl);
    if (w)
      return {
        action,
        rate: w.complaintRate,
        reason: `complaint rate ${pct(w.complaintRate)} (${w.complaints} of ${w.sent}) on ${scope(w)} ${reached} of ${pct(line)}`,
      };
  }
  return undefined;
}
