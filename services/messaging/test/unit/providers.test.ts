import { describe, expect, it } from '@jest/globals';
import { MX_PATTERNS, providerOf, providerPatternsSchema } from '../../src/domain/providers';

describe('providerOf', () => {
  it.each([
    [['gmail-smtp-in.l.google.com', 'alt1.gmail-smtp-in.l.google.com'], 'google'],
    [['aspmx.l.google.com.'], 'google'],
    [['ASPMX2.GOOGLEMAIL.COM'], 'google'],
    [['smtp.google.com'], 'google'],
    [['example-com.mail.protection.outlook.com'], 'microsoft'],
    [['hotmail-com.olc.protection.outlook.com'], 'microsoft'],
    [['mta5.am0.yahoodns.net', 'mta6.am0.yahoodns.net'], 'yahoo'],
    [['mx-aol.mail.gm0.yahoodns.net'], 'yahoo'],
    [['mx01.mail.icloud.com', 'mx02.mail.icloud.com'], 'apple'],
    [['mx.example.net'], 'other'],
    [[], 'other'],
  ])('%j → %s', (hosts, provider) => {
    expect(providerOf(hosts)).toBe(provider);
  });

  it('does not take a look-alike name for the provider', () => {
    expect(providerOf(['google.com.evil.example'])).toBe('other');
    expect(providerOf(['notgoogle.com'])).toBe('other');
    expect(providerOf(['mail.outlook.com.example.net'])).toBe('other');
  });

  it('the best-priority host that a rule knows decides', () => {
    expect(providerOf(['mx.filter.example', 'aspmx.l.google.com'])).toBe('google');
    expect(providerOf(['mx01.mail.icloud.com', 'aspmx.l.google.com'])).toBe('apple');
  });

  it('configured rules come before the built-in table and may name a provider of their own', () => {
    const rules = providerPatternsSchema.parse([
      { provider: 'fastmail', mx: ['*.messagingengine.com'] },
      { provider: 'other', mx: ['*.relay.google.com'] },
    ]);
    expect(providerOf(['in1-smtp.messagingengine.com'], [...rules, ...MX_PATTERNS])).toBe('fastmail');
    expect(providerOf(['x.relay.google.com'], [...rules, ...MX_PATTERNS])).toBe('other');
    expect(providerOf(['aspmx.l.google.com'], [...rules, ...MX_PATTERNS])).toBe('google');
  });

  it('refuses a rule that is not one', () => {
    const r = providerPatternsSchema.safeParse([
      { provider: 'Big Mail', mx: ['*.bigmail.example'] },
      { provider: 'x', mx: ['*'] },
    ]);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual(['0.provider', '1.mx.0']);
  });
});
