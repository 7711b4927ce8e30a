import { describe, expect, it } from '@jest/globals';
import { isValidEmail, normalizeEmail } from '../../src/domain/email';

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Jane.Doe@Example.COM \n')).toBe('jane.doe@example.com');
  });

  it('is idempotent', () => {
    const once = normalizeEmail(' A@B.Co ');
    expect(normalizeEmail(once)).toBe(once);
  });
});

describe('isValidEmail', () => {
  it.each([
    'a@b.co',
    'jane.doe+tag@example.com',
    "o'brien@mail.example.co.uk",
    'UPPER@EXAMPLE.COM',
    'x@my-domain.io',
    'user@xn--80ak6aa92e.xn--p1ai',
    `${'a'.repeat(64)}@example.com`,
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['no @', 'jane.example.com'],
    ['two @', 'a@b@example.com'],
    ['empty local part', '@example.com'],
    ['empty domain', 'jane@'],
    ['domain without a dot', 'jane@localhost'],
    ['space in local part', 'ja ne@example.com'],
    ['space in domain', 'jane@exa mple.com'],
    ['surrounding spaces (not normalized)', ' jane@example.com'],
    ['leading dot', '.jane@example.com'],
    ['double dot in local part', 'ja..ne@example.com'],
    ['trailing dot in local part', 'jane.@example.com'],
    ['empty domain label', 'jane@example..com'],
    ['label starting with a hyphen', 'jane@-example.com'],
    ['label ending with a hyphen', 'jane@example-.com'],
    ['underscore in domain', 'jane@ex_ample.com'],
    ['IP-like domain', 'jane@1.2.3.4'],
    ['local part over 64', `${'a'.repeat(65)}@example.com`],
    ['label over 63', `jane@${'a'.repeat(64)}.com`],
  ])('rejects %s', (_label, email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('enforces the 254 character total', () => {
    const domain = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.com`; // 195 chars
    const ok = `${'x'.repeat(58)}@${domain}`; // 254
    expect(ok).toHaveLength(254);
    expect(isValidEmail(ok)).toBe(true);
    expect(isValidEmail(`x${ok}`)).toBe(false);
  });
});
