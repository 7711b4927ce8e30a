import crypto from 'node:crypto';
import net from 'node:net';

/**
 * The WEBHOOK step's rules, without I/O: which targets may be called (SSRF), how a request is
 * signed and keyed, which headers it carries, how long to wait before trying again, and the default
 * JSON body (Plunk's). The adapter (../adapters/webhook) does the resolving and sending.
 */

// ---------------------------------------------------------------------------------------------
// Addresses

/** [first address as bytes, prefix length, what it is]; `embedded` ranges are judged by their IPv4. */
interface Range {
  net: number[];
  prefix: number;
  kind: string;
  /** Where the embedded IPv4 address starts (IPv6 ranges that carry one), in bytes. */
  embedded?: number;
}

const v4 = (s: string, prefix: number, kind: string): Range => ({ net: s.split('.').map(Number), prefix, kind });
const v6 = (s: string, prefix: number, kind: string, embedded?: number): Range => ({ net: parseIPv6(s)!, prefix, kind, embedded });

/** Most specific first where ranges nest (255.255.255.255 within 240/4). */
const V4_RANGES: Range[] = [
  v4('255.255.255.255', 32, 'broadcast'),
  v4('0.0.0.0', 8, 'unspecified'),
  v4('10.0.0.0', 8, 'private'),
  v4('100.64.0.0', 10, 'shared (CGNAT)'),
  v4('127.0.0.0', 8, 'loopback'),
  v4('169.254.0.0', 16, 'link-local'),
  v4('172.16.0.0', 12, 'private'),
  v4('192.0.0.0', 24, 'IETF protocol assignment'),
  v4('192.0.2.0', 24, 'documentation'),
  v4('192.88.99.0', 24, '6to4 relay anycast'),
  v4('192.168.0.0', 16, 'private'),
  v4('198.18.0.0', 15, 'benchmarking'),
  v4('198.51.100.0', 24, 'documentation'),
  v4('203.0.113.0', 24, 'documentation'),
  v4('224.0.0.0', 4, 'multicast'),
  v4('240.0.0.0', 4, 'reserved'),
];

const V6_RANGES: Range[] = [
  v6('::', 128, 'unspecified'),
  v6('::1', 128, 'loopback'),
  v6('::ffff:0:0', 96, 'IPv4-mapped', 12),
  v6('::ffff:0:0:0', 96, 'IPv4-translated', 12),
  v6('::', 96, 'IPv4-compatible (deprecated)'),
  v6('64:ff9b::', 96, 'NAT64', 12),
  v6('64:ff9b:1::', 48, 'local-use NAT64'),
  v6('100::', 64, 'discard-only'),
  v6('2001::', 32, 'Teredo'),
  v6('2001:2::', 48, 'benchmarking'),
  v6('2001:10::', 28, 'ORCHID'),
  v6('2001:20::', 28, 'ORCHIDv2'),
  v6('2001:db8::', 32, 'documentation'),
  v6('2002::', 16, '6to4', 2),
  v6('3fff::', 20, 'documentation'),
  v6('fc00::', 7, 'unique-local'),
  v6('fe80::', 10, 'link-local'),
  v6('fec0::', 10, 'site-local (deprecated)'),
  v6('ff00::', 8, 'multicast'),
];

function inRange(bytes: number[], r: Range): boolean {
  let bits = r.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((bytes[i]! & mask) !== (r.net[i]! & mask)) return false;
  }
  return true;
}

function parseIPv4(s: string): number[] | undefined {
  return net.isIPv4(s) ? s.split('.').map(Number) : undefined;
}

