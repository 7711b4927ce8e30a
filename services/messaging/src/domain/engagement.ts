/**
 * Human and machine engagement: the class of one open or click, decided from the request (its
 * address, user agent, method, prefetch headers), how soon after the mail left it came, and what
 * came before it on the same email (a burst over its links, a machine from the same client). Pure:
 * the address ranges and user-agent shapes are data (engagement-signals.json), the history is the
 * caller's. docs/deliverability.md, "Human and machine engagement".
 */
import { BlockList, isIP } from 'node:net';
import signals from './engagement-signals.json';

export const ENGAGEMENT_CLASSES = ['human', 'apple_mpp', 'image_proxy', 'security_scanner', 'prefetch', 'unknown'] as const;
export type EngagementClass = (typeof ENGAGEMENT_CLASSES)[number];
export type EngagementKind = 'open' | 'click';

/** What one tracked request says of itself. */
export interface EngagementRequest {
  kind: EngagementKind;
  /** The client's address as the gateway derived it (TRUST_PROXY decides whether X-Forwarded-For counts). */
  ip?: string;
  userAgent?: string;
  /** GET or HEAD. */
  method?: string;
  /** A Purpose, Sec-Purpose or X-Moz header (browsers' and mail clients' prefetch marker). */
  purpose?: string;
  /** Seconds since Herald handed the mail to the receiver (delivered or accepted); undefined when not known. */
  secondsSinceSent?: number;
  /** The hidden trap link: no person can click it. */
  trap?: boolean;
  link?: string;
}

/** An earlier open or click of the same email. */
export interface EarlierEngagement {
  kind: EngagementKind;
  secondsAgo: number;
  link?: string | null;
  class: EngagementClass;
  /** The same address and user agent as this request. */
  sameClient: boolean;
}

export interface EngagementVerdict {
  class: EngagementClass;
  /** Every signal that fired, the deciding one first. */
  reasons: string[];
}

interface RangeEntry {
  class: EngagementClass;
  reason: string;
  cidrs: string[];
  appliesTo: EngagementKind[];
}
interface UaEntry {
  class: EngagementClass;
  reason: string;
  pattern: string;
}

const TIMING = signals.timing;

/** How far back the earlier opens and clicks of an email matter (a burst, the same client). */
export const ENGAGEMENT_MEMORY_SECONDS = Math.max(TIMING.burstSeconds, TIMING.sameClientSeconds);

const RANGES = (signals.ranges as RangeEntry[]).map((r) => {
  const list = new BlockList();
  for (const cidr of r.cidrs) {
    const [net, bits] = cidr.split('/');
    list.addSubnet(net, Number(bits), isIP(net) === 6 ? 'ipv6' : 'ipv4');
  }
  return { ...r, list };
});
const USER_AGENTS = (signals.userAgents as UaEntry[]).map((u) => ({ ...u, re: new RegExp(u.pattern, 'i') }));

/** Apple's Mail Privacy Protection proxy fetches images with exactly this user agent. */
const MPP_UA = /^Mozilla\/5\.0$/;
/** Browsers and mail clients: what a person's request looks like. */
const CLIENT_UA = /Mozilla\/\d|AppleWebKit|Gecko\/|Opera\/|Thunderbird|Outlook|Microsoft Outlook|iPhone|Android/i;
const PREFETCH = /prefetch|preview|prerender/i;

/** `::ffff:1.2.3.4` is 1.2.3.4. */
function normalizeIp(ip: string | undefined): { ip: string; family: 'ipv4' | 'ipv6' } | undefined {
  if (!ip) return undefined;
  const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const v = isIP(plain);
  return v ? { ip: plain, family: v === 6 ? 'ipv6' : 'ipv4' } : undefined;
}

/** The first range entry that holds the address (for this kind of engagement). */
export function rangeOf(ip: string | undefined, kind: EngagementKind): { class: EngagementClass; reason: string } | undefined {
  const a = normalizeIp(ip);
  if (!a) return undefined;
  const hit = RANGES.find((r) => r.appliesTo.includes(kind) && r.list.check(a.ip, a.family));
  return hit && { class: hit.class, reason: hit.reason };
}

export function userAgentOf(ua: string | undefined): { class: EngagementClass; reason: string } | undefined {
  if (!ua) return undefined;
  const hit = USER_AGENTS.find((u) => u.re.test(ua));
  return hit && { class: hit.class, reason: hit.reason };
}

/** The class of one open or click, with every signal that fired (the deciding one first). */
export function classifyEngagement(req: EngagementRequest, earlier: EarlierEngagement[] = []): EngagementVerdict {
  const found: Array<{ class: EngagementClass; reason: string }> = [];
  const ua = (req.userAgent ?? '').trim();
  const click = req.kind === 'click';

  if (click && req.trap) found.push({ class: 'security_scanner', reason: 'trap_link' });
  if ((req.method ?? 'GET').toUpperCase() === 'HEAD') found.push({ class: click ? 'security_scanner' : 'prefetch', reason: 'head_request' });
  if (req.purpose && PREFETCH.test(req.purpose)) found.push({ class: 'prefetch', reason: 'prefetch_header' });
  const byUa = userAgentOf(ua);
  if (byUa) found.push(byUa);
  const byRange = rangeOf(req.ip, req.kind);
  if (byRange) found.push(byRange);
  if (!click && MPP_UA.test(ua)) found.push({ class: 'apple_mpp', reason: 'apple_mpp_ua' });
  const soon = click ? TIMING.clickMinSeconds : TIMING.openMinSeconds;
  if (req.secondsSinceSent !== undefined && req.secondsSinceSent >= 0 && req.secondsSinceSent < soon)
    found.push({ class: click ? 'security_scanner' : 'prefetch', reason: 'seconds_after_delivery' });
  if (click && earlier.some((e) => e.kind === 'click' && e.secondsAgo <= TIMING.burstSeconds && (e.link ?? '') !== (req.link ?? '')))
    found.push({ class: 'security_scanner', reason: 'link_burst' });
  const machine = earlier.find((e) => e.sameClient && e.secondsAgo <= TIMING.sameClientSeconds && e.class === 'security_scanner');
  if (machine) found.push({ class: 'security_scanner', reason: 'same_client_as_scanner' });

  if (found.length) return { class: found[0].class, reasons: [...new Set(found.map((f) => f.reason))] };
  if (!ua) return { class: 'unknown', reasons: ['no_user_agent'] };
  if (CLIENT_UA.test(ua)) return { class: 'human', reasons: ['client_user_agent'] };
  return { class: 'unknown', reasons: ['unrecognised_user_agent'] };
}

/** The date the address ranges and user-agent shapes were last updated. */
export const SIGNALS_UPDATED: string = signals.updated;

/**
 * The hidden trap link: an empty, invisible anchor (no text, `display:none`, out of the tab
 * order, hidden from screen readers) at the end of the body. No person can click it; a scanner
 * that follows every link does, and marks itself a machine. Not in the text part (written from
 * the HTML before tracking).
 */
export function withTrapLink(html: string, token: string, publicUrl: string): string {
  const trap = `<a href="${publicUrl}/t/c/${token}" style="display:none;font-size:0;max-height:0;overflow:hidden" aria-hidden="true" tabindex="-1"></a>`;
  return /<\/body>/i.test(html) ? html.replace(/<\/body>/i, `${trap}</body>`) : html + trap;
}
