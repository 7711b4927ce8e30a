import type { Resolver } from 'node:dns/promises';
import { logger } from '../../../../libs/kit/src';
import type { MxRoute, MxRoutes } from '../app/ports';
import { providerOf, type ProviderPattern } from '../domain/providers';

/** DNS errors that mean "this domain has no MX" (RFC 5321 §5.1: the domain's own address is the MX then). */
const NO_MX = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

/**
 * MX lookups through DNS_SERVERS (node's resolver), remembered per domain: answers for `ttlMs`
 * (at most `max` domains), failures (timeout, SERVFAIL) for `failureTtlMs` as `other` with no
 * hosts, so a slow DNS server delays one delivery per domain, not each one.
 */
export class MxDirectory implements MxRoutes {
  private readonly entries = new Map<string, { until: number; route: Promise<MxRoute> }>();
  private readonly ttlMs: number;
  private readonly failureTtlMs: number;
  private readonly max: number;

  constructor(
    private readonly resolver: Pick<Resolver, 'resolveMx'>,
    private readonly patterns: readonly ProviderPattern[],
    opts: { ttlMs?: number; failureTtlMs?: number; max?: number } = {},
  ) {
    this.ttlMs = opts.ttlMs ?? 300_000;
    this.failureTtlMs = opts.failureTtlMs ?? 30_000;
    this.max = opts.max ?? 10_000;
  }

  /** The route of a recipient domain (lookups of one domain at once share one query); never rejects. */
  route(domain: string): Promise<MxRoute> {
    const d = domain.trim().toLowerCase().replace(/\.$/, '');
    const now = Date.now();
    const hit = this.entries.get(d);
    if (hit && now < hit.until) return hit.route;
    if (this.entries.size >= this.max) this.entries.clear();
    const entry = { until: Infinity, route: Promise.resolve<MxRoute>({ hosts: [], provider: 'other' }) };
    entry.route = this.load(d).then(({ failed, ...route }) => {
      entry.until = Date.now() + (failed ? this.failureTtlMs : this.ttlMs);
      return route;
    });
    this.entries.set(d, entry);
    return entry.route;
  }

  private async load(domain: string): Promise<MxRoute & { failed?: boolean }> {
    try {
      const mx = await this.resolver.resolveMx(domain);
      // A null MX (RFC 7505: ".") says the domain takes no mail: no hosts.
      const hosts = mx
        .filter((m) => m.exchange && m.exchange !== '.')
        .sort((a, b) => a.priority - b.priority)
        .map((m) => m.exchange.toLowerCase().replace(/\.$/, ''));
      return { hosts, provider: providerOf(hosts, this.patterns) };
    } catch (err) {
      const code = (err as { code?: string }).code ?? '';
      if (NO_MX.has(code)) return { hosts: [domain], provider: 'other' };
      logger.debug({ domain, code }, 'MX lookup failed');
      return { hosts: [], provider: 'other', failed: true };
    }
  }
}
