/**
 * Login and signup are rate limited per client address (every request) and per account (refused
 * attempts, from any address), and the client's address is the socket's unless TRUST_PROXY says
 * whose X-Forwarded-For to believe. Herald in process, real PostgreSQL.
 */
import { Api, OWNER } from '../../libs/testing/src';
import { AUTH_FAILURES_PER_ACCOUNT, AUTH_PER_ADDRESS_PER_MINUTE } from '../../services/gateway/src/http/auth-limit';
import { startInProcess, type InProcessHerald } from './in-process';

const login = (api: Api, email: string, password: string, from?: string) =>
  api.post('/auth/login', { email, password }, from ? { 'x-forwarded-for': from } : {});

describe('behind a trusted proxy (TRUST_PROXY=loopback)', () => {
  let herald: InProcessHerald;
  let api: Api;
  beforeAll(async () => {
    herald = await startInProcess({ TRUST_PROXY: 'loopback' });
    api = new Api(herald.base);
  }, 60_000);
  afterAll(() => herald?.stop());

  it(`refuses an account after ${AUTH_FAILURES_PER_ACCOUNT} failed attempts, from whatever address, and not its right password either`, async () => {
    for (let i = 0; i < AUTH_FAILURES_PER_ACCOUNT; i++) expect((await login(api, OWNER.email, `wrong-password-${i}`, `10.1.0.${i}`)).status).toBe(401);
    const refused = await login(api, ` ${OWNER.email.toUpperCase()}`, OWNER.password, '10.1.1.1');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', details: { retryAfter: expect.any(Number) } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account is not held back.
    expect((await api.post('/auth/signup', { email: 'other@limit.test', password: 'long-enough-1' }, { 'x-forwarded-for': '10.1.1.1' })).status).toBe(201);
  });

  it(`refuses an address after ${AUTH_PER_ADDRESS_PER_MINUTE} requests a minute, whatever the account, and only that address`, async () => {
    for (let i = 0; i < AUTH_PER_ADDRESS_PER_MINUTE; i++) {
      expect((await login(api, `nobody${i}@limit.test`, 'whatever-123', '10.2.0.1')).status).toBe(401);
    }
    expect((await login(api, 'nobody-else@limit.test', 'whatever-123', '10.2.0.1')).status).toBe(429);
    expect((await api.post('/auth/signup', { email: 'fresh@limit.test', password: 'long-enough-1' }, { 'x-forwarded-for': '10.2.0.1' })).status).toBe(429);
    expect((await login(api, 'nobody-else@limit.test', 'whatever-123', '10.2.0.2')).status).toBe(401);
  });
});

describe('without TRUST_PROXY (the default)', () => {
  let herald: InProcessHerald;
  beforeAll(async () => {
    herald = await startInProcess();
  }, 60_000);
  afterAll(() => herald?.stop());

  it('counts by the socket’s address: a forged X-Forwarded-For does not get a fresh allowance', async () => {
    const api = new Api(herald.base);
    for (let i = 0; i < AUTH_PER_ADDRESS_PER_MINUTE; i++) expect((await login(api, `n${i}@limit.test`, 'whatever-123', `10.3.0.${i % 250}`)).status).toBe(401);
    expect((await login(api, 'n-last@limit.test', 'whatever-123', '10.3.9.9')).status).toBe(429);
  });

  it('a TRUST_PROXY Express cannot read is a startup error naming it', async () => {
    await expect(startInProcess({ TRUST_PROXY: 'not an address' })).rejects.toThrow(/TRUST_PROXY/);
  });
});
