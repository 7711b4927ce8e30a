import { describe, expect, it, jest } from '@jest/globals';
import { isDisposableDomain, MxRecord, verifyEmail, VerifyDeps } from '../../src/domain/verify';

const dnsError = (code: string) => Object.assign(new Error(`queryMx ${code}`), { code });
const MX: MxRecord[] = [{ exchange: 'mx1.example.net', priority: 10 }];

/** A fake resolver: per-domain MX/A answers or error codes; anything unlisted is NXDOMAIN. */
function fakeDns(zones: Record<string, { mx?: MxRecord[] | string; a?: string[] | string; aaaa?: string[] | string }>) {
  const answer = <T>(v: T | string | undefined): Promise<T> =>
    v === undefined ? Promise.reject(dnsError('ENODATA')) : typeof v === 'string' ? Promise.reject(dnsError(v)) : Promise.resolve(v);
  const zone = (d: string) => zones[d];
  const deps = {
    resolveMx: jest.fn((d: string) => (zone(d) ? answer<MxRecord[]>(zone(d).mx) : Promise.reject(dnsError('ENOTFOUND')))),
    resolveA: jest.fn((d: string) => (zone(d) ? answer<string[]>(zone(d).a) : Promise.reject(dnsError('ENOTFOUND')))),
    resolveAaaa: jest.fn((d: string) => (zone(d) ? answer<string[]>(zone(d).aaaa) : Promise.reject(dnsError('ENOTFOUND')))),
  };
  return deps;
}

const dns = fakeDns({
  'example.com': { mx: MX },
  'gmail.com': { mx: [{ exchange: 'gmail-smtp-in.l.google.com', priority: 5 }] },
  'mailinator.com': { mx: MX },
  'a-only.io': { a: ['203.0.113.7'] },
  'v6-only.io': { aaaa: ['2001:db8::1'] },
  'no-mail.io': {},
  'nullmx.io': { mx: [{ exchange: '', priority: 0 }], a: ['203.0.113.8'] },
  'gmal.com': { mx: MX },
  'gmial.com': { mx: MX },
  'flaky.io': { mx: 'ESERVFAIL', a: 'ETIMEOUT', aaaa: 'ETIMEOUT' },
  'flaky-mx.io': { mx: 'ESERVFAIL', a: ['203.0.113.9'] },
});

