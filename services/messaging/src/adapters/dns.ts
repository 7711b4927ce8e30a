import { promises as dns } from 'node:dns';

/** A resolver that honours DNS_SERVERS (comma-separated host[:port]); the system's when empty. */
export function resolver(servers: string): dns.Resolver {
  const r = new dns.Resolver({ timeout: 2000, tries: 1 });
  const list = servers.split(',').map((s) => s.trim()).filter(Boolean);
  if (list.length) r.setServers(list);
  return r;
}
