/**
 * Login and signup are rate limited per client address (every request) and per account (failed
 * attempts, 401: per address, and from any address with a higher ceiling); the client's address is
 * the socket's unless TRUST_PROXY says whose X-Forwarded-For to believe. Herald in process, real
 * PostgreSQL.
 */
import { Api, OWNER } from '../../libs/testing/src';
import { AUTH_FAILURES_PER_ACCOUNT, AUTH_FAILURES_PER_ACCOUNT_AND_ADDRESS, AUTH_PER_ADDRESS_PER_MINUTE } from '../../services/gateway/src/http/auth-limit';
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

  it(`refuses an account from an address after ${AUTH_FAILURES_PER_ACCOUNT_AND_ADDRESS} failed attempts there, its right password too, and only there`, async () => {
    for (let i = 0; i < AUTH_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++) expect((await login(api, OWNER.email, `wrong-password-${i}`, '10.1.0.1')).status).toBe(401);
    const refused = await login(api, ` ${OWNER.email.toUpperCase()}`, OWNER.password, '10.1.0.1');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', details: { retryAfter: expect.any(Number) } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner, elsewhere, is not locked out by someone else's failures.
    expect((await login(api, OWNER.email, OWNER.password, '10.1.0.2')).status).toBe(200);
  });

  it('counts concurrent attempts one by one: no more get through than the limit allows', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => login(api, 'racer@limit.test', `wrong-password-${i}`, '10.4.0.1')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(AUTH_FAILURES_PER_ACCOUNT_AND_ADDRESS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - AUTH_FAILURES_PER_ACCOUNT_AND_ADDRESS);
  });

  it('does not count what is not a failed attempt (a refused body, a success)', async () => {
    await api.post('/auth/signup', { email: 'valid@limit.test', password: 'long-enough-1' }, { 'x-forwarded-for': '10.5.0.1' });
    for (let i = 0; i < AUTH_FAILURES_PER_ACCOUNT_AND_ADDRESS + 5; i++) expect((await login(api, 'valid@limit.test', 'short', '10.5.0.1')).status).toBe(422);
    for (let i = 0; i < AUTH_FAILURES_PER_ACCOUNT_AND_ADDRESS + 5; i++)
      expect((await login(api, 'valid@limit.test', 'long-enough-1', '10.5.0.1')).status).toBe(200);
  });

  it(`refuses an account from every address once ${AUTH_FAILURES_PER_ACCOUNT} attempts failed, wherever they came from`, async () => {
    const addresses = Math.ceil(AUTH_FAILURES_PER_ACCOUNT / AUTH_FAILURES_PER_ACCOUNT_AND_ADDRESS);
    for (let a = 0; a < addresses; a++) {
      const answers = await Promise.all(
        Array.from({ length: AUTH_FAILURES_PER_ACCOUNT_AND_ADDRESS }, (_, i) => login(api, 'spread@limit.test', `wrong-password-${i}`, `10.6.${a}.1`)),
      );
      expect(answers.map((x) => x.status)).toEqual(Array(AUTH_FAILURES_PER_ACCOUNT_AND_ADDRESS).fill(401));
    }
    const fresh = await login(api, 'spread@limit.test', 'whatever-123', '10.6.99.1');
    expect(fresh.status).toBe(429);
    expect(fresh.body.error.message).toBe('Too many attempts for this account');
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
