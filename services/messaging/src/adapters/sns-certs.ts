/**
 * The I/O half of SNS verification: fetching the signing certificate (only from allowed URLs,
 * cached, 5 s timeout) and confirming subscriptions (only at allowed SubscribeURLs).
 *
 * Both allow-lists are regular expressions so that a deployment — or a test serving its own
 * certificate on loopback — can widen them: SNS_CERT_URL_PATTERN and SNS_SUBSCRIBE_URL_PATTERN.
 */
import { X509Certificate } from 'node:crypto';
import { AppError } from '../../../../libs/kit/src/errors';
import type { SnsCertificates, SnsSubscriptions, SubscriptionConfirmation } from '../app/ports';
import type { SnsMessage } from '../domain/sns';

/** Amazon's own certificate URLs: https, sns.<region>.amazonaws.com(.cn), SimpleNotificationService-<id>.pem. */
export const DEFAULT_SNS_CERT_URL_PATTERN = /^https:\/\/sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?\/SimpleNotificationService-[a-zA-Z0-9]+\.pem$/;
/** Amazon's own SubscribeURLs: https on an sns.<region>.amazonaws.com(.cn) host. */
export const DEFAULT_SNS_SUBSCRIBE_URL_PATTERN = /^https:\/\/sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?\//;

export const SNS_FETCH_TIMEOUT_MS = 5000;
const MAX_CERT_BYTES = 64 * 1024;

export type SnsCertificateErrorReason = 'disallowed_url' | 'fetch_failed' | 'invalid_certificate';

/**
 * Refused or failed certificate / subscribe URL. `disallowed_url` and `invalid_certificate` render
 * as 403 FORBIDDEN (the message cannot be trusted); `fetch_failed` as 503 so SNS retries later.
 */
export class SnsCertificateError extends AppError {
  readonly reason: SnsCertificateErrorReason;
  readonly url: string;

  constructor(reason: SnsCertificateErrorReason, url: string, message: string) {
    super(
      reason === 'fetch_failed'
        ? { code: 'SERVICE_UNAVAILABLE', status: 503, message, suggestion: 'The SNS certificate or subscribe URL could not be fetched; SNS will retry.' }
        : {
            code: 'FORBIDDEN',
            status: 403,
            message,
            suggestion: 'Only messages signed with certificates from the allowed SNS hosts are accepted (SNS_CERT_URL_PATTERN).',
          },
    );
    this.name = 'SnsCertificateError';
    this.reason = reason;
    this.url = url;
  }
}

/**
 * Compiles a pattern setting (e.g. `process.env.SNS_CERT_URL_PATTERN`); empty/undefined → fallback.
 * Throws a plain Error naming the setting when the source is not a valid regular expression.
 */
export function compileUrlPattern(source: string | undefined | null, fallback: RegExp, settingName = 'SNS_CERT_URL_PATTERN'): RegExp {
  if (source === undefined || source === null || source.trim() === '') return fallback;
  try {
    return new RegExp(source);
  } catch (e) {
    throw new Error(`${settingName} is not a valid regular expression: ${(e as Error).message}`);
  }
}

/** True when `url` parses as an http(s) URL without credentials and matches `pattern`. */
export function isAllowedUrl(url: string, pattern: RegExp): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return false;
  if (u.username || u.password) return false;
  pattern.lastIndex = 0; // a /g or /y pattern would otherwise be stateful
  return pattern.test(url);
}

export interface SnsCertificateFetcherOptions {
  timeoutMs?: number;
  /** Certificates kept in memory (least recently used evicted). SNS uses a handful per region. */
  maxEntries?: number;
}

/** Fetches signing certificates from allowed URLs only, caching them by URL. */
export class SnsCertificateFetcher implements SnsCertificates {
  private readonly cache = new Map<string, Promise<string>>();
  private readonly timeoutMs: number;
  private readonly maxEntries: number;

