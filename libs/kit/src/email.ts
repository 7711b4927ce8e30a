/**
 * Email normalization and a pragmatic syntax check.
 *
 * zod's `z.email()` was considered but not used: it rejects punycode TLDs (`xn--p1ai`) and accepts
 * labels ending in a hyphen, and it does not enforce the 64/254 length limits.
 */

const MAX_LOCAL_LENGTH = 64;
const MAX_EMAIL_LENGTH = 254;

/** Dot-atom local part (RFC 5322 atext, dots only between atoms). Quoted local parts are not accepted. */
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
/** A DNS label: letters, digits, hyphens; 1–63 chars; no leading or trailing hyphen. */
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/** Canonical form used on every write and lookup. */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function isValidEmail(s: string): boolean {
  if (s.length > MAX_EMAIL_LENGTH) return false;
  const at = s.indexOf('@');
  if (at < 1 || at !== s.lastIndexOf('@')) return false;

  const local = s.slice(0, at);
  const domain = s.slice(at + 1);
  if (local.length > MAX_LOCAL_LENGTH || !LOCAL_PART.test(local)) return false;

  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label))) return false;
  // An all-digit TLD means an IP-like host (`1.2.3.4`), which we do not accept.
  return !/^\d+$/.test(labels[labels.length - 1]);
}
