/**
 * Component test: the domains use cases and the background re-check against real PostgreSQL (its
 * own database herald_c_<random>, dropped afterwards) and a real DNS server (dns2 on 127.0.0.1,
 * random port) reached through node's resolver, exactly as in production.
 */
import crypto from 'node:crypto';
import { Db, migrate } from '../../../../libs/db/src';
import { newId } from '../../../../libs/kit/src';
import type { Api } from '../../../../libs/contracts/src';
import type { Domain__Output as DomainMsg } from '../../../../libs/contracts/src/generated/herald/domains/v1/Domain';
import { eventually, expectAppError, scratchDatabase, ScratchDatabase } from '../../../../libs/testing/src';
import { DnsTestServer } from '../../../../libs/testing/src/dns';
import { NodeDns } from '../../src/adapters/dns';
import { DomainsRepo } from '../../src/adapters/repo';
import { domainsService, DomainsService } from '../../src/app/handlers';
import { SCHEMA } from '../../src/migrations';
import { migrationsOf } from '../../../../libs/runtime/src';
import { domains } from '../../src/service';
import { recheckTimer } from '../../src/ports/timers';
import { Ticker } from '../../../../libs/kit/src';
import { KeySealer } from '../../src/domain/sealer';

const settings = { spfInclude: 'spf.relay.test', returnPathMx: 'bounce.relay.test', recheckSeconds: 1 };

let scratch: ScratchDatabase;
let db: Db;
let repo: DomainsRepo;
let dns: DnsTestServer;
let service: DomainsService;
let h: Api<'domains'>;

beforeAll(async () => {
  scratch = await scratchDatabase({ poolMax: 20 });
  db = scratch.db;
  expect(await migrate(db, SCHEMA, migrationsOf(domains))).toBe(migrationsOf(domains).length);
  expect(await migrate(db, SCHEMA, migrationsOf(domains))).toBe(0); // idempotent
  repo = new DomainsRepo(db);
  dns = await DnsTestServer.start();
  service = domainsService(repo, new NodeDns(dns.server, { timeoutMs: 500 }), settings);
  h = service.handlers as unknown as Api<'domains'>;
});

afterAll(async () => {
  await dns?.close();
  await scratch?.drop();
});

/** A call's meta for a project: the caller's project, as the gateway's guard sets it. */
const as = (projectId: string) => ({ requestId: 'test', projectId });
let seq = 0;
/** A domain no other test uses. */
const uniqueDomain = () => `d${++seq}-${crypto.randomBytes(3).toString('hex')}.example.test`;

const add = (projectId: string, domain: string) => h.AddDomain({ domain }, as(projectId)).then((r) => r.domain!);
const verify = (projectId: string, id: string) => h.VerifyDomain({ id }, as(projectId)).then((r) => r.domain!);
const rec = (d: DomainMsg, purpose: string) => d.records.find((r) => r.purpose === purpose)!;

/** Publishes what the domain asks for (DMARC too unless told not to). */
function publish(d: DomainMsg, o: { dmarc?: boolean } = {}) {
  for (const r of d.records) {
    if (r.purpose === 'dmarc' && o.dmarc === false) continue;
    if (r.type === 'MX') dns.set(r.name, 'MX', [{ exchange: r.value, priority: r.priority }]);
    else dns.set(r.name, 'TXT', [r.value]); // the server splits the 2048-bit DKIM value into 255-byte strings
  }
}

const outbox = (projectId: string) =>
  db.query<{ type: string; data: any }>(`SELECT type, data FROM domains.outbox WHERE project_id = $1 ORDER BY seq`, [projectId]);

