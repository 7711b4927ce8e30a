import { domainOfEmail, normalizeDomain } from '../../src/domain/hostname';

describe('normalizeDomain', () => {
  it.each([
    ['example.com', 'example.com'],
    ['Mail.Example.COM', 'mail.example.com'],
    ['  example.com  ', 'example.com'],
    ['example.com.', 'example.com'],
    ['a-b.c-d.example.co.uk', 'a-b.c-d.example.co.uk'],
    ['123.example.com', '123.example.com'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['bücher.example', 'xn--bcher-kva.example'],
    [`${'a'.repeat(63)}.com`, `${'a'.repeat(63)}.com`],
  ])('accepts %p as %p', (input, out) => {
    expect(normalizeDomain(input)).toEqual({ ok: true, domain: out });
  });

  it.each([
    [''],
    ['   '],
    ['localhost'],
    ['com'],
    ['https://example.com'],
    ['http://example.com/'],
    ['example.com/path'],
    ['example.com:25'],
    ['user@example.com'],
    ['exa mple.com'],
    ['*.example.com'],
    ['_dmarc.example.com'],
    ['-example.com'],
    ['example-.com'],
    ['example..com'],
    ['.example.com'],
    ['192.168.0.1'],
    ['example.c'],
    ['example.123'],
    [`${'a'.repeat(64)}.com`],
    [`${'a.'.repeat(126)}com`], // 255 characters
    ['example.com?x=1'],
  ])('rejects %p', (input) => {
    const r = normalizeDomain(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message.length).toBeGreaterThan(0);
  });

  it('rejects non-strings', () => {
    for (const v of [undefined, null, 42, {}, ['example.com']]) expect(normalizeDomain(v).ok).toBe(false);
  });

  it('allows exactly 253 characters, not 254', () => {
    const exact = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(exact.length).toBe(253);
    expect(normalizeDomain(exact)).toEqual({ ok: true, domain: exact });
    expect(normalizeDomain(`x${exact}`).ok).toBe(false);
  });
});

describe('domainOfEmail', () => {
  it('is the lower-cased part after the last @', () => {
    expect(domainOfEmail('Jane@Mail.Example.com')).toBe('mail.example.com');
    expect(domainOfEmail('"a@b"@example.com')).toBe('example.com');
  });
  it('is undefined without a valid domain', () => {
    for (const e of ['', 'jane', 'jane@', '@example.com', 'jane@localhost', 'jane@exa mple.com']) expect(domainOfEmail(e)).toBeUndefined();
  });
});
