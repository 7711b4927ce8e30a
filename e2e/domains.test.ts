import crypto from 'node:crypto';
import { Api, ApiResponse, eventually, OWNER, session, Topology, TopologyKind } from '../libs/testing/src';
import { startHerald } from './support/herald';
import { DnsTestServer } from '../libs/testing/src/dns';

/** Sending domains over HTTP, in Plunk's shapes, DNS from a real server on loopback. */

let dns: DnsTestServer;
beforeAll(async () => {
  dns = await DnsTestServer.start();
});
afterAll(() => dns?.close());

function expectError(res: ApiResponse, status: number, code: string) {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
}

interface Rec {
  type: string;
  name: string;
  value: string;
  priority?: number;
  purpose: string;
  found?: boolean;
}

function publish(records: Rec[], o: { dmarc?: boolean } = {}) {
  for (const r of records) {
    if (r.purpose === 'dmarc' && o.dmarc === false) continue;
    if (r.type === 'MX') dns.set(r.name, 'MX', [{ exchange: r.value, priority: r.priority! }]);
    else dns.set(r.name, 'TXT', [r.value]);
  }
}

const found = (body: { records: Rec[] }) => Object.fromEntries(body.records.map((r) => [r.purpose, r.found]));

describe.each<TopologyKind>(['all'])('domains (%s)', (kind) => {
  let t: Topology;
  let api: Api;
  const domain = `${kind}-${crypto.randomBytes(3).toString('hex')}.example.test`;
  beforeAll(async () => {
    t = await startHerald(kind, { env: { DNS_SERVERS: dns.server, DOMAIN_RECHECK_SECONDS: '1' } });
    api = new Api(t.baseUrl, t.keys.secret);
  }, 90_000);
  afterAll(() => t?.stop());

  let id: string;
  let records: Rec[];

  it('POST /domains → 201 with the records to publish', async () => {
    const res = await api.post('/domains', { domain: domain.toUpperCase() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ domain, verified: false, verifiedAt: null, lastCheckedAt: null });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    id = res.body.id;
    records = res.body.records;
    expect(records.map((r) => [r.type, r.purpose])).toEqual([
      ['TXT', 'dkim'],
      ['TXT', 'spf'],
      ['MX', 'mx'],
      ['TXT', 'dmarc'],
    ]);
    expect(records[0].name).toMatch(new RegExp(`^herald[0-9a-f]{8}\\._domainkey\\.${domain.replace(/\./g, '\\.')}$`));
    expect(records[0].value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]{300,}={0,2}$/);
    expect(records[1]).toEqual({ type: 'TXT', name: `hm.${domain}`, value: 'v=spf1 include:amazonses.com ~all', purpose: 'spf' });
    expect(records[2]).toEqual({ type: 'MX', name: `hm.${domain}`, value: 'feedback-smtp.us-east-1.amazonses.com', priority: 10, purpose: 'mx' });
    expect(records[3]).toEqual({ type: 'TXT', name: `_dmarc.${domain}`, value: 'v=DMARC1; p=none;', purpose: 'dmarc' });
  });

  it('validates the domain (422 on field domain) and refuses a duplicate (409)', async () => {
    for (const body of [{}, { domain: 42 }, { domain: 'https://example.com/x' }, { domain: 'localhost' }, { domain: `${'a'.repeat(300)}.com` }]) {
      const res = await api.post('/domains', body);
      expectError(res, 422, 'VALIDATION_ERROR');
      expect(res.body.error.errors[0].field).toBe('domain');
    }
    expectError(await api.post('/domains', { domain }), 409, 'CONFLICT');
  });

  it('verify before publishing: false, nothing found', async () => {
    const res = await api.get(`/domains/${id}/verify`);
    expect(res.status).toBe(200);
    expect(res.body.verified).toBe(false);
    expect(found(res.body)).toEqual({ dkim: false, spf: false, mx: false, dmarc: false });
    expect(res.body.lastCheckedAt).toMatch(/^\d{4}-/);
  });

  it('publish, verify: true (DMARC not needed)', async () => {
    publish(records, { dmarc: false });
    const res = await api.get(`/domains/${id}/verify`);
    expect(res.status).toBe(200);
    expect(res.body.verified).toBe(true);
    expect(res.body.verifiedAt).toMatch(/^\d{4}-/);
    expect(found(res.body)).toEqual({ dkim: true, spf: true, mx: true, dmarc: false });
    const list = await api.get(`/domains/project/${t.projectId}`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id, domain, verified: true });
    // The verified event left the outbox (published in process, or to RabbitMQ in split).
    await eventually(async () => (await t.sql('SELECT 1 FROM domains.outbox LIMIT 1')).length === 0, 10_000, 100);
  });

  it('the background check notices a removed DKIM record and unverifies', async () => {
    dns.delete(records[0].name);
    const list = await eventually(
      async () => {
        const res = await api.get(`/domains/project/${t.projectId}`);
        return res.body[0]?.verified === false ? res.body : undefined;
      },
      15_000,
      250,
    );
    expect(list[0].records[0].found).toBe(false);
    // …and verifies it again once it is back.
    publish(records);
    await eventually(async () => (await api.get(`/domains/project/${t.projectId}`)).body[0]?.verified === true, 15_000, 250);
  });

  it("tenancy: another project's key never sees or touches this domain", async () => {
    const owner = await session(t.baseUrl, OWNER.email, OWNER.password);
    const second = (await owner.post('/users/@me/projects', { name: `Domains ${kind}` })).body;
    const other = new Api(t.baseUrl, second.secret);
    expectError(await other.get(`/domains/${id}/verify`), 404, 'DOMAIN_NOT_FOUND');
    expectError(await other.delete(`/domains/${id}`), 404, 'DOMAIN_NOT_FOUND');
    expectError(await other.get(`/domains/project/${t.projectId}`), 403, 'PROJECT_ACCESS_DENIED');
    expectError(await other.post('/domains', { domain: 'x.example.test', projectId: t.projectId }), 403, 'PROJECT_ACCESS_DENIED');
    expect((await other.get(`/domains/project/${second.id}`)).body).toEqual([]);
    // The same domain in another project is allowed, with its own key.
    const mine = await other.post('/domains', { domain, projectId: second.id });
    expect(mine.status).toBe(201);
    expect(mine.body.records[0].value).not.toBe(records[0].value);
    expect(mine.body.verified).toBe(false);
    // A session acts on the X-Project-Id project; a different projectId in the body is 403.
    const dash = owner.withHeaders({ 'x-project-id': t.projectId });
    expectError(await dash.post('/domains', { domain: 'dash.example.test', projectId: second.id }), 403, 'PROJECT_ACCESS_DENIED');
    const viaSession = await dash.post('/domains', { domain: 'dash.example.test', projectId: t.projectId });
    expect(viaSession.status).toBe(201);
    expect((await dash.get(`/domains/project/${t.projectId}`)).body.map((d: any) => d.domain).sort()).toEqual(['dash.example.test', domain].sort());
    expect((await api.delete(`/domains/${viaSession.body.id}`)).status).toBe(204);
    // A public key is not enough.
    expectError(await api.withKey(t.keys.public).get(`/domains/project/${t.projectId}`), 401, 'INVALID_API_KEY');
  });

  it('a malformed or unknown id is 404 DOMAIN_NOT_FOUND', async () => {
    for (const bad of ['not-a-uuid', crypto.randomUUID(), '%27%3B--']) {
      expectError(await api.get(`/domains/${bad}/verify`), 404, 'DOMAIN_NOT_FOUND');
      expectError(await api.delete(`/domains/${bad}`), 404, 'DOMAIN_NOT_FOUND');
    }
  });

  it('DELETE /domains/:id → 204, then 404', async () => {
    const res = await api.delete(`/domains/${id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expectError(await api.get(`/domains/${id}/verify`), 404, 'DOMAIN_NOT_FOUND');
    expect((await api.get(`/domains/project/${t.projectId}`)).body).toEqual([]);
  });
});
