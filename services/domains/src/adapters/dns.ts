import type { Resolver } from 'node:dns/promises';
import { dnsResolver } from '../../../../libs/kit/src/dns';
import type { DnsLookup } from '../app/ports';
import type { Answer } from '../domain/records';

/** "No such name" and "no record of that type" are answers, not failures. */
const NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'NODATA']);

/** DNS lookups through the shared resolver (DNS_SERVERS, short timeout, one try). */
export class NodeDns implements DnsLookup {
  private readonly resolver: Resolver;

  constructor(servers: string, opts: { timeoutMs?: number; tries?: number } = {}) {
    this.resolver = dnsResolver(servers, opts);
  }

  txt(name: string) {
    return this.ask(() => this.resolver.resolveTxt(name));
  }

  mx(name: string) {
    return this.ask(() => this.resolver.resolveMx(name));
  }

  private async ask<T>(fn: () => Promise<T[]>): Promise<Answer<T>> {
    try {
      const records = await fn();
      return records.length ? { status: 'ok', records } : { status: 'none' };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? '';
      if (NOT_FOUND.has(code)) return { status: 'none' };
      return { status: 'error', error: code || (err as Error).message };
    }
  }
}
