import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { dnsResolver } from '../../../../libs/kit/src';
import { DnsTestServer } from '../../../../libs/testing/src/dns';
import { MxDirectory } from '../../src/adapters/mx';
import { MX_PATTERNS } from '../../src/domain/providers';

/** MX lookups against a real DNS server (dns2 on loopback), cached. */
describe('MxDirectory', () => {
  let dns: DnsTestServer;
  beforeAll(async () => {
    dns = await DnsTestServer.start();
  });
  afterAll(() => dns.close());

  const directory = (opts: { ttlMs?: number; failureTtlMs?: number; max?: number } = {}) =>
    new MxDirectory(dnsResolver(dns.server, { timeoutMs: 300 }), MX_PATTERNS, opts);

  it("knows a domain's provider from its MX, best priority first, and asks once per TTL", async () => {
    dns.set('company.example', 'MX', [
      { exchange: 'alt1.aspmx.l.google.com', priority: 20 },
      { exchange: 'aspmx.l.google.com', priority: 10 },
    ]);
    const mx = directory();
    await expect(mx.route('Company.Example')).resolves.toEqual({ hosts: ['aspmx.l.google.com', 'alt1.aspmx.l.google.com'], provider: 'google' });
    await mx.route('company.example');
    expect(dns.queries.filter((q) => q === 'company.example MX')).toHaveLength(1);
  });

  it('a domain without MX is its own mail exchanger, of provider other; a null MX has none', async () => {
    dns.set('plain.example', 'A', ['127.0.0.9']);
    dns.set('nomail.example', 'MX', [{ exchange: '.', priority: 0 }]);
    const mx = directory();
    await expect(mx.route('plain.example')).resolves.toEqual({ hosts: ['plain.example'], provider: 'other' });
    await expect(mx.route('unknown.example')).resolves.toEqual({ hosts: ['unknown.example'], provider: 'other' });
    await expect(mx.route('nomail.example')).resolves.toEqual({ hosts: [], provider: 'other' });
  });

  it('a failing DNS server gives other without hosts, remembered only briefly', async () => {
    dns.fail('broken.example', 'SERVFAIL');
    const mx = directory({ failureTtlMs: 50 });
    await expect(mx.route('broken.example')).resolves.toEqual({ hosts: [], provider: 'other' });
    dns.fail('broken.example', undefined);
    dns.set('broken.example', 'MX', [{ exchange: 'mx01.mail.icloud.com', priority: 10 }]);
    await expect(mx.route('broken.example')).resolves.toEqual({ hosts: [], provider: 'other' });
    await new Promise((r) => setTimeout(r, 80));
    await expect(mx.route('broken.example')).resolves.toEqual({ hosts: ['mx01.mail.icloud.com'], provider: 'apple' });
  });

  it('an answer expires after its TTL and the cache stays within its size', async () => {
    dns.set('yh.example', 'MX', [{ exchange: 'mta5.am0.yahoodns.net', priority: 1 }]);
    const mx = directory({ ttlMs: 50, max: 2 });
    await expect(mx.route('yh.example')).resolves.toMatchObject({ provider: 'yahoo' });
    dns.set('yh.example', 'MX', [{ exchange: 'x.mail.protection.outlook.com', priority: 1 }]);
    await new Promise((r) => setTimeout(r, 80));
    await expect(mx.route('yh.example')).resolves.toMatchObject({ provider: 'microsoft' });
    const before = dns.queries.length;
    await Promise.all(['a.example', 'b.example', 'c.example'].map((d) => mx.route(d)));
    await mx.route('a.example'); // forgotten when the cache filled up
    expect(dns.queries.length - before).toBe(4);
  });
});
