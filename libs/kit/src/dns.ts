import { Resolver } from 'node:dns/promises';

/**
 * node's c-ares resolver on DNS_SERVERS (comma-separated host[:port]) or the system's servers,
 * with a short timeout and one try: a slow DNS server delays a lookup by seconds, never minutes.
 */
export function dnsResolver(servers: string, opts: { timeoutMs?: number; tries?: number } = {}): Resolver {
  const resolver = new Resolver({ timeout: opts.timeoutMs ?? 2000, tries: opts.tries ?? 1 });
  const list = servers
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.length) resolver.setServers(list);
  return resolver;
}
