/**
 * A sending domain measured against Gmail's and Yahoo's bulk-sender rules: what DNS showed at the
 * last check, what Herald puts in every marketing mail, and the domain's volume against Gmail's
 * 5,000-a-day bulk-sender line. Pure: the caller brings the facts
 * (docs/decisions/0316-a-compliance-check-per-domain.md).
 */

export type CheckStatus = 'pass' | 'warn' | 'fail';

export interface ComplianceCheck {
  id: string;
  status: CheckStatus;
  title: string;
  detail: string;
  /** What to do, when the check does not pass. */
  fix: string;
}

/** Gmail: a sender of close to 5,000 messages a day to Gmail accounts is a bulk sender, with stricter rules. */
export const GMAIL_BULK_PER_DAY = 5000;

export interface ComplianceFacts {
  domain: string;
  /** What the domain's last DNS check found, per purpose (absent: never checked). */
  found: Partial<Record<'dkim' | 'spf' | 'mx' | 'dmarc', boolean>>;
  checked: boolean;
  dmarcReportEmail: string | null;
  /** UNSUBSCRIBE_MAILTO is set: marketing mail offers a mailto unsubscribe. */
  mailto: boolean;
  sent24h: number;
  marketing24h: number;
}

const check = (id: string, ok: boolean | 'warn', title: string, detail: string, fix = ''): ComplianceCheck => ({
  id,
  status: ok === 'warn' ? 'warn' : ok ? 'pass' : 'fail',
  title,
  detail,
  fix: ok === true ? '' : fix,
});

export function complianceChecks(f: ComplianceFacts): ComplianceCheck[] {
  const seen = (p: keyof ComplianceFacts['found']) => f.checked && f.found[p] === true;
  const publish = `Publish the record shown for ${f.domain} and run Verify now.`;
  return [
    check(
      'spf',
      seen('spf'),
      'SPF',
      seen('spf')
        ? `The return path hm.${f.domain} has its SPF record; it is under ${f.domain}, so SPF aligns with From (relaxed).`
        : `No SPF record at hm.${f.domain} at the last check.`,
      publish,
    ),
    check(
      'dkim',
      seen('dkim'),
      'DKIM',
      seen('dkim')
        ? `Herald signs as d=${f.domain}, the From domain: DKIM aligns with From.`
        : `The DKIM key of ${f.domain} was not found at the last check: mail is not signed in a way receivers can verify.`,
      publish,
    ),
    check(
      'dmarc',
      seen('dmarc'),
      'DMARC',
      seen('dmarc') ? `_dmarc.${f.domain} has a DMARC record.` : `No DMARC record at _dmarc.${f.domain}: Gmail and Yahoo require one of bulk senders.`,
      `Publish the DMARC record shown for ${f.domain} (p=none is enough to start).`,
    ),
    check(
      'dmarc_reports',
      f.dmarcReportEmail ? true : 'warn',
      'DMARC reports',
      f.dmarcReportEmail ? `Aggregate reports go to ${f.dmarcReportEmail}.` : 'No reporting address: nobody sees who sends as this domain.',
      'Set "DMARC reports to" for this domain and publish the DMARC record again.',
    ),
    check(
      'one_click_unsubscribe',
      true,
      'One-click unsubscribe',
      'Herald adds List-Unsubscribe (https) and List-Unsubscribe-Post to every marketing mail, and a visible unsubscribe link when the body has none.',
    ),
    check('list_id', true, 'List-Id', `Herald adds List-Id <…list-id.${f.domain}> and a Feedback-ID to every marketing mail.`),
    check(
      'mailto_unsubscribe',
      f.mailto ? true : 'warn',
      'Unsubscribe by mail',
      f.mailto
        ? 'Marketing mail also offers a mailto unsubscribe, which Herald receives.'
        : 'Marketing mail offers no mailto unsubscribe (optional; some clients use only it).',
      'Set UNSUBSCRIBE_MAILTO to an address Herald receives (docs/deliverability.md).',
    ),
    check(
      'bulk_volume',
      f.sent24h < GMAIL_BULK_PER_DAY ? true : 'warn',
      'Daily volume',
      `${f.sent24h} mails sent from ${f.domain} in the last 24 hours (${f.marketing24h} marketing); Gmail treats senders of about ${GMAIL_BULK_PER_DAY} a day as bulk senders.`,
      'As a bulk sender, keep SPF, DKIM and DMARC passing, one-click unsubscribe working and the complaint rate under 0.3 %.',
    ),
  ];
}
