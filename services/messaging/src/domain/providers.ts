/**
 * Mailbox providers, known from the MX hosts of a recipient's domain (never from a list of
 * recipient domains: a company on Google Workspace is Google's however it is named). The table is
 * data; PROVIDER_MX_PATTERNS adds rules of its own before these. No I/O.
 */
import { z } from 'zod';

/** The providers Herald knows; configuration may name others (a lowercase word). */
export const KNOWN_PROVIDERS = ['google', 'microsoft', 'yahoo', 'apple', 'other'] as const;
export type Provider = string;

/** One rule: MX hosts matching any pattern belong to `provider`. `*.example.com` matches names under example.com; a plain name matches itself. */
export interface ProviderPattern {
  provider: Provider;
  mx: string[];
}

/** Seeded from the providers' own published MX names (Yahoo's table covers AOL; Apple's covers icloud.com, me.com, mac.com). */
export const MX_PATTERNS: readonly ProviderPattern[] = [
  { provider: 'google', mx: ['*.google.com', '*.googlemail.com', 'smtp.google.com'] },
  { provider: 'microsoft', mx: ['*.outlook.com', '*.protection.outlook.com', '*.hotmail.com', '*.olc.protection.outlook.com'] },
  { provider: 'yahoo', mx: ['*.yahoodns.net', '*.yahoo.com', '*.aol.com'] },
  { provider: 'apple', mx: ['*.mail.icloud.com', '*.icloud.com'] },
];

const providerName = z.string().regex(/^[a-z][a-z0-9_-]{0,31}$/, 'a provider is a lowercase word (google, microsoft, yahoo, apple, other, or a name of yours)');
const mxPattern = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'an MX pattern is a host name, or *. and a domain (for example *.mail.example.net)');

/** PROVIDER_MX_PATTERNS: a JSON list of `{ "provider": "fastmail", "mx": ["*.messagingengine.com"] }`, checked before the built-in table. */
export const providerPatternsSchema = z.array(z.object({ provider: providerName, mx: z.array(mxPattern).min(1) }).strict());

const norm = (host: string) => host.trim().toLowerCase().replace(/\.$/, '');

function matches(host: string, pattern: string): boolean {
  const p = pattern.toLowerCase();
  return p.startsWith('*.') ? host.endsWith(p.slice(1)) && host.length > p.length - 1 : host === p;
}

/**
 * The provider of a domain whose MX hosts are `mxHosts` (best priority first): the first host a
 * rule matches decides; no match, or no MX at all, is `other`.
 */
export function providerOf(mxHosts: readonly string[], patterns: readonly ProviderPattern[] = MX_PATTERNS): Provider {
  for (const raw of mxHosts) {
    const host = norm(raw);
    for (const rule of patterns) if (rule.mx.some((p) => matches(host, p))) return rule.provider;
  }
  return 'other';
}
