import { Resolver } from 'node:dns/promises';
import type { Answer, MxAnswer, TxtChunks } from '../domain/records';

/** The lookups verification needs; tests may substitute their own. */
export interface DnsLookup {
  txt(name: string): Promise<Answer<TxtChunks>>;
  mx(name: string): Promise<Answer<MxAnswer>>;
}

/** "No such name" and "no record of that type" are answers, not failures. */
const NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN', 'NODATA']);

/**
 * node's c-ares resolver, on DNS_SERVERS (comma-separated host[:port]) or the system's servers,
 * with a short timeout and one try: a slow DNS server delays a check by seconds, never minutes.
 */
export class NodeDns implements DnsLookup {
  private readonly resolver: Resolver;

  constructor(servers: string, opts: { timeoutMs?: number; tries?: number } = {}) {
    this.resolver = new Resolver({ timeout: opts.timeoutMs ?? 2000, tries: opts.tries ?? 1 });
    const list = servers
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (list.length) this.resolver.setServers(list);
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