describe('verifyEmail', () => {
  it('accepts an ordinary address with MX records', async () => {
    const r = await verifyEmail('Jane.Doe@Example.com', dns);
    expect(r).toEqual({
      email: 'jane.doe@example.com',
      valid: true,
      isDisposable: false,
      isAlias: false,
      isTypo: false,
      isPlusAddressed: false,
      isPersonalEmail: false,
      domainExists: true,
      hasMxRecords: true,
      reasons: [],
    });
    expect(r).not.toHaveProperty('suggestedEmail');
    expect(dns.resolveMx).toHaveBeenCalledWith('example.com');
  });

  it('rejects bad syntax without any DNS lookup', async () => {
    const deps = fakeDns({});
    for (const email of ['', 'nope', 'a@b', 'a@@b.com', 'a b@c.com']) {
      const r = await verifyEmail(email, deps);
      expect(r.valid).toBe(false);
      expect(r.domainExists).toBe(false);
      expect(r.reasons).toContain('Invalid email format');
    }
    expect(deps.resolveMx).not.toHaveBeenCalled();
  });

  it('reports a missing domain (NXDOMAIN) as not existing and does not try A records', async () => {
    const r = await verifyEmail('x@does-not-exist.example', dns);
    expect(r).toMatchObject({ valid: false, domainExists: false, hasMxRecords: false, reasons: ['Domain does not exist'] });
  });

  it('falls back to an A record when there is no MX (RFC 5321 implicit MX)', async () => {
    const r = await verifyEmail('x@a-only.io', dns);
    expect(r).toMatchObject({ valid: true, domainExists: true, hasMxRecords: false });
  });

  it('falls back to AAAA when there is no MX and no A', async () => {
    expect(await verifyEmail('x@v6-only.io', dns)).toMatchObject({ valid: true, domainExists: true, hasMxRecords: false });
  });

  it('an existing domain with neither MX nor address records is not valid', async () => {
    const r = await verifyEmail('x@no-mail.io', dns);
    expect(r).toMatchObject({ valid: false, domainExists: true, hasMxRecords: false, reasons: ['No MX records found'] });
  });

  it('treats an empty MX answer like NODATA', async () => {
    const deps: VerifyDeps = { resolveMx: async () => [], resolveA: async () => [] };
    expect(await verifyEmail('x@empty.io', deps)).toMatchObject({ valid: false, domainExists: true, hasMxRecords: false });
  });

  it('a null MX (RFC 7505) means no mail even with an A record', async () => {
    const r = await verifyEmail('x@nullmx.io', dns);
    expect(r).toMatchObject({ valid: false, domainExists: true, hasMxRecords: false });
    expect(r.reasons[0]).toMatch(/null MX/);
  });

  it('says the lookup failed (not that the domain is missing) on SERVFAIL/timeouts', async () => {
    const r = await verifyEmail('x@flaky.io', dns);
    expect(r.valid).toBe(false);
    expect(r.reasons[0]).toMatch(/DNS lookup failed/);
  });

  it('uses the address fallback when the MX lookup errors but A answers', async () => {
    expect(await verifyEmail('x@flaky-mx.io', dns)).toMatchObject({ valid: true, domainExists: true, hasMxRecords: false });
  });

  it('times out a hanging resolver', async () => {
    const deps: VerifyDeps = { resolveMx: () => new Promise(() => undefined), timeoutMs: 20 };
    const r = await verifyEmail('x@hang.io', deps);
    expect(r.valid).toBe(false);
    expect(r.reasons[0]).toMatch(/DNS lookup failed/);
  });

  it('can use resolveAny for the fallback, counting only A/AAAA answers', async () => {
    const nodata = async () => {
      throw dnsError('ENODATA');
    };
    expect(await verifyEmail('x@any.io', { resolveMx: nodata, resolveAny: async () => [{ type: 'A' }] })).toMatchObject({ valid: true });
    expect(await verifyEmail('x@any.io', { resolveMx: nodata, resolveAny: async () => [{ type: 'TXT' }] })).toMatchObject({
      valid: false,
      domainExists: true,
    });
  });

  it('flags disposable domains (and their subdomains) as not valid', async () => {
    const r = await verifyEmail('x@mailinator.com', dns);
    expect(r).toMatchObject({ valid: false, isDisposable: true, hasMxRecords: true });
    expect(r.reasons).toContain('Disposable email domain');
    expect(isDisposableDomain('inbox.mailinator.com')).toBe(true);
    expect(isDisposableDomain('example.com')).toBe(false);
    expect(isDisposableDomain('gmail.com')).toBe(false);
  });

  it('flags free mailbox providers as personal', async () => {
    expect((await verifyEmail('jane@gmail.com', dns)).isPersonalEmail).toBe(true);
    expect((await verifyEmail('jane@example.com', dns)).isPersonalEmail).toBe(false);
  });

  it('flags role addresses as aliases, also with a +tag', async () => {
    for (const local of ['admin', 'info', 'support', 'noreply', 'no-reply', 'postmaster', 'abuse', 'sales', 'support+billing']) {
      expect((await verifyEmail(`${local}@example.com`, dns)).isAlias).toBe(true);
    }
    expect((await verifyEmail('jane@example.com', dns)).isAlias).toBe(false);
    expect((await verifyEmail('administrative.jane@example.com', dns)).isAlias).toBe(false);
  });

  it('flags plus addressing', async () => {
    const r = await verifyEmail('jane+news@example.com', dns);
    expect(r).toMatchObject({ isPlusAddressed: true, valid: true });
    expect((await verifyEmail('jane@example.com', dns)).isPlusAddressed).toBe(false);
  });

  it('suggests a correction for a misspelled provider, even when the typo domain has MX', async () => {
    const r = await verifyEmail('jane@gmal.com', dns);
    expect(r).toMatchObject({ isTypo: true, suggestedEmail: 'jane@gmail.com', valid: true });
    expect(r.reasons).toContain('Possible typo; did you mean jane@gmail.com?');
    // A typo-squatting domain on the disposable list is both.
    expect(await verifyEmail('jane@gmial.com', dns)).toMatchObject({ isTypo: true, isDisposable: true, valid: false });
  });

  it('suggests a TLD fix for a domain that does not take mail', async () => {
    const r = await verifyEmail('jane@example.cmo', dns);
    expect(r.isTypo).toBe(true);
    expect(r.suggestedEmail).toMatch(/^jane@example\.com?$/);
    expect(r.valid).toBe(false);
  });

  it('drops far-fetched guesses for domains that take no mail', async () => {
    const r = await verifyEmail('x@no-mail.io', dns);
    expect(r.isTypo).toBe(false);
    expect(r).not.toHaveProperty('suggestedEmail');
  });

  it('does not call real provider domains or working corporate domains typos', async () => {
    const deps = fakeDns({ 'protonmail.ch': { mx: MX }, 'acme.co': { mx: MX }, 'gmail.com': { mx: MX } });
    for (const email of ['jane@gmail.com', 'jane@protonmail.ch', 'jane@acme.co']) {
      const r = await verifyEmail(email, deps);
      expect(r.isTypo).toBe(false);
      expect(r).not.toHaveProperty('suggestedEmail');
    }
  });
});
