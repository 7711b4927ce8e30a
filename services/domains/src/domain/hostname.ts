import { domainToASCII } from 'node:url';

export type DomainCheck = { ok: true; domain: string } | { ok: false; message: string };

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TLD = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
const FORBIDDEN = /[\s/\\:@?#*_,;'"<>()[\]{}|!$%^&=+`~]/;

/**
 * A sending domain as users type it: trimmed and lower-cased, one trailing dot dropped, Unicode
 * names converted to punycode. It must be a real DNS hostname: at least two labels, each 1–63 of
 * [a-z0-9-] not starting or ending with "-", an alphabetic (or xn--) top-level label, ≤ 253
 * characters, and no scheme, port, path, user or wildcard.
 */
export function normalizeDomain(input: unknown): DomainCheck {
  if (typeof input !== 'string') return { ok: false, message: 'must be a string' };
  let d = input.trim().toLowerCase();
  if (!d) return { ok: false, message: 'is required' };
  if (d.includes('://')) return { ok: false, message: 'must be a bare domain name such as example.com, without a scheme (https://)' };
  if (FORBIDDEN.test(d)) return { ok: false, message: 'must be a bare domain name such as example.com, without port, path or other characters' };
  if (d.endsWith('.')) d = d.slice(0, -1);
  // eslint-disable-next-line no-control-regex -- any character outside ASCII, control characters included
  if (/[^\x00-\x7f]/.test(d)) {
    d = domainToASCII(d);
    if (!d) return { ok: false, message: 'is not a valid internationalized domain name' };
  }
  if (d.length > 253) return { ok: false, message: 'must be at most 253 characters' };
  const labels = d.split('.');
  if (labels.length < 2) return { ok: false, message: 'must be a fully qualified domain name such as example.com' };
  if (!labels.every((l) => LABEL.test(l))) {
    return { ok: false, message: 'must be a valid hostname: labels of 1–63 letters, digits or hyphens, separated by dots' };
  }
  if (!TLD.test(labels[labels.length - 1])) return { ok: false, message: 'must end in a real top-level domain (not an IP address)' };
  return { ok: true, domain: d };
}

/** The domain part of an email address, lower-cased; undefined when there is none. */
export function domainOfEmail(email: string): string | undefined {
  if (typeof email !== 'string') return undefined;
  const at = email.lastIndexOf('@');
  if (at < 1 || at === email.length - 1) return undefined;
  const r = normalizeDomain(email.slice(at + 1));
  return r.ok ? r.domain : undefined;
}
