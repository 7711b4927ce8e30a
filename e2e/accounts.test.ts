import crypto from 'node:crypto';
import { Api, ApiResponse, eventually, OWNER, session, Topology, TopologyKind } from '../libs/testing/src';
import { startHerald } from './support/herald';

/** Plunk's account and project routes: accounts, sessions, projects and their keys. */

const KEY = { public: /^pk_[0-9a-f]{64}$/, secret: /^sk_[0-9a-f]{64}$/ };
const unique = (prefix: string) => `${prefix}-${crypto.randomBytes(4).toString('hex')}@accounts.test`;

function expectError(res: ApiResponse, status: number, code: string) {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  expect(res.body.success).toBe(false);
  expect(res.body.error.statusCode).toBe(status);
  expect(typeof res.body.error.message).toBe('string');
  expect(typeof res.body.error.requestId).toBe('string');
}

describe.each<TopologyKind>(['all', 'split'])('accounts and keys (%s)', (kind) => {
  let t: Topology;
  let owner: Api;
  beforeAll(async () => {
    // Two gateways in split: key rotation must reach the other replica's key cache (Redis pub/sub).
    t = await startHerald(kind, kind === 'split' ? { gateways: 2 } : {});
    owner = await session(t.baseUrl, OWNER.email, OWNER.password);
  }, 60_000);
  afterAll(() => t?.stop());

  const anon = () => new Api(t.baseUrl);

  describe('signup, login, logout', () => {
    it('signs up with 201, the user and an HttpOnly SameSite session cookie', async () => {
      const email = unique('New.User');
      const res = await anon().post('/auth/signup', { email: `  ${email.toUpperCase()} `, password: 'long-enough-1' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ id: expect.any(String), email: email.toLowerCase() });
      const cookie = res.headers.get('set-cookie')!;
      expect(cookie).toMatch(/^herald_session=[^;]+;/);
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=(Lax|Strict)/i);
      // The cookie is a working session.
      const me = await new Api(t.baseUrl, undefined, { cookie: cookie.split(';')[0] }).get('/users/@me');
      expect(me.status).toBe(200);
      // verificationSentAt: null until the verification mail, sent in the background, went out.
      expect(me.body).toEqual({ id: res.body.id, email: email.toLowerCase(), emailVerified: false, verificationSentAt: me.body.verificationSentAt ?? null });
    });

    it('refuses an email that is taken (also in another case) with 409', async () => {
      const res = await anon().post('/auth/signup', { email: OWNER.email.toUpperCase(), password: 'long-enough-1' });
      expectError(res, 409, 'CONFLICT');
      expect(res.headers.get('set-cookie')).toBeNull();
    });

    it('refuses a short password and a bad email with 422 naming the field', async () => {
      const short = await anon().post('/auth/signup', { email: unique('short'), password: 'short' });
      expectError(short, 422, 'VALIDATION_ERROR');
      expect(short.body.error.errors).toEqual([expect.objectContaining({ field: 'password', message: expect.any(String), code: expect.any(String) })]);
      const bad = await anon().post('/auth/signup', { email: 'not-an-email', password: 'long-enough-1' });
      expectError(bad, 422, 'VALIDATION_ERROR');
      expect(bad.body.error.errors[0].field).toBe('email');
    });

    it('checks a password in full: past 72 bytes (all bcrypt reads) another suffix is refused', async () => {
      const email = unique('long');
      const password = `${'x'.repeat(72)}-the-real-suffix`;
      expect((await anon().post('/auth/signup', { email, password })).status).toBe(201);
      expect((await anon().post('/auth/login', { email, password })).status).toBe(200);
      expect((await anon().post('/auth/login', { email, password: `${'x'.repeat(72)}-some-other-end` })).status).toBe(401);
      expect((await anon().post('/auth/login', { email, password: 'x'.repeat(72) })).status).toBe(401);
    });

    it('logs in with 200 and a cookie; wrong password or unknown user is 401', async () => {
      const ok = await anon().post('/auth/login', { email: OWNER.email, password: OWNER.password });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ id: expect.any(String), email: OWNER.email });
      expect(ok.headers.get('set-cookie')).toMatch(/^herald_session=[^;]+;.*HttpOnly/i);

      const wrong = await anon().post('/auth/login', { email: OWNER.email, password: 'wrong-password' });
      expectError(wrong, 401, wrong.body.error.code);
      expect(wrong.headers.get('set-cookie')).toBeNull();
      const upper = await anon().post('/auth/login', { email: `  ${OWNER.email.toUpperCase()}`, password: OWNER.password });
      expect(upper.status).toBe(200);
      expect(upper.body.email).toBe(OWNER.email);
      const nobody = await anon().post('/auth/login', { email: unique('nobody'), password: 'whatever-123' });
      expect(nobody.status).toBe(401);
      expect(nobody.body.error.code).toBe(wrong.body.error.code);
    });

    it('logout clears the session cookie', async () => {
      const res = await owner.get('/auth/logout');
      expect(res.status).toBe(200);
      const cookie = res.headers.get('set-cookie')!;
      expect(cookie).toMatch(/^herald_session=;/);
      expect(cookie).toMatch(/Expires=Thu, 01 Jan 1970/i);
    });

    it('GET /users/@me needs a valid session', async () => {
      const me = await owner.get('/users/@me');
      expect(me.status).toBe(200);
      // The first start sends the owner no verification email, and says so.
      expect(me.body).toEqual({ id: expect.any(String), email: OWNER.email, emailVerified: false, verificationSentAt: null });
      expectError(await anon().get('/users/@me'), 401, 'UNAUTHORIZED');
      expectError(await new Api(t.baseUrl, undefined, { cookie: 'herald_session=forged.token.value' }).get('/users/@me'), 401, 'UNAUTHORIZED');
      // An API key is not a session.
      expect((await new Api(t.baseUrl, t.keys.secret).get('/users/@me')).status).toBe(401);
    });

    it('GET /users/@me says when a verification email was sent', async () => {
      const email = unique('verify');
      const signup = await anon().post('/auth/signup', { email, password: 'long-enough-1' });
      expect(signup.status).toBe(201);
      const u = await session(t.baseUrl, email, 'long-enough-1');
      // Signup sends it in the background, within moments.
      const first = await eventually(async () => (await u.get('/users/@me')).body.verificationSentAt as string | null);
      expect(Date.parse(first!)).not.toBeNaN();
      expect((await u.post('/auth/request-verification')).status).toBe(200);
      const again = (await u.get('/users/@me')).body.verificationSentAt;
      expect(Date.parse(again)).toBeGreaterThanOrEqual(Date.parse(first!));
    });

    it('GET /dev/mailbox in a browser tab redirects to the dashboard page; API clients get JSON as before', async () => {
      const tab = await fetch(`${t.baseUrl}/dev/mailbox`, {
        redirect: 'manual',
        headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
      });
      expect(tab.status).toBe(303);
      expect(tab.headers.get('location')).toBe(`${t.baseUrl}/#/dev-mailbox`);
      // A key, a project or a JSON-first Accept: the API as it was.
      const keyed = await fetch(`${t.baseUrl}/dev/mailbox?limit=1`, { headers: { accept: 'text/html', authorization: `Bearer ${t.keys.secret}` } });
      expect(keyed.status).toBe(200);
      expect(await keyed.json()).toEqual({ messages: expect.any(Array) });
      expectError(await anon().get('/dev/mailbox'), 401, 'MISSING_AUTH');
      const any = await fetch(`${t.baseUrl}/dev/mailbox`, { redirect: 'manual', headers: { accept: '*/*' } });
      expect(any.status).toBe(401);
    });

    it('refuses a cookie-authenticated write from a foreign origin', async () => {
      const res = await owner.post('/users/@me/projects', { name: 'csrf' }, { origin: 'https://evil.example' });
      expect(res.status).toBe(403);
      expect(res.body.success).toBe(false);
      const projects = await owner.get('/users/@me/projects');
      expect(projects.body.map((p: any) => p.name)).not.toContain('csrf');
    });

    it('GET /config answers without authentication', async () => {
      const res = await anon().get('/config');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        environment: expect.any(String),
        urls: { api: expect.any(String), dashboard: expect.any(String) },
        features: {
          billing: { enabled: expect.any(Boolean) },
          storage: { enabled: expect.any(Boolean) },
          authProviders: { github: expect.any(Boolean), google: expect.any(Boolean) },
          email: { trackingToggleEnabled: expect.any(Boolean) },
          signup: { enabled: true },
        },
      });
    });
  });

  describe('projects', () => {
    it('lists the bootstrap project with its public key in full and a secret key hint, role OWNER', async () => {
      const res = await owner.get('/users/@me/projects');
      expect(res.status).toBe(200);
      const p = res.body.find((x: any) => x.id === t.projectId);
      expect(p).toMatchObject({ name: 'My Project', role: 'OWNER', disabled: false, disabledReason: null, tracking: expect.any(String) });
      // The public key is public (client-side tracking): kept and shown in full.
      expect(p.public).toBe(t.keys.public);
      expect(p.secret).not.toBe(t.keys.secret);
      expect(p.secret).not.toMatch(KEY.secret);
      expect(new Date(p.createdAt).toISOString()).toBe(p.createdAt);
    });

    it('creates a project (201) with full working keys, and patches it', async () => {
      const res = await owner.post('/users/@me/projects', { name: 'Second' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ id: expect.any(String), name: 'Second', role: 'OWNER', disabled: false, disabledReason: null });
      expect(res.body.public).toMatch(KEY.public);
      expect(res.body.secret).toMatch(KEY.secret);
      const list = await new Api(t.baseUrl, res.body.secret).get('/contacts');
      expect(list.status).toBe(200);
      expect(list.body.total).toBe(0);

      const patched = await owner.patch(`/users/@me/projects/${res.body.id}`, { name: 'Renamed', tracking: 'MARKETING_ONLY', language: 'nl' });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ id: res.body.id, name: 'Renamed', tracking: 'MARKETING_ONLY', language: 'nl' });
      expect(patched.body.secret).not.toBe(res.body.secret);
      const listed = (await owner.get('/users/@me/projects')).body.find((p: any) => p.id === res.body.id);
      expect(listed).toMatchObject({ name: 'Renamed', tracking: 'MARKETING_ONLY', language: 'nl' });

      expectError(await owner.patch(`/users/@me/projects/${res.body.id}`, { tracking: 'SOMETIMES' }), 422, 'VALIDATION_ERROR');
      expectError(await owner.post('/users/@me/projects', { name: '' }), 422, 'VALIDATION_ERROR');
      expectError(await owner.post('/users/@me/projects', { name: 'x'.repeat(101) }), 422, 'VALIDATION_ERROR');
    });

    it('only lets members see and change a project', async () => {
      const email = unique('outsider');
      await anon().post('/auth/signup', { email, password: 'outsider-pass-1' });
      const outsider = await session(t.baseUrl, email, 'outsider-pass-1');
      const mine = await outsider.get('/users/@me/projects');
      expect(mine.status).toBe(200);
      expect(mine.body).toEqual([]);
      expectError(await outsider.patch(`/users/@me/projects/${t.projectId}`, { name: 'hijack' }), 403, 'PROJECT_ACCESS_DENIED');
      expectError(await outsider.post(`/users/@me/projects/${t.projectId}/regenerate-keys`), 403, 'PROJECT_ACCESS_DENIED');
      expectError(await outsider.patch('/users/@me/projects/not-a-uuid', { name: 'x' }), 403, 'PROJECT_ACCESS_DENIED');
      // The owner's keys still work: nothing was rotated.
      expect((await new Api(t.baseUrl, t.keys.secret).get('/contacts')).status).toBe(200);
    });

    it('regenerate-keys: old keys are refused at once on every gateway, new ones work', async () => {
      const created = (await owner.post('/users/@me/projects', { name: 'Rotating' })).body;
      // Warm every gateway's key cache with the old keys.
      for (const url of t.gatewayUrls) {
        expect((await new Api(url, created.secret).get('/contacts')).status).toBe(200);
        expect((await new Api(url, created.public).post('/v1/track', { event: 'warm', email: 'warm@rotate.test' })).status).toBe(200);
      }
      const res = await owner.post(`/users/@me/projects/${created.id}/regenerate-keys`);
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(created.id);
      expect(res.body.public).toMatch(KEY.public);
      expect(res.body.secret).toMatch(KEY.secret);
      expect(res.body.public).not.toBe(created.public);
      expect(res.body.secret).not.toBe(created.secret);
      // The list shows the new public key in full from now on, the secret key only as a hint.
      const listed = (await owner.get('/users/@me/projects')).body.find((p: any) => p.id === created.id);
      expect(listed.public).toBe(res.body.public);
      expect(listed.secret).not.toBe(res.body.secret);

      // The gateway that rotated refuses the old keys immediately.
      expectError(await new Api(t.baseUrl, created.secret).get('/contacts'), 401, 'INVALID_API_KEY');
      expectError(await new Api(t.baseUrl, created.public).post('/v1/track', { event: 'x', email: 'x@rotate.test' }), 401, 'INVALID_API_KEY');
      // Every other replica drops its cached entry through pub/sub (well before the 60 s cache TTL).
      for (const url of t.gatewayUrls) {
        await eventually(async () => (await new Api(url, created.secret).get('/contacts')).status === 401, 3_000, 20);
        await eventually(async () => (await new Api(url, created.public).post('/v1/track', { event: 'x', email: 'x@rotate.test' })).status === 401, 3_000, 20);
      }
      for (const url of t.gatewayUrls) {
        const list = await new Api(url, res.body.secret).get('/contacts');
        expect(list.status).toBe(200);
        expect(list.body.data.map((c: any) => c.email)).toContain('warm@rotate.test');
        expect((await new Api(url, res.body.public).post('/v1/track', { event: 'after', email: 'after@rotate.test' })).status).toBe(200);
      }
    });
  });

  it('the rate limit is counted per project across every gateway', async () => {
    const p = (await owner.post('/users/@me/projects', { name: 'Limited' })).body;
    const remaining: number[] = [];
    for (let i = 0; i < 3; i++) {
      for (const url of t.gatewayUrls) {
        const res = await new Api(url, p.secret).get('/contacts');
        expect(res.headers.get('ratelimit-limit')).toBe('1000');
        remaining.push(Number(res.headers.get('ratelimit-remaining')));
      }
    }
    expect(remaining).toEqual(remaining.map((_, i) => 999 - i));
    // Another project has its own budget.
    expect((await new Api(t.baseUrl, t.keys.secret).get('/contacts')).headers.get('ratelimit-remaining')).not.toBe(String(999 - remaining.length));
  });

  describe('dashboard session on project routes', () => {
    it('session + X-Project-Id reads and writes contacts of that project', async () => {
      const s = await session(t.baseUrl, OWNER.email, OWNER.password, t.projectId);
      const created = await s.post('/contacts', { email: 'via-session@accounts.test' });
      expect(created.status).toBe(201);
      const list = await s.get('/contacts?search=via-session');
      expect(list.status).toBe(200);
      expect(list.body.data.map((c: any) => c.id)).toEqual([created.body.id]);
      // The same contact through the project's secret key.
      expect((await new Api(t.baseUrl, t.keys.secret).get(`/contacts/${created.body.id}`)).body.email).toBe('via-session@accounts.test');
      expect((await s.get('/events/names')).status).toBe(200);
    });

    it('session without X-Project-Id is 400; a project of which the user is not a member is 403 PROJECT_ACCESS_DENIED', async () => {
      expectError(await owner.get('/contacts'), 400, 'BAD_REQUEST');
      const email = unique('stranger');
      await anon().post('/auth/signup', { email, password: 'stranger-pass-1' });
      const stranger = await session(t.baseUrl, email, 'stranger-pass-1', t.projectId);
      expectError(await stranger.get('/contacts'), 403, 'PROJECT_ACCESS_DENIED');
      expectError(await stranger.post('/contacts', { email: 'intruder@accounts.test' }), 403, 'PROJECT_ACCESS_DENIED');
      expectError(await stranger.get('/events'), 403, 'PROJECT_ACCESS_DENIED');
      const lookup = await new Api(t.baseUrl, t.keys.secret).post('/contacts/lookup', { emails: ['intruder@accounts.test'] });
      expect(lookup.body.notFound).toEqual(['intruder@accounts.test']);
      // A random (non-existent) project id is indistinguishable from a foreign one.
      expectError(await (await session(t.baseUrl, email, 'stranger-pass-1', crypto.randomUUID())).get('/contacts'), 403, 'PROJECT_ACCESS_DENIED');
    });
  });

  describe('disabled project', () => {
    it('refuses every API-key request with 403 PROJECT_DISABLED; a session can still read but not write', async () => {
      // A fresh project whose keys were never used, so no gateway has them cached (TTL 60 s).
      const p = (await owner.post('/users/@me/projects', { name: 'Disabled' })).body;
      await t.sql(`UPDATE gateway.projects SET disabled = true, disabled_reason = 'MANUAL' WHERE id = $1`, [p.id]);

      expectError(await new Api(t.baseUrl, p.secret).get('/contacts'), 403, 'PROJECT_DISABLED');
      expectError(await new Api(t.baseUrl, p.secret).post('/contacts', { email: 'no@disabled.test' }), 403, 'PROJECT_DISABLED');
      expectError(await new Api(t.baseUrl, p.public).post('/v1/track', { event: 'x', email: 'no@disabled.test' }), 403, 'PROJECT_DISABLED');
      expectError(await new Api(t.baseUrl, p.secret).post('/events/track', { event: 'x', email: 'no@disabled.test' }), 403, 'PROJECT_DISABLED');

      const s = await session(t.baseUrl, OWNER.email, OWNER.password, p.id);
      const read = await s.get('/contacts');
      expect(read.status).toBe(200);
      expect(read.body.total).toBe(0);
      expect((await s.get('/events')).status).toBe(200);
      expectError(await s.post('/contacts', { email: 'no@disabled.test' }), 403, 'PROJECT_DISABLED');
      expectError(await s.post('/events/track', { event: 'x', email: 'no@disabled.test' }), 403, 'PROJECT_DISABLED');
      expect((await t.sql(`SELECT count(*)::int AS n FROM contacts.contacts WHERE project_id = $1`, [p.id]))[0].n).toBe(0);

      const listed = (await owner.get('/users/@me/projects')).body.find((x: any) => x.id === p.id);
      expect(listed).toMatchObject({ disabled: true, disabledReason: 'MANUAL' });
    });
  });
});
