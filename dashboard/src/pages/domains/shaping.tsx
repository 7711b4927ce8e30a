import { formatDate } from '../../ui/kit';
import type { Answer } from '../../api-types';

export type DeliverabilityAnswer = Answer<'/deliverability', 'get'>;
/** The pace from one sending domain to one mailbox provider. */
export type ShapingRow = DeliverabilityAnswer['providers'][number];

const PROVIDERS: Record<string, string> = { google: 'Google', microsoft: 'Microsoft', yahoo: 'Yahoo', apple: 'Apple', other: 'Other providers' };
/** A provider as people name it; one of PROVIDER_MX_PATTERNS' own names with a capital. */
export const providerLabel = (p: string) => PROVIDERS[p] ?? p.charAt(0).toUpperCase() + p.slice(1);

/** The built-in reply rules (DELIVERABILITY_REPLY_RULES' own are shown by their names). */
const REASONS: Record<string, string> = {
  'gmail-rate-limit': 'Gmail rate limit',
  'gmail-reputation': 'Gmail reputation',
  'yahoo-tss04': 'Yahoo TSS04',
  'microsoft-ip-reputation': 'Microsoft IP reputation',
  'ip-deferred': 'IP deferred',
  'server-busy': 'Server busy',
};
const reasonLabel = (r: string) => REASONS[r] ?? r;

const clock = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
/** A time today as the clock shows it; another day with its date. */
function until(iso: string, now = new Date()): string {
  const d = new Date(iso);
  return d.toDateString() === now.toDateString() ? clock.format(d) : formatDate(iso);
}

/** The pace in words: "Normal pace", "Slowed to 1 a minute until 14:30 — Gmail rate limit", "Suspended until 16:00 — Yahoo TSS04", "Slowed by deferrals". */
export function shapingState(p: ShapingRow, now = new Date()): string {
  if (p.state === 'normal') return 'Normal pace';
  if (p.reason === 'deferrals' || !p.reason) return 'Slowed by deferrals';
  const why = ` — ${reasonLabel(p.reason)}`;
  const till = p.until ? ` until ${until(p.until, now)}` : '';
  if (p.state === 'suspended') return `Suspended${till}${why}`;
  return p.ratePerMinute !== null ? `Slowed to ${p.ratePerMinute.toLocaleString()} a minute${till}${why}` : `Slowed${till}${why}`;
}

/** The connections the pace lets be used: one at a time while a rule slows it, none while suspended. */
function windowOf(p: ShapingRow): string {
  if (p.state === 'suspended') return 'None while suspended';
  if (p.state === 'throttled' && p.ratePerMinute) return 'One at a time while slowed';
  return p.window === null ? '—' : `${p.window} of ${p.connections} connections in use`;
}

/** The summary's word for the domain: which providers are held back, else its pace. */
function status(rows: ShapingRow[]): string {
  if (rows.length === 0) return 'nothing sent yet';
  const held = rows.filter((p) => p.state !== 'normal').map((p) => `${providerLabel(p.provider)} ${p.state === 'suspended' ? 'suspended' : 'slowed'}`);
  return held.length ? held.join(', ') : 'normal pace';
}

/**
 * The domain's traffic shaping (GET /deliverability, this domain's rows): per mailbox provider the
 * pace in words with the SMTP reply that set it, the provider's connection limits, and the window
 * of connections the pace lets be used now (null when the answering sender has not sent there).
 */
export function TrafficShaping({ domain, rows }: { domain: string; rows: ShapingRow[] | undefined }) {
  if (!rows) return null;
  return (
    <details className="dns-shaping">
      <summary>Traffic shaping — {status(rows)}</summary>
      <p className="muted">
        Herald paces the mail to each mailbox provider by what it answers: deferrals slow it, and replies such as Gmail’s 4.7.28 or Yahoo’s TSS04 slow or
        suspend it for a while. Mail over the pace waits in the queue; nothing is dropped. Limits and reply rules are settings (
        <code>DELIVERABILITY_PROVIDER_LIMITS</code>, <code>DELIVERABILITY_REPLY_RULES</code>).
      </p>
      {rows.length === 0 ? (
        <p className="muted">Nothing sent from this domain yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="shaping-table" aria-label={`Traffic shaping of ${domain}`}>
            <thead>
              <tr>
                <th>Provider</th>
                <th>State</th>
                <th>Connections</th>
                <th>Window</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.provider} data-provider={p.provider} data-state={p.state}>
                  <td data-label="Provider">{providerLabel(p.provider)}</td>
                  <td data-label="State">
                    <span className="shaping-state">{shapingState(p)}</span>
                    {p.reply && <blockquote className="shaping-reply">{p.reply}</blockquote>}
                  </td>
                  <td data-label="Connections">
                    {p.connections} connections × {p.perConnection} messages each
                  </td>
                  <td data-label="Window">{windowOf(p)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
