/**
 * A sending domain's deliverability changes (`deliverability.*` in GET /activity) in the words a
 * marketer reads: who sends to whom, what changed, and the provider's own answer. No React.
 */
import { formatDate } from '../../ui/kit';

const PROVIDERS: Record<string, string> = { google: 'Google', microsoft: 'Microsoft', yahoo: 'Yahoo', apple: 'Apple', other: 'Other providers' };

/** A mailbox provider as people write it: google → Google, other → Other providers; one of the project's own, capitalised. */
export const providerName = (provider: string | null | undefined) =>
  provider ? (PROVIDERS[provider] ?? provider.charAt(0).toUpperCase() + provider.slice(1)) : PROVIDERS.other;

/** A rate given as a fraction, in percent: 0.0035 → "0.35 %". */
export const percent = (rate: number) => `${(rate * 100).toLocaleString(undefined, { maximumFractionDigits: 2 })} %`;

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Why sending was slowed: the provider's SMTP answer, else the rule that fired. */
function why(m: Record<string, any>): string {
  if (m.reply) return m.reply;
  if (m.reason === 'deferrals') return 'too many mails deferred';
  return String(m.reason ?? '').replace(/_/g, ' ');
}

/** The change in one line (an empty string for a type that is not deliverability's). */
export function deliverabilitySubject(type: string, m: Record<string, any>): string {
  const from = m.domain ?? '';
  switch (type) {
    case 'deliverability.throttled':
      return m.ratePerMinute === 0
        ? `Sending from ${from} to ${providerName(m.provider)} on hold${m.until ? ` until ${formatDate(m.until)}` : ''}: ${why(m)}`
        : `Sending from ${from} to ${providerName(m.provider)} slowed: ${why(m)}`;
    case 'deliverability.resumed':
      return `Sending from ${from} to ${providerName(m.provider)} back to normal pace`;
    case 'deliverability.guardrail_paused':
      return `Marketing from ${from} paused: complaint rate ${percent(m.complaintRate ?? 0)}`;
    case 'deliverability.guardrail_warning':
      return `Complaints on mail from ${from} near the pause line: complaint rate ${percent(m.complaintRate ?? 0)}`;
    case 'deliverability.guardrail_resumed':
      return `Marketing from ${from} resumed${m.held ? `: ${m.held.toLocaleString()} held ${m.held === 1 ? 'mail goes' : 'mails go'} out now` : ''}`;
    default:
      return '';
  }
}

/** What else to know, on a second line: the slower pace, the rule's reason, what keeps flowing and how to resume. */
export function deliverabilityDetail(type: string, m: Record<string, any>): string {
  switch (type) {
    case 'deliverability.throttled':
      return typeof m.ratePerMinute === 'number' && m.ratePerMinute > 0
        ? `At most ${m.ratePerMinute.toLocaleString()} mails a minute${m.until ? ` until ${formatDate(m.until)}` : ''}.`
        : '';
    case 'deliverability.guardrail_paused':
      return `${sentence(m.reason ?? '')}. Transactional mail keeps flowing; resume marketing under Domains → ${m.domain ?? ''} → Guardrails.`;
    case 'deliverability.guardrail_warning':
      return `${sentence(m.reason ?? '')}.`;
    default:
      return '';
  }
}