  constructor(
    readonly pattern: RegExp = DEFAULT_SNS_CERT_URL_PATTERN,
    private readonly fetchImpl: typeof fetch = fetch,
    opts: SnsCertificateFetcherOptions = {},
  ) {
    this.timeoutMs = opts.timeoutMs ?? SNS_FETCH_TIMEOUT_MS;
    this.maxEntries = Math.max(1, opts.maxEntries ?? 32);
  }

  /** The PEM at `url`. Throws SnsCertificateError when the URL is not allowed or the fetch fails. */
  async get(url: string): Promise<string> {
    if (!isAllowedUrl(url, this.pattern)) {
      throw new SnsCertificateError('disallowed_url', url, 'SigningCertURL is not an allowed SNS certificate URL');
    }
    const hit = this.cache.get(url);
    if (hit) {
      // refresh recency
      this.cache.delete(url);
      this.cache.set(url, hit);
      return hit;
    }
    const p = this.load(url);
    this.cache.set(url, p);
    while (this.cache.size > this.maxEntries) {
      const oldest = this.cache.keys().next().value as string;
      this.cache.delete(oldest);
    }
    // Failures are not cached: the next message tries again.
    p.catch(() => {
      if (this.cache.get(url) === p) this.cache.delete(url);
    });
    return p;
  }

  /** Number of cached certificates (for tests and metrics). */
  get size(): number {
    return this.cache.size;
  }

  clear(): void {
    this.cache.clear();
  }

  private async load(url: string): Promise<string> {
    let text: string;
    try {
      const res = await this.fetchImpl(url, { redirect: 'error', signal: AbortSignal.timeout(this.timeoutMs) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      text = await res.text();
    } catch (e) {
      throw new SnsCertificateError('fetch_failed', url, `Could not fetch the SNS signing certificate: ${(e as Error).message}`);
    }
    if (text.length > MAX_CERT_BYTES) throw new SnsCertificateError('invalid_certificate', url, 'SNS signing certificate is too large');
    try {
      new X509Certificate(text);
    } catch {
      throw new SnsCertificateError('invalid_certificate', url, 'SigningCertURL did not return an X.509 certificate');
    }
    return text;
  }
}

/**
 * Confirms an SNS subscription by GETting its SubscribeURL — only when the message is a
 * SubscriptionConfirmation and the URL matches `pattern` (the provider's own hosts by default).
 * Call it only after the signature has been verified.
 */
export async function confirmSubscription(
  msg: SnsMessage,
  pattern: RegExp = DEFAULT_SNS_SUBSCRIBE_URL_PATTERN,
  fetchImpl: typeof fetch = fetch,
  timeoutMs: number = SNS_FETCH_TIMEOUT_MS,
): Promise<SubscriptionConfirmation> {
  const url = msg.SubscribeURL ?? '';
  if (msg.Type !== 'SubscriptionConfirmation') {
    throw new SnsCertificateError('disallowed_url', url, `Only a SubscriptionConfirmation can be confirmed (got ${msg.Type})`);
  }
  if (!isAllowedUrl(url, pattern)) {
    throw new SnsCertificateError('disallowed_url', url, 'SubscribeURL is not on an allowed SNS host');
  }
  let body: string;
  try {
    const res = await fetchImpl(url, { method: 'GET', redirect: 'error', signal: AbortSignal.timeout(timeoutMs) });
    body = await res.text();
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
  } catch (e) {
    throw new SnsCertificateError('fetch_failed', url, `Could not confirm the SNS subscription: ${(e as Error).message}`);
  }
  const m = /<SubscriptionArn>([^<]+)<\/SubscriptionArn>/.exec(body);
  return { subscriptionArn: m ? m[1].trim() : null };
}

/** Confirms subscriptions (see `confirmSubscription`) at SubscribeURLs that match `pattern` only. */
export class SnsSubscriptionConfirmer implements SnsSubscriptions {
  constructor(readonly pattern: RegExp = DEFAULT_SNS_SUBSCRIBE_URL_PATTERN) {}

  confirm(msg: SnsMessage): Promise<SubscriptionConfirmation> {
    return confirmSubscription(msg, this.pattern);
  }
}