/** 16 bytes, or undefined when `s` is not a plain IPv6 address (a zone id makes it not plain). */
function parseIPv6(s: string): number[] | undefined {
  if (!net.isIPv6(s) || s.includes('%')) return undefined;
  let text = s.toLowerCase();
  const lastColon = text.lastIndexOf(':');
  const dotted = text.slice(lastColon + 1);
  if (dotted.includes('.')) {
    // A trailing dotted quad is the last two groups.
    const quad = parseIPv4(dotted);
    if (!quad) return undefined;
    text = `${text.slice(0, lastColon + 1)}${((quad[0]! << 8) | quad[1]!).toString(16)}:${((quad[2]! << 8) | quad[3]!).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const groups = (g: string) => (g ? g.split(':').map((h) => (/^[0-9a-f]{1,4}$/.test(h) ? parseInt(h, 16) : NaN)) : []);
  const front = groups(halves[0]!);
  const back = halves.length === 2 ? groups(halves[1]!) : [];
  const fill = 8 - front.length - back.length;
  if (halves.length === 2 ? fill < 1 : fill !== 0) return undefined;
  const words = [...front, ...new Array<number>(fill).fill(0), ...back];
  if (words.some((w) => Number.isNaN(w))) return undefined;
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}

/**
 * Why a webhook may not connect to `ip` (its kind: "loopback", "private", "link-local", …), or
 * undefined for a public unicast address. IPv6 forms that carry an IPv4 address (mapped,
 * translated, NAT64 64:ff9b::/96, 6to4) are judged by that address; anything that is not a plain
 * IP address (a name, a zone id) is refused too.
 */
export function forbiddenAddressKind(ip: string): string | undefined {
  const quad = parseIPv4(ip);
  if (quad) return V4_RANGES.find((r) => inRange(quad, r))?.kind;
  const bytes = parseIPv6(ip);
  if (!bytes) return ip.includes('%') && net.isIPv6(ip) ? 'scoped (zone id)' : 'not an IP address';
  const range = V6_RANGES.find((r) => inRange(bytes, r));
  if (!range) return undefined;
  if (range.embedded === undefined) return range.kind;
  const inner = bytes.slice(range.embedded, range.embedded + 4).join('.');
  const innerKind = forbiddenAddressKind(inner);
  return innerKind ? `${range.kind} ${innerKind}` : undefined;
}

/** True when a webhook may not connect to `ip` (see forbiddenAddressKind). */
export function isForbiddenAddress(ip: string): boolean {
  return forbiddenAddressKind(ip) !== undefined;
}

// ---------------------------------------------------------------------------------------------
// URL

export const MAX_WEBHOOK_URL_LENGTH = 2048;

/** The host of a parsed URL as an IP literal without brackets, or undefined for a name. */
export function ipLiteralOf(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return net.isIP(bare) ? bare : undefined;
}

/**
 * What is wrong with a webhook URL for a config write, or undefined. Names are only judged here
 * when they always mean this machine (localhost); what a name resolves to is checked at send time.
 */
export function checkWebhookUrl(url: string, allowPrivate: boolean): string | undefined {
  if (typeof url !== 'string' || !url.trim()) return 'The webhook URL is required';
  if (url.length > MAX_WEBHOOK_URL_LENGTH) return `The webhook URL is longer than ${MAX_WEBHOOK_URL_LENGTH} characters`;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return 'The webhook URL is not a valid absolute URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'The webhook URL must be http or https';
  if (parsed.username || parsed.password) return 'The webhook URL may not contain credentials (send them in a header)';
  if (!parsed.hostname) return 'The webhook URL has no host';
  if (allowPrivate) return undefined;
  const ip = ipLiteralOf(parsed.hostname);
  if (ip) {
    const kind = forbiddenAddressKind(ip);
    return kind
      ? `The webhook URL points at ${/^[aeiouAEIOU]/.test(kind) ? 'an' : 'a'} ${kind} address (${ip}), which this deployment does not allow`
      : undefined;
  }
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'The webhook URL points at this machine (localhost), which this deployment does not allow';
  return undefined;
}

/** The methods a WEBHOOK step may use. */
export const WEBHOOK_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type WebhookMethod = (typeof WEBHOOK_METHODS)[number];

/** The method in upper case when a step may use it, else undefined. */
export function webhookMethod(method: unknown): WebhookMethod | undefined {
  const m = typeof method === 'string' ? method.trim().toUpperCase() : '';
  return (WEBHOOK_METHODS as readonly string[]).includes(m) ? (m as WebhookMethod) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Signature

const hmac = (secret: string, t: number, body: string) => crypto.createHmac('sha256', secret).update(`${t}.${body}`, 'utf8').digest('hex');

/**
 * The X-Herald-Signature value: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (as
 * Stripe does). The receiver recomputes it with the shared secret and checks `t` is recent.
 */
export function webhookSignature(secret: string, timestampSeconds: number, body: string): string {
  const t = Math.floor(timestampSeconds);
  return `t=${t},v1=${hmac(secret, t, body)}`;
}

/**
 * Whether `header` signs `body` with `secret` at a time within `toleranceSeconds` of `nowSeconds`
 * (default: the clock). Any of several `v1=` values may match (a receiver rotating secrets).
 */
export function verifyWebhookSignature(
  secret: string,
  header: string,
  body: string,
  toleranceSeconds: number,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): boolean {
  if (typeof header !== 'string') return false;
  let t: number | undefined;
  const sigs: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (eq < 0) return false;
    if (key === 't') {
      if (t !== undefined || !/^\d{1,12}$/.test(value)) return false;
      t = Number(value);
    } else if (key === 'v1') {
      sigs.push(value);
    }
  }
  if (t === undefined || !sigs.length) return false;
  if (Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(hmac(secret, t, body), 'hex');
  return sigs.some((s) => /^[0-9a-f]{64}$/i.test(s) && crypto.timingSafeEqual(Buffer.from(s, 'hex'), expected));
}

/**
 * The Idempotency-Key of a step's request: the same for every attempt of one step in one execution
 * (a step runs at most once per execution: workflows have no cycles), so a receiver can drop a
 * request it already handled when Herald retries after a crash or a lost response.
 */
export function webhookIdempotencyKey(executionId: string, stepId: string): string {
  return `${executionId}:${stepId}`;
}

// ---------------------------------------------------------------------------------------------
// Headers

/** Set by Herald on every request; a configured header of the same name is ignored. */
export const HERALD_WEBHOOK_HEADERS = ['user-agent', 'idempotency-key', 'x-herald-signature', 'x-herald-timestamp'] as const;
/** About the connection, not the request: never taken from a config. */
export const CONNECTION_HEADERS = [
  'host',
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'content-length',
  'expect',
] as const;
export const WEBHOOK_USER_AGENT = 'Herald-Webhooks/1';
export const MAX_WEBHOOK_HEADERS = 50;
export const MAX_WEBHOOK_HEADER_VALUE = 4096;

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Visible ASCII and Latin-1 plus space/tab inside; no CR, LF or NUL anywhere (header injection).
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const NOT_CONFIGURABLE = new Set<string>([...HERALD_WEBHOOK_HEADERS, ...CONNECTION_HEADERS]);

/** What is wrong with a step's `headers` for a config write, or undefined (absent is fine). */
export function checkWebhookHeaders(headers: unknown): string | undefined {
  if (headers === undefined || headers === null) return undefined;
  if (typeof headers !== 'object' || Array.isArray(headers)) return 'Webhook headers must be an object of name → value';
  const entries = Object.entries(headers as Record<string, unknown>);
  if (entries.length > MAX_WEBHOOK_HEADERS) return `At most ${MAX_WEBHOOK_HEADERS} webhook headers`;
  const seen = new Set<string>();
  for (const [name, value] of entries) {
    if (!TOKEN.test(name)) return `"${name}" is not a valid header name`;
    const lower = name.toLowerCase();
    if (seen.has(lower)) return `The header ${name} is given twice`;
    seen.add(lower);
    if (NOT_CONFIGURABLE.has(lower)) return `The header ${name} is set by Herald and cannot be configured`;
    if (typeof value !== 'string') return `The header ${name} must be a string`;
    if (value.length > MAX_WEBHOOK_HEADER_VALUE) return `The header ${name} is longer than ${MAX_WEBHOOK_HEADER_VALUE} characters`;
    if (!FIELD_VALUE.test(value)) return `The header ${name} contains characters not allowed in a header (line breaks, control characters)`;
  }
  return undefined;
}

/**
 * The headers of one request: the configured ones (minus those Herald sets and those about the
 * connection), Content-Type JSON for a body unless configured, then Herald's own, which win.
 * Configured names or values that could not be sent at all (injection) are left out; a config write
 * refuses them in the first place (checkWebhookHeaders).
 */
export function webhookRequestHeaders(
  configured: Record<string, string> | undefined,
  own: { signature: string; timestampSeconds: number; idempotencyKey: string; hasBody: boolean },
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(configured ?? {})) {
    const lower = name.toLowerCase();
    if (!TOKEN.test(name) || NOT_CONFIGURABLE.has(lower) || typeof value !== 'string' || !FIELD_VALUE.test(value)) continue;
    out[lower] = value;
  }
  if (own.hasBody && out['content-type'] === undefined) out['content-type'] = 'application/json';
  out['user-agent'] = WEBHOOK_USER_AGENT;
  out['idempotency-key'] = own.idempotencyKey;
  out['x-herald-signature'] = own.signature;
  out['x-herald-timestamp'] = String(Math.floor(own.timestampSeconds));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Retries

export const WEBHOOK_MAX_RETRIES = 5;

/**
 * How long to wait after failed attempt number `attempt` (1 = the first request) before the next:
 * base × 4^(attempt-1) for attempts 1..5 (with base 30 s: 30 s, 2 min, 8 min, 32 min, ~2 h), then
 * undefined: give up. `random` (0..1) spreads the delay by up to +20% so a receiver coming back is
 * not hit by every waiting execution at once; without it the delay is exact.
 */
export function webhookRetryDelayMs(attempt: number, baseMs: number, random?: () => number): number | undefined {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > WEBHOOK_MAX_RETRIES) return undefined;
  const delay = baseMs * 4 ** (attempt - 1);
  return random ? Math.round(delay * (1 + 0.2 * Math.min(1, Math.max(0, random())))) : delay;
}

// ---------------------------------------------------------------------------------------------
// Default body

export interface WebhookBodyInput {
  contact: { email: string; subscribed: boolean; data: Record<string, unknown> | null | undefined };
  workflow: { id: string; name: string };
  execution: { id: string; startedAt: Date | string };
  /** The event that started the execution (or the one a WAIT_FOR_EVENT received), if any. */
  event?: unknown;
}

export interface WebhookDefaultBody {
  contact: { email: string; subscribed: boolean; data: Record<string, unknown> };
  workflow: { id: string; name: string };
  execution: { id: string; startedAt: string };
  event: unknown;
}

/** Plunk's default body of a WEBHOOK step with no configured body (JSON.stringify it to send). */
export function defaultWebhookBody(input: WebhookBodyInput): WebhookDefaultBody {
  const startedAt = input.execution.startedAt instanceof Date ? input.execution.startedAt.toISOString() : String(input.execution.startedAt);
  return {
    contact: { email: input.contact.email, subscribed: input.contact.subscribed, data: input.contact.data ?? {} },
    workflow: { id: input.workflow.id, name: input.workflow.name },
    execution: { id: input.execution.id, startedAt },
    event: input.event ?? null,
  };
}
