/**
 * Reputation, by Plunk's thresholds: with at least 100 emails in a window, bounce and
 * complaint rates are healthy, warning or critical.
 */
const MIN_VOLUME = 100;
const LIMITS = {
  bounce7Day: [0.05, 0.1],
  bounceAllTime: [0.04, 0.08],
  complaint7Day: [0.00075, 0.0015],
  complaintAllTime: [0.0003, 0.0012],
} as const;

type Level = 'healthy' | 'warning' | 'critical';

const level = (rate: number, total: number, [warn, crit]: readonly [number, number]): Level =>
  total < MIN_VOLUME ? 'healthy' : rate >= crit ? 'critical' : rate >= warn ? 'warning' : 'healthy';

const window = (total: number, bounces: number, complaints: number) => ({
  total,
  bounces,
  complaints,
  bounceRate: total ? bounces / total : 0,
  complaintRate: total ? complaints / total : 0,
});

export function reputation(row: Record<string, string | number>) {
  const sevenDay = window(Number(row.total7), Number(row.bounces7), Number(row.complaints7));
  const allTime = window(Number(row.total), Number(row.bounces), Number(row.complaints));
  const levels = {
    bounce7Day: level(sevenDay.bounceRate, sevenDay.total, LIMITS.bounce7Day),
    bounceAllTime: level(allTime.bounceRate, allTime.total, LIMITS.bounceAllTime),
    complaint7Day: level(sevenDay.complaintRate, sevenDay.total, LIMITS.complaint7Day),
    complaintAllTime: level(allTime.complaintRate, allTime.total, LIMITS.complaintAllTime),
  };
  return { sevenDay, allTime, levels, isDisabled: false };
}
