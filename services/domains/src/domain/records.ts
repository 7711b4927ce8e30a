/**
 * The DNS records a sending domain publishes, and the rules that decide whether what DNS answers
 * matches them. Pure: no I/O.
 */

export type Purpose = 'dkim' | 'spf' | 'mx' | 'dmarc' | 'inbound';

export interface RecordSpec {
  type: 'TXT' | 'MX';
  name: string;
  value: string;
  /** MX only. */
  priority?: number;
  purpose: Purpose;
}

/** DMARC is a suggestion: it never decides verification. */
export const REQUIRED: readonly Purpose[] = ['dkim', 'spf', 'mx'];
export const isRequired = (p: Purpose) => REQUIRED.includes(p);

/** The return-path (bounce) subdomain: SPF and MX live there, the visible From domain is untouched. */
export const RETURN_PATH_LABEL = 'hm';
export const returnPathOf = (domain: string) => `${RETURN_PATH_LABEL}.${domain}`;
export const MX_PRIORITY = 10;

export interface RecordInput {
  domain: string;
  selector: string;
  /** Base64 of the DER-encoded SubjectPublicKeyInfo. */
  publicKey: string;
  spfInclude: string;
  returnPathMx: string;
  dmarcReportEmail?: string;
}

export function recordsFor(i: RecordInput): RecordSpec[] {
  const rp = returnPathOf(i.domain);
  return [
    { type: 'TXT', name: `${i.selector}._domainkey.${i.domain}`, value: `v=DKIM1; k=rsa; p=${i.publicKey}`, purpose: 'dkim' },
    { type: 'TXT', name: rp, value: `v=spf1 include:${i.spfInclude} ~all`, purpose: 'spf' },
    { type: 'MX', name: rp, value: i.returnPathMx, priority: MX_PRIORITY, purpose: 'mx' },
    { type: 'TXT', name: `_dmarc.${i.domain}`, value: dmarcValue(i.dmarcReportEmail), purpose: 'dmarc' },
  ];
}

/**
 * The suggested DMARC policy: monitoring (p=none) to start with, and aggregate reports to the
 * address the user chose, so they see who sends as their domain before tightening the policy.
 */
export const dmarcValue = (reportEmail?: string | null) => (reportEmail ? `v=DMARC1; p=none; rua=mailto:${reportEmail};` : 'v=DMARC1; p=none;');

/** The records as shown now: the DMARC suggestion follows the domain's current reporting address. */
export const withDmarcReports = (records: RecordSpec[], reportEmail: string | null): RecordSpec[] =>
  records.map((r) => (r.purpose === 'dmarc' ? { ...r, value: dmarcValue(reportEmail) } : r));

/**
 * The MX a domain publishes for Herald to receive its mail (INBOUND_MX_HOST): shown, and checked,
 * while inbound is enabled; it never decides verification (REQUIRED), only whether Herald's own
 * SMTP listener accepts mail for the domain.
 */
export function inboundRecord(domain: string, mxHost: string): RecordSpec {
  return { type: 'MX', name: domain, value: mxHost, priority: MX_PRIORITY, purpose: 'inbound' };
}

/** What one lookup answered: records, a definitive "no such record" (NXDOMAIN/NODATA), or a failure. */
export type Answer<T> = { status: 'ok'; records: T[] } | { status: 'none' } | { status: 'error'; error: string };
/** A TXT record as DNS delivers it: one or more character-strings (each ≤ 255 bytes). */
export type TxtChunks = string[];
export interface MxAnswer {
  exchange: string;
  priority: number;
}

/** found: the record is there; missing: DNS said definitively it is not; unknown: the lookup failed. */
export type Match = 'found' | 'missing' | 'unknown';

/** RFC 7208 §3.3 / RFC 6376 §3.6.2.2: the strings of one TXT record are concatenated without spaces. */
export const joinTxt = (chunks: TxtChunks | string): string => (Array.isArray(chunks) ? chunks.join('') : chunks);

/** `k=v; k=v` tag lists (DKIM, DMARC); values keep their case, tag names are lower-cased. */
export function parseTags(txt: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of txt.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const k = part.slice(0, eq).trim().toLowerCase();
    if (k && !tags.has(k)) tags.set(k, part.slice(eq + 1).trim());
  }
  return tags;
}

const stripWs = (s: string) => s.replace(/\s+/g, '');
const host = (s: string) => s.trim().toLowerCase().replace(/\.$/, '');

function txtMatches(spec: RecordSpec, txt: string): boolean {
  switch (spec.purpose) {
    case 'dkim': {
      // The exact public key; whitespace inside p= is allowed by RFC 6376 (folding) and ignored.
      const want = parseTags(spec.value).get('p') ?? '';
      const tags = parseTags(txt);
      const v = tags.get('v');
      return (v === undefined || v === 'DKIM1') && stripWs(tags.get('p') ?? '') === want && want.length > 0;
    }
    case 'spf': {
      // Any SPF record that includes our include (other mechanisms may sit beside it).
      const terms = txt.trim().toLowerCase().split(/\s+/);
      if (terms[0] !== 'v=spf1') return false;
      const wanted = spec.value
        .toLowerCase()
        .split(/\s+/)
        .filter((t) => t.startsWith('include:'));
      return wanted.every((w) => terms.includes(w) || terms.includes(`+${w}`));
    }
    case 'dmarc':
      return /^v=dmarc1\s*(;|$)/i.test(txt.trim());
    default:
      return false;
  }
}

export function matchTxt(spec: RecordSpec, answer: Answer<TxtChunks>): Match {
  if (answer.status === 'error') return 'unknown';
  if (answer.status === 'none') return 'missing';
  return answer.records.some((r) => txtMatches(spec, joinTxt(r))) ? 'found' : 'missing';
}

export function matchMx(spec: RecordSpec, answer: Answer<MxAnswer>): Match {
  if (answer.status === 'error') return 'unknown';
  if (answer.status === 'none') return 'missing';
  return answer.records.some((r) => host(r.exchange) === host(spec.value)) ? 'found' : 'missing';
}

/**
 * The verification state after a check. Every required record found → verified. A required record
 * definitively missing → not verified. Otherwise (some lookups failed, none definitively missing)
 * the previous state stands: a DNS outage never unverifies a domain, nor verifies one.
 */
export function nextVerified(previous: boolean, results: Partial<Record<Purpose, Match>>): boolean {
  const required = REQUIRED.map((p) => results[p] ?? 'unknown');
  if (required.every((m) => m === 'found')) return true;
  if (required.some((m) => m === 'missing')) return false;
  return previous;
}