describe('adding a domain', () => {
  it('returns the DKIM, SPF, MX and DMARC records with a fresh RSA-2048 key', async () => {
    const p = newId();
    const d = await add(p, 'Mail.Example.TEST');
    expect(d.domain).toBe('mail.example.test');
    expect(d.verified).toBe(false);
    expect(d.verified_at).toBe('');
    expect(d.last_checked_at).toBe('');
    const dkim = rec(d, 'dkim');
    expect(dkim.type).toBe('TXT');
    expect(dkim.name).toMatch(/^herald[0-9a-f]{8}\._domainkey\.mail\.example\.test$/);
    const m = /^v=DKIM1; k=rsa; p=([A-Za-z0-9+/=]+)$/.exec(dkim.value)!;
    expect(m).not.toBeNull();
    const pub = crypto.createPublicKey({ key: Buffer.from(m[1], 'base64'), format: 'der', type: 'spki' });
    expect(pub.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(rec(d, 'spf')).toMatchObject({ type: 'TXT', name: 'hm.mail.example.test', value: 'v=spf1 include:spf.relay.test ~all' });
    expect(rec(d, 'mx')).toMatchObject({ type: 'MX', name: 'hm.mail.example.test', value: 'bounce.relay.test', priority: 10 });
    expect(rec(d, 'dmarc')).toMatchObject({ type: 'TXT', name: '_dmarc.mail.example.test', purpose: 'dmarc' });
    expect(d.records.every((r) => r.found === false)).toBe(true);
    // A timer row exists for the background re-check.
    expect(await db.query(`SELECT 1 FROM domains.timers WHERE project_id = $1 AND domain_id = $2`, [p, d.id])).toHaveLength(1);
  });

  it('rejects invalid domains with 422 VALIDATION_ERROR on field domain', async () => {
    const p = newId();
    for (const bad of ['', 'localhost', 'https://example.com', 'example.com/x', 'exa mple.com', 'a'.repeat(250) + '.com', '1.2.3.4']) {
      const err = await expectAppError(add(p, bad));
      expect({ status: err.status, code: err.code, field: err.errors?.[0].field }).toEqual({ status: 422, code: 'VALIDATION_ERROR', field: 'domain' });
    }
    expect((await h.ListDomains({}, as(p))).domains).toEqual([]);
  });

  it('the same domain twice in a project is 409; another project may add it with its own key', async () => {
    const [p1, p2] = [newId(), newId()];
    const domain = uniqueDomain();
    const a = await add(p1, domain);
    const err = await expectAppError(add(p1, domain.toUpperCase()));
    expect({ status: err.status, code: err.code }).toEqual({ status: 409, code: 'CONFLICT' });
    // Concurrent adds: exactly one wins.
    const other = uniqueDomain();
    const results = await Promise.allSettled([add(p1, other), add(p1, other), add(p1, other)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const b = await add(p2, domain);
    expect(b.id).not.toBe(a.id);
    expect(rec(b, 'dkim').name).not.toBe(rec(a, 'dkim').name);
    expect(rec(b, 'dkim').value).not.toBe(rec(a, 'dkim').value);
  });
});

describe('verification', () => {
  it('unpublished → not verified, nothing found; published (DKIM split in strings) → verified, one event', async () => {
    const p = newId();
    const d = await add(p, uniqueDomain());
    const before = await verify(p, d.id);
    expect(before.verified).toBe(false);
    expect(before.records.map((r) => r.found)).toEqual([false, false, false, false]);
    expect(before.last_checked_at).not.toBe('');
    expect(await outbox(p)).toEqual([]);

    publish(d, { dmarc: false });
    const after = await verify(p, d.id);
    expect(after.verified).toBe(true);
    expect(after.verified_at).not.toBe('');
    expect(Object.fromEntries(after.records.map((r) => [r.purpose, r.found]))).toEqual({ dkim: true, spf: true, mx: true, dmarc: false });
    expect(await outbox(p)).toEqual([{ type: 'domains.domain.verified.v1', data: { domainId: d.id, domain: d.domain } }]);

    // Checking again changes nothing and publishes nothing more; verified_at is kept.
    const again = await verify(p, d.id);
    expect(again.verified).toBe(true);
    expect(again.verified_at).toBe(after.verified_at);
    expect(await outbox(p)).toHaveLength(1);

    // The list shows the last check.
    const [listed] = (await h.ListDomains({}, as(p))).domains;
    expect(listed.verified).toBe(true);
    expect(rec(listed, 'dkim').found).toBe(true);
    expect(rec(listed, 'dmarc').found).toBe(false);
    publish(d);
    expect(rec(await verify(p, d.id), 'dmarc').found).toBe(true);
  });

  it('DKIM must carry the exact key; SPF must include ours; MX must point at ours', async () => {
    const p = newId();
    const d = await add(p, uniqueDomain());
    publish(d);
    const dkim = rec(d, 'dkim');
    dns.set(dkim.name, 'TXT', [dkim.value.slice(0, -4) + 'AAAA']);
    expect((await verify(p, d.id)).verified).toBe(false);
    // Explicitly split into several strings (as DNS providers do) joins back to the exact value.
    dns.set(dkim.name, 'TXT', [['v=DKIM1; k=rsa; ', dkim.value.slice(16, 200), dkim.value.slice(200)]]);
    expect((await verify(p, d.id)).verified).toBe(true);
    dns.set(rec(d, 'spf').name, 'TXT', ['v=spf1 include:someone-else.test ~all']);
    expect((await verify(p, d.id)).verified).toBe(false);
    dns.set(rec(d, 'spf').name, 'TXT', ['v=spf1 ip4:192.0.2.1 include:spf.relay.test -all']);
    expect((await verify(p, d.id)).verified).toBe(true);
    dns.set(rec(d, 'mx').name, 'MX', [{ exchange: 'mx.elsewhere.test', priority: 10 }]);
    const v = await verify(p, d.id);
    expect(v.verified).toBe(false);
    expect(rec(v, 'mx').found).toBe(false);
    expect(rec(v, 'spf').found).toBe(true); // same name, other type: still answered
    expect((await outbox(p)).map((e) => e.type)).toEqual([
      'domains.domain.verified.v1',
      'domains.domain.unverified.v1',
      'domains.domain.verified.v1',
      'domains.domain.unverified.v1',
    ]);
  });

  it('a DNS failure (SERVFAIL, timeout) never unverifies; a definitive absence does', async () => {
    const p = newId();
    const d = await add(p, uniqueDomain());
    publish(d);
    expect((await verify(p, d.id)).verified).toBe(true);
    const dkimName = rec(d, 'dkim').name;
    dns.fail(dkimName, 'SERVFAIL');
    let v = await verify(p, d.id);
    expect(v.verified).toBe(true);
    expect(rec(v, 'dkim').found).toBe(false);
    dns.fail(dkimName, 'TIMEOUT');
    expect((await verify(p, d.id)).verified).toBe(true);
    dns.fail(dkimName, undefined);
    dns.delete(dkimName);
    v = await verify(p, d.id);
    expect(v.verified).toBe(false);
    expect(v.verified_at).toBe('');
    // A pending domain does not become verified through a failed lookup either.
    publish(d);
    dns.fail(rec(d, 'mx').name, 'SERVFAIL');
    expect((await verify(p, d.id)).verified).toBe(false);
    dns.fail(rec(d, 'mx').name, undefined);
    expect((await outbox(p)).map((e) => e.type)).toEqual(['domains.domain.verified.v1', 'domains.domain.unverified.v1']);
  });
});

describe('tenancy and ids', () => {
  it("another project's domain is 404 DOMAIN_NOT_FOUND everywhere; a bad id is 404, not 500", async () => {
    const [p1, p2] = [newId(), newId()];
    const d = await add(p1, uniqueDomain());
    for (const call of [
      () => h.VerifyDomain({ id: d.id }, as(p2)),
      () => h.DeleteDomain({ id: d.id }, as(p2)),
      () => h.VerifyDomain({ id: 'not-a-uuid' }, as(p1)),
      () => h.DeleteDomain({ id: "'; DROP TABLE x; --" }, as(p1)),
      () => h.VerifyDomain({ id: newId() }, as(p1)),
      () => h.VerifyDomain({ id: d.id }, as('nope')),
    ]) {
      const err = await expectAppError(call());
      expect({ status: err.status, code: err.code }).toEqual({ status: 404, code: 'DOMAIN_NOT_FOUND' });
    }
    expect((await h.ListDomains({}, as(p2))).domains).toEqual([]);
    expect((await h.ListDomains({}, as(p1))).domains.map((x) => x.id)).toEqual([d.id]);
  });

  it('delete removes the domain and its timer; a verified one publishes unverified', async () => {
    const p = newId();
    const pending = await add(p, uniqueDomain());
    const verified = await add(p, uniqueDomain());
    publish(verified);
    expect((await verify(p, verified.id)).verified).toBe(true);
    expect(await h.DeleteDomain({ id: pending.id }, as(p))).toEqual({});
    expect(await h.DeleteDomain({ id: verified.id }, as(p))).toEqual({});
    expect((await expectAppError(h.DeleteDomain({ id: verified.id }, as(p)))).code).toBe('DOMAIN_NOT_FOUND');
    expect(await db.query(`SELECT 1 FROM domains.timers WHERE project_id = $1`, [p])).toEqual([]);
    expect((await h.ListDomains({}, as(p))).domains).toEqual([]);
    expect((await outbox(p)).map((e) => e.type)).toEqual(['domains.domain.verified.v1', 'domains.domain.unverified.v1']);
    // Re-adding gives a new key.
    const again = await add(p, verified.domain);
    expect(rec(again, 'dkim').value).not.toBe(rec(verified, 'dkim').value);
  });
});

describe('CheckSender and GetSigningKey', () => {
  it('answer for verified domains of the project only, by exact domain', async () => {
    const [p1, p2] = [newId(), newId()];
    const d = await add(p1, uniqueDomain());
    const sender = (p: string, email: string) => h.CheckSender({ email }, as(p));
    const key = (p: string, domain: string) => h.GetSigningKey({ domain }, as(p));

    expect(await sender(p1, `jane@${d.domain}`)).toEqual({ verified: false, domain: d.domain, domain_id: d.id });
    expect((await key(p1, d.domain)).found).toBe(false);

    publish(d);
    await verify(p1, d.id);
    expect(await sender(p1, `Jane@${d.domain.toUpperCase()}`)).toEqual({ verified: true, domain: d.domain, domain_id: d.id });
    expect((await sender(p1, `jane@sub.${d.domain}`)).verified).toBe(false); // exact match only
    expect((await sender(p1, `jane@${d.domain.split('.').slice(1).join('.')}`)).verified).toBe(false);
    expect(await sender(p2, `jane@${d.domain}`)).toEqual({ verified: false, domain: d.domain, domain_id: '' });
    for (const bad of ['', 'jane', 'jane@', '@x']) expect((await sender(p1, bad)).verified).toBe(false);

    const k = await key(p1, d.domain.toUpperCase());
    expect(k).toMatchObject({ found: true, domain: d.domain, selector: rec(d, 'dkim').name.split('.')[0], return_path_domain: `hm.${d.domain}` });
    // The private key belongs to the published public key.
    const pub = crypto.createPublicKey(crypto.createPrivateKey(k.private_key_pem)).export({ type: 'spki', format: 'der' }).toString('base64');
    expect(rec(d, 'dkim').value).toBe(`v=DKIM1; k=rsa; p=${pub}`);
    expect((await key(p2, d.domain)).found).toBe(false);
    expect((await key(p1, `sub.${d.domain}`)).found).toBe(false);
    expect((await key(p1, 'not a domain')).found).toBe(false);
  });
});

describe('background re-check (durable timers)', () => {
  let timers: Ticker[] = [];
  afterEach(async () => {
    await Promise.all(timers.map((t) => t.stop()));
    timers = [];
  });
  const startTimers = (n = 1) => {
    for (let i = 0; i < n; i++) {
      const t = new Ticker(recheckTimer(repo, service));
      t.start();
      timers.push(t);
    }
  };
  const state = async (p: string, id: string) => (await repo.get(p, id))!;

  it('verifies a pending domain once its records appear, and notices when they vanish', async () => {
    const p = newId();
    const d = await add(p, uniqueDomain());
    startTimers(2); // two replicas share the timers
    const firstCheck = await eventually(async () => (await state(p, d.id)).last_checked_at, 5000, 100);
    expect(firstCheck).toBeInstanceOf(Date);
    expect((await state(p, d.id)).verified).toBe(false);
    publish(d);
    await eventually(async () => (await state(p, d.id)).verified, 5000, 100);
    dns.delete(rec(d, 'dkim').name);
    await eventually(async () => !(await state(p, d.id)).verified, 5000, 100);
    // Each change published exactly once, although two pollers ran.
    expect((await outbox(p)).map((e) => e.type)).toEqual(['domains.domain.verified.v1', 'domains.domain.unverified.v1']);
    // The timer is rescheduled after every check (due within the interval, never lost).
    const [t] = await db.query(`SELECT due_at FROM domains.timers WHERE project_id = $1 AND domain_id = $2`, [p, d.id]);
    expect(new Date(t.due_at).getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it('fires timers left due by a previous process (restart) and skips deleted domains', async () => {
    const p = newId();
    const d = await add(p, uniqueDomain());
    publish(d);
    // As if the previous process died: the timer is overdue, the domain never checked.
    await db.query(`UPDATE domains.timers SET due_at = now() - interval '1 hour' WHERE project_id = $1`, [p]);
    // A timer whose domain is gone is harmless.
    await db.query(`INSERT INTO domains.timers (project_id, domain_id, due_at) VALUES ($1, $2, now())`, [p, newId()]);
    startTimers();
    await eventually(async () => (await state(p, d.id)).verified, 5000, 100);
  });
});

describe('DKIM private keys at rest (ENCRYPTION_KEY)', () => {
  // A database of its own: sealing works across every project of the database.
  let own: ScratchDatabase;
  let ownRepo: DomainsRepo;
  const sealer = KeySealer.fromHex(crypto.randomBytes(32).toString('hex'));
  const serviceWith = (s: KeySealer) => domainsService(ownRepo, new NodeDns(dns.server, { timeoutMs: 500 }), settings, s).handlers as unknown as Api<'domains'>;
  const stored = async (projectId: string, id: string) =>
    (await own.db.query('SELECT private_key_pem FROM domains.domains WHERE project_id = $1 AND id = $2', [projectId, id]))[0].private_key_pem as string;
  /** Adds and verifies a domain through `api`; returns it and the key GetSigningKey gives back. */
  const verifiedKey = async (api: Api<'domains'>, projectId: string) => {
    const d = (await api.AddDomain({ domain: uniqueDomain() }, as(projectId))).domain!;
    publish(d);
    await api.VerifyDomain({ id: d.id }, as(projectId));
    const k = await api.GetSigningKey({ domain: d.domain }, as(projectId));
    const pub = crypto.createPublicKey(crypto.createPrivateKey(k.private_key_pem)).export({ type: 'spki', format: 'der' }).toString('base64');
    expect(rec(d, 'dkim').value).toBe(`v=DKIM1; k=rsa; p=${pub}`);
    return { d, pem: k.private_key_pem };
  };

  beforeAll(async () => {
    own = await scratchDatabase();
    await migrate(own.db, SCHEMA, migrationsOf(domains));
    ownRepo = new DomainsRepo(own.db);
  });
  afterAll(async () => {
    await own?.drop();
  });

  it('stores a new key encrypted, and signs with the key that matches the published record', async () => {
    const p = newId();
    const { d } = await verifiedKey(serviceWith(sealer), p);
    const raw = await stored(p, d.id);
    expect(raw).toMatch(/^enc:v1:/);
    expect(raw).not.toContain('PRIVATE KEY');
  });

  it('seals keys stored before the key was set, at start, and still signs with them', async () => {
    const p = newId();
    const { d, pem } = await verifiedKey(serviceWith(KeySealer.fromHex(undefined)), p);
    expect(await stored(p, d.id)).toContain('PRIVATE KEY');
    expect(await ownRepo.sealKeys(sealer)).toBe(1);
    expect(await stored(p, d.id)).toMatch(/^enc:v1:/);
    expect(await ownRepo.sealKeys(sealer)).toBe(0);
    expect((await serviceWith(sealer).GetSigningKey({ domain: d.domain }, as(p))).private_key_pem).toBe(pem);
  });

  it('refuses to start without the key, or with another, once keys are sealed', async () => {
    await verifiedKey(serviceWith(sealer), newId()); // at least one sealed key
    await expect(ownRepo.sealKeys(KeySealer.fromHex(undefined))).rejects.toThrow(/ENCRYPTION_KEY is not set/);
    await expect(ownRepo.sealKeys(KeySealer.fromHex(crypto.randomBytes(32).toString('hex')))).rejects.toThrow(/does not decrypt/);
    expect(await ownRepo.sealKeys(sealer)).toBe(0); // the right key still opens them all
  });

  it('a damaged sealed value is refused, not half-decrypted', async () => {
    const p = newId();
    const { d } = await verifiedKey(serviceWith(sealer), p);
    const [iv, tag, ct] = (await stored(p, d.id)).slice('enc:v1:'.length).split(':');
    for (const bad of [`enc:v1:${iv}:${tag.slice(0, 8)}:${ct}`, `enc:v1:${iv}:${ct}`, `enc:v1:${iv}:${tag}:${ct.slice(4)}`]) {
      expect(() => sealer.open(bad, p, d.id)).toThrow(/does not decrypt/);
    }
  });

  it('a sealed key copied to another domain row does not decrypt there', async () => {
    const p = newId();
    const api = serviceWith(sealer);
    const a = (await verifiedKey(api, p)).d;
    const b = (await verifiedKey(api, p)).d;
    await own.db.query('UPDATE domains.domains SET private_key_pem = $3 WHERE project_id = $1 AND id = $2', [p, b.id, await stored(p, a.id)]);
    await expect(api.GetSigningKey({ domain: b.domain }, as(p))).rejects.toThrow(/does not decrypt/);
  });
});
