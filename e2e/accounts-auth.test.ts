import crypto from 'node:crypto';
import { Api, ApiResponse, eventually, OWNER, session, SmtpSink, Topology, TopologyKind } from '../libs/testing/src';
import { startHerald } from './support/herald';
import { Browser, FakeGitHub, OidcServer } from './support/oauth';

/**
 * Email verification and password reset through the mail Herald really sends (to an SMTP
 * server), members and invitations, every role against every guarded route of the API
 * reference, and OAuth logins against a real OpenID Connect provider (oidc-provider) and a server
 * speaking GitHub's OAuth and REST formats.
 */

const PASSWORD = 'long-enough-1';
const unique = (prefix: string) => `${prefix}-${crypto.randomBytes(4).toString('hex')}@auth.test`;
const cookieOf = (res: ApiResponse) => res.headers.get('set-cookie')?.split(';')[0];

function expectError(res: ApiResponse, status: number, code: string) {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  expect(res.body).toMatchObject({ success: false, error: { statusCode: status, message: expect.any(String), requestId: expect.any(String) } });
}

describe.each<TopologyKind>(['all'])('accounts: verification, reset, members, OAuth (%s)', (kind) => {
  let t: Topology;
  let smtp: SmtpSink;
  let github: FakeGitHub;
  let oidc: OidcServer;
  let owner: Api;
  const google = { id: 'herald-test-client', secret: crypto.randomBytes(16).toString('hex') };

  beforeAll(async () => {
    // Account mail through a real SMTP server (the dev mailbox's copy is the dashboard journeys').
    smtp = await SmtpSink.start();
    github = await FakeGitHub.start();
    const oidcPort = await OidcServer.port();
    t = await startHerald(kind, {
      env: {
        SMTP_URL: smtp.url,
        SYSTEM_FROM: 'Herald Accounts <accounts@herald.test>',
        GITHUB_CLIENT_ID: github.clientId,
        GITHUB_CLIENT_SECRET: github.clientSecret,
        GITHUB_URL: github.url,
        GITHUB_API_URL: github.url,
        GOOGLE_CLIENT_ID: google.id,
        GOOGLE_CLIENT_SECRET: google.secret,
        GOOGLE_ISSUER: `http://127.0.0.1:${oidcPort}`,
      },
    });
    // Herald reads the issuer's discovery document at the first login: the provider can start after it, once its callback is known.
    oidc = await OidcServer.start(oidcPort, { ...google, redirectUri: `${t.baseUrl}/auth/oauth/google/callback` });
    owner = await session(t.baseUrl, OWNER.email, OWNER.password);
  }, 90_000);
  afterAll(async () => {
    await t?.stop();
    await Promise.all([smtp?.close(), github?.close(), oidc?.stop()]);
  });

  const anon = () => new Api(t.baseUrl);
  const withCookie = (cookie: string | undefined, projectId?: string) =>
    new Api(t.baseUrl, undefined, { cookie: cookie ?? '', ...(projectId ? { 'x-project-id': projectId } : {}) });

  /** The account mails sent to `to` whose subject starts with `subject`, oldest first, as text. */
  async function mails(to: string, subject: string): Promise<Array<{ from: string; text: string }>> {
    return smtp.messages
      .filter((m) => m.envelope.to.includes(to) && (m.parsed.subject ?? '').startsWith(subject))
      .map((m) => ({ from: m.parsed.from?.text ?? '', text: m.parsed.text ?? '' }));
  }
  /** The token of the `n`th (1-based) such mail, once it has arrived. */
  async function tokenFrom(to: string, subject: string, n = 1): Promise<string> {
    const list = await eventually(async () => {
      const l = await mails(to, subject);
      return l.length >= n ? l : undefined;
    }, 15_000);
    const token = /\b[0-9a-f]{64}\b/.exec(list[n - 1].text)?.[0];
    if (!token) throw new Error(`no token in: ${list[n - 1].text}`);
    return token;
  }
  async function signup(email = unique('user'), body: Record<string, unknown> = {}) {
    const res = await anon().post('/auth/signup', { email, password: PASSWORD, ...body });
    expect(res.status).toBe(201);
    return { email, id: res.body.id as string, api: withCookie(cookieOf(res)) };
  }

  describe('email verification', () => {
    it('signup sends a verification email from SYSTEM_FROM; its token verifies the address, once', async () => {
      const u = await signup();
      // Signup sends the mail in the background: /users/@me says when it went.
      const me = await eventually(async () => {
        const body = (await u.api.get('/users/@me')).body;
        return body.verificationSentAt ? body : undefined;
      });
      expect(me).toEqual({ id: u.id, email: u.email, emailVerified: false, verificationSentAt: expect.any(String) });
      expect(Date.parse(me.verificationSentAt)).not.toBeNaN();
      const token = await tokenFrom(u.email, 'Verify your email');
      expect((await mails(u.email, 'Verify your email'))[0].from).toContain('accounts@herald.test');
      const ok = await anon().post('/auth/verify-email', { token });
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ id: u.id, email: u.email, emailVerified: true });
      expect((await u.api.get('/users/@me')).body.emailVerified).toBe(true);
      expectError(await anon().post('/auth/verify-email', { token }), 400, 'INVALID_TOKEN');
      // Only its hash is stored.
      expect(await t.sql(`SELECT 1 FROM gateway.user_tokens WHERE token_hash = $1`, [token])).toEqual([]);
    });

    it('refuses a malformed token with 422 naming the field, and an unknown one with 400', async () => {
      const bad = await anon().post('/auth/verify-email', { token: 'abc' });
      expectError(bad, 422, 'VALIDATION_ERROR');
      expect(bad.body.error.errors[0]).toMatchObject({ field: 'token', message: expect.stringContaining('64 hex') });
      expectError(await anon().post('/auth/verify-email', { token: 'f'.repeat(64) }), 400, 'INVALID_TOKEN');
    });

    it('request-verification sends a new token (the earlier one stops working), is rate limited, and refuses a verified address', async () => {
      const u = await signup();
      const first = await tokenFrom(u.email, 'Verify your email', 1);
      expect((await u.api.post('/auth/request-verification')).status).toBe(200);
      const second = await tokenFrom(u.email, 'Verify your email', 2);
      expect(second).not.toBe(first);
      expectError(await anon().post('/auth/verify-email', { token: first }), 400, 'INVALID_TOKEN');
      expect((await u.api.post('/auth/request-verification')).status).toBe(200);
      expect((await u.api.post('/auth/request-verification')).status).toBe(200);
      const limited = await u.api.post('/auth/request-verification');
      expectError(limited, 429, 'RATE_LIMIT_EXCEEDED');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expectError(await anon().post('/auth/request-verification'), 401, 'UNAUTHORIZED');

      const latest = await tokenFrom(u.email, 'Verify your email', 4);
      expect((await anon().post('/auth/verify-email', { token: latest })).status).toBe(200);
      const verified = await signup();
      await anon().post('/auth/verify-email', { token: await tokenFrom(verified.email, 'Verify your email') });
      expectError(await verified.api.post('/auth/request-verification'), 409, 'CONFLICT');
    });

    it('refuses an expired token, and it is gone after that one try', async () => {
      const u = await signup();
      const token = await tokenFrom(u.email, 'Verify your email');
      // An hour later, without waiting one: the token's expiry moved back in the database.
      await t.sql(`UPDATE gateway.user_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [u.id]);
      expectError(await anon().post('/auth/verify-email', { token }), 400, 'TOKEN_EXPIRED');
      expectError(await anon().post('/auth/verify-email', { token }), 400, 'INVALID_TOKEN');
      expect((await u.api.get('/users/@me')).body.emailVerified).toBe(false);
    });
  });

  describe('password reset', () => {
    it('answers the same for an address with an account and one without, and mails only the first', async () => {
      const u = await signup();
      const nobody = unique('nobody');
      const a = await anon().post('/auth/request-password-reset', { email: nobody });
      const b = await anon().post('/auth/request-password-reset', { email: u.email.toUpperCase() });
      expect({ status: a.status, body: a.body }).toEqual({ status: b.status, body: b.body });
      expect(a.status).toBe(200);
      await tokenFrom(u.email, 'Reset your password');
      expect(await mails(nobody, 'Reset your password')).toEqual([]);
      const bad = await anon().post('/auth/request-password-reset', { email: 'not-an-email' });
      expectError(bad, 422, 'VALIDATION_ERROR');
      expect(bad.body.error.errors[0].field).toBe('email');
    });

    it('sets the new password, ends every other session, logs this browser in; the token works once', async () => {
      const u = await signup();
      const other = await session(t.baseUrl, u.email, PASSWORD);
      await anon().post('/auth/request-password-reset', { email: u.email });
      const token = await tokenFrom(u.email, 'Reset your password');
      const short = await anon().post('/auth/reset-password', { token, newPassword: 'short' });
      expectError(short, 422, 'VALIDATION_ERROR');
      expect(short.body.error.errors[0].field).toBe('newPassword');

      const reset = await anon().post('/auth/reset-password', { token, newPassword: 'a-brand-new-password' });
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({ id: u.id, email: u.email });
      expectError(await u.api.get('/users/@me'), 401, 'UNAUTHORIZED');
      expectError(await other.get('/users/@me/projects'), 401, 'UNAUTHORIZED');
      const fresh = withCookie(cookieOf(reset));
      // The link reached the address: it is verified too.
      expect((await fresh.get('/users/@me')).body).toEqual({ id: u.id, email: u.email, emailVerified: true, verificationSentAt: null });
      expect((await anon().post('/auth/login', { email: u.email, password: PASSWORD })).status).toBe(401);
      expect((await anon().post('/auth/login', { email: u.email, password: 'a-brand-new-password' })).status).toBe(200);
      expectError(await anon().post('/auth/reset-password', { token, newPassword: 'yet-another-password' }), 400, 'INVALID_TOKEN');
    });

    it('refuses an expired reset token and leaves the password alone', async () => {
      const u = await signup();
      await anon().post('/auth/request-password-reset', { email: u.email });
      const token = await tokenFrom(u.email, 'Reset your password');
      await t.sql(`UPDATE gateway.user_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND purpose = 'reset'`, [u.id]);
      expectError(await anon().post('/auth/reset-password', { token, newPassword: 'a-brand-new-password' }), 400, 'TOKEN_EXPIRED');
      expect((await anon().post('/auth/login', { email: u.email, password: PASSWORD })).status).toBe(200);
      expect((await u.api.get('/users/@me')).status).toBe(200);
    });
  });

  describe('members and invitations', () => {
    let projectId: string;
    beforeAll(async () => {
      projectId = (await owner.post('/users/@me/projects', { name: 'Team' })).body.id;
    });

    it('adds an existing user, lists members, refuses a duplicate, and keeps the owner fixed', async () => {
      const u = await signup();
      const added = await owner.post(`/projects/${projectId}/members`, { email: `  ${u.email.toUpperCase()} ` });
      expect(added.status).toBe(201);
      expect(added.body).toEqual({ userId: u.id, email: u.email, role: 'MEMBER', createdAt: expect.any(String) });
      expectError(await owner.post(`/projects/${projectId}/members`, { email: u.email }), 409, 'CONFLICT');

      const list = await withCookie(u.api.defaultHeaders.cookie).get(`/projects/${projectId}/members`);
      expect(list.status).toBe(200);
      expect(list.body.map((m: any) => [m.email, m.role])).toEqual(
        expect.arrayContaining([
          [OWNER.email, 'OWNER'],
          [u.email, 'MEMBER'],
        ]),
      );
      const ownerId = list.body.find((m: any) => m.role === 'OWNER').userId;

      expectError(await owner.patch(`/projects/${projectId}/members/${ownerId}`, { role: 'ADMIN' }), 403, 'OWNER_PROTECTED');
      expectError(await owner.delete(`/projects/${projectId}/members/${ownerId}`), 403, 'OWNER_PROTECTED');
      const toOwner = await owner.patch(`/projects/${projectId}/members/${u.id}`, { role: 'OWNER' });
      expectError(toOwner, 422, 'VALIDATION_ERROR');
      expect(toOwner.body.error.errors[0].field).toBe('role');
      expectError(await owner.patch(`/projects/${projectId}/members/${crypto.randomUUID()}`, { role: 'ADMIN' }), 404, 'MEMBER_NOT_FOUND');
      expectError(await owner.post(`/projects/${projectId}/members`, { email: u.email, role: 'OWNER' }), 422, 'VALIDATION_ERROR');
    });

    it('a MEMBER cannot manage members nor settings; an ADMIN can, but not the owner', async () => {
      const member = await signup();
      const admin = await signup();
      await owner.post(`/projects/${projectId}/members`, { email: member.email });
      await owner.post(`/projects/${projectId}/members`, { email: admin.email, role: 'ADMIN' });
      const other = await signup();
      expectError(await member.api.post(`/projects/${projectId}/members`, { email: other.email }), 403, 'FORBIDDEN');
      expectError(await member.api.post(`/users/@me/projects/${projectId}/regenerate-keys`), 403, 'FORBIDDEN');
      expectError(await member.api.patch(`/users/@me/projects/${projectId}`, { name: 'mine' }), 403, 'FORBIDDEN');
      expectError(await member.api.delete(`/projects/${projectId}/members/${admin.id}`), 403, 'FORBIDDEN');

      expect((await admin.api.post(`/projects/${projectId}/members`, { email: other.email, role: 'ADMIN' })).status).toBe(201);
      expect((await admin.api.patch(`/projects/${projectId}/members/${other.id}`, { role: 'MEMBER' })).body.role).toBe('MEMBER');
      const ownerId = (await owner.get('/users/@me')).body.id;
      expectError(await admin.api.delete(`/projects/${projectId}/members/${ownerId}`), 403, 'OWNER_PROTECTED');
      expectError(await admin.api.patch(`/projects/${projectId}/members/${ownerId}`, { role: 'MEMBER' }), 403, 'OWNER_PROTECTED');

      // Removed: the project leaves their list, and its data their reach.
      expect((await admin.api.delete(`/projects/${projectId}/members/${other.id}`)).status).toBe(204);
      expect((await other.api.get('/users/@me/projects')).body.map((p: any) => p.id)).not.toContain(projectId);
      expectError(await withCookie(other.api.defaultHeaders.cookie, projectId).get('/contacts'), 403, 'PROJECT_ACCESS_DENIED');
      // An admin may step down; the owner still manages the project.
      expect((await admin.api.patch(`/projects/${projectId}/members/${admin.id}`, { role: 'MEMBER' })).body.role).toBe('MEMBER');
      expectError(await admin.api.post(`/projects/${projectId}/members`, { email: other.email }), 403, 'FORBIDDEN');
    });

    it('a user sees only the projects they belong to', async () => {
      const u = await signup();
      const mine = (await u.api.post('/users/@me/projects', { name: 'Mine' })).body.id;
      expect((await u.api.get('/users/@me/projects')).body.map((p: any) => p.id)).toEqual([mine]);
      expectError(await withCookie(u.api.defaultHeaders.cookie, projectId).get('/contacts'), 403, 'PROJECT_ACCESS_DENIED');
      expectError(await u.api.get(`/projects/${projectId}/members`), 403, 'PROJECT_ACCESS_DENIED');
    });

    it('invites an unknown address (202 and an email); signing up with the invitation joins, verified', async () => {
      const email = unique('invitee');
      const invited = await owner.post(`/projects/${projectId}/members`, { email, role: 'ADMIN' });
      expect(invited.status).toBe(202);
      expect(invited.body).toEqual({ invited: true, email, role: 'ADMIN', expiresAt: expect.any(String), createdAt: expect.any(String) });
      expect((await owner.get(`/projects/${projectId}/invitations`)).body.map((i: any) => i.email)).toContain(email);
      const token = await tokenFrom(email, 'You are invited to Team');
      expect(await t.sql(`SELECT 1 FROM gateway.invitations WHERE token_hash = $1`, [token])).toEqual([]);

      const u = await signup(email, { invitation: token });
      const projects = (await u.api.get('/users/@me/projects')).body;
      expect(projects).toEqual([expect.objectContaining({ id: projectId, name: 'Team', role: 'ADMIN' })]);
      expect((await u.api.get('/users/@me')).body.emailVerified).toBe(true);
      expect((await owner.get(`/projects/${projectId}/invitations`)).body.map((i: any) => i.email)).not.toContain(email);
    });

    it('an invited address that signs up without the link joins once it verifies its address', async () => {
      const email = unique('invitee');
      expect((await owner.post(`/projects/${projectId}/members`, { email })).status).toBe(202);
      const u = await signup(email);
      expect((await u.api.get('/users/@me/projects')).body).toEqual([]);
      await anon().post('/auth/verify-email', { token: await tokenFrom(email, 'Verify your email') });
      expect((await u.api.get('/users/@me/projects')).body).toEqual([expect.objectContaining({ id: projectId, role: 'MEMBER' })]);
    });

    it('a logged-in user accepts an invitation with its token, once', async () => {
      const email = unique('elsewhere');
      await owner.post(`/projects/${projectId}/members`, { email });
      const token = await tokenFrom(email, 'You are invited to Team');
      const u = await signup();
      const accepted = await u.api.post('/users/@me/invitations/accept', { token });
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({ id: projectId, role: 'MEMBER' });
      expectError(await (await signup()).api.post('/users/@me/invitations/accept', { token }), 400, 'INVALID_TOKEN');
    });
  });

  it('every role against every project route of the API reference: the guard lets through exactly the roles the route names', async () => {
    const doc = (await anon().get('/openapi.json')).body;
    const matrix = await owner.post('/users/@me/projects', { name: 'Matrix' });
    const projectId = matrix.body.id;
    const roles: Record<string, Api> = {};
    for (const role of ['ADMIN', 'MEMBER', 'STRANGER']) {
      const u = await signup();
      if (role !== 'STRANGER') expect((await owner.post(`/projects/${projectId}/members`, { email: u.email, role })).status).toBe(201);
      roles[role] = withCookie(u.api.defaultHeaders.cookie, projectId);
    }
    const rank = ['MEMBER', 'ADMIN', 'OWNER'];
    const problems: string[] = [];
    let guarded = 0;
    for (const [path, ops] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(ops)) {
        const m = /^(project|member)\(.*role: (\w+)/.exec(op['x-policy'] ?? '');
        if (!m) continue;
        guarded++;
        const url = path.replace(/\{(\w+)\}/g, (_x, name) => ((m[1] === 'member' && name === 'id') || name === 'projectId' ? projectId : crypto.randomUUID()));
        for (const [role, api] of Object.entries(roles)) {
          const res = await api.request(method.toUpperCase(), url, ['get', 'delete'].includes(method) ? undefined : {});
          const code = [401, 403].includes(res.status) ? res.body?.error?.code : undefined;
          const expected = role === 'STRANGER' ? 'PROJECT_ACCESS_DENIED' : rank.indexOf(role) < rank.indexOf(m[2]) ? 'FORBIDDEN' : undefined;
          const got = ['FORBIDDEN', 'PROJECT_ACCESS_DENIED', 'UNAUTHORIZED', 'MISSING_AUTH'].includes(code) ? code : undefined;
          if (got !== expected)
            problems.push(`${method.toUpperCase()} ${path} [${op['x-policy']}] as ${role}: expected ${expected ?? 'to pass'}, got ${res.status} ${code ?? ''}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(guarded).toBeGreaterThan(60);
  });

  it('security shows the recent suspensions with the rates', async () => {
    const res = await owner.get(`/projects/${t.projectId}/security`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isDisabled: false, levels: expect.any(Object), recentSuspensions: [] });
    expect((await owner.get(`/users/@me/projects/${t.projectId}/security`)).body.recentSuspensions).toEqual([]);
  });

  describe('OAuth', () => {
    const dashboard = () => (url: URL) => url.origin === t.baseUrl && !url.pathname.startsWith('/auth/');

    it('lists the configured providers', async () => {
      expect((await anon().get('/auth/oauth-config')).body).toEqual({ github: true, google: true });
      expect((await anon().get('/config')).body.features.authProviders).toEqual({ github: true, google: true });
      expectError(await anon().get('/auth/oauth/gitlab'), 404, 'OAUTH_PROVIDER_NOT_CONFIGURED');
    });

    /** A whole Google login in a browser: Herald → the provider (PKCE, state) → Herald's callback → the dashboard. */
    async function googleLogin(account: { email: string; email_verified: boolean }) {
      await oidc.nextLogin({ sub: crypto.randomUUID(), ...account });
      const browser = new Browser();
      const end = await browser.get(`${t.baseUrl}/auth/oauth/google`, dashboard());
      return { browser, end, cookie: browser.cookies(t.baseUrl).get('herald_session') };
    }

    it('Google (OpenID Connect, PKCE): a new user is created verified, logged in and sent to the dashboard', async () => {
      const email = unique('google-new');
      const { end, cookie } = await googleLogin({ email, email_verified: true });
      expect(end.res.status).toBe(302);
      expect(end.url.href).toBe(`${t.baseUrl}/`);
      expect(cookie).toBeDefined();
      const me = await withCookie(`herald_session=${cookie}`).get('/users/@me');
      expect(me.body).toEqual({ id: expect.any(String), email, emailVerified: true, verificationSentAt: null });
      // No password: a password login cannot get in.
      expect((await anon().post('/auth/login', { email, password: PASSWORD })).status).toBe(401);
    });

    it('links an existing verified account; an unverified one loses its password (whoever set it may not own the address)', async () => {
      const u = await signup();
      await anon().post('/auth/verify-email', { token: await tokenFrom(u.email, 'Verify your email') });
      const linked = await googleLogin({ email: u.email, email_verified: true });
      expect((await withCookie(`herald_session=${linked.cookie}`).get('/users/@me')).body).toMatchObject({ id: u.id });
      expect((await anon().post('/auth/login', { email: u.email, password: PASSWORD })).status).toBe(200);

      const squatter = await signup();
      const taken = await googleLogin({ email: squatter.email, email_verified: true });
      expect((await withCookie(`herald_session=${taken.cookie}`).get('/users/@me')).body).toEqual({
        id: squatter.id,
        email: squatter.email,
        emailVerified: true,
        verificationSentAt: null,
      });
      expect((await anon().post('/auth/login', { email: squatter.email, password: PASSWORD })).status).toBe(401);
      expectError(await squatter.api.get('/users/@me'), 401, 'UNAUTHORIZED');
    });

    it('refuses an address the provider has not verified', async () => {
      const email = unique('google-unverified');
      const { end, cookie } = await googleLogin({ email, email_verified: false });
      expect(cookie).toBeUndefined();
      expect(end.res.status).toBe(403);
      expect(((await end.res.json()) as any).error.code).toBe('EMAIL_NOT_VERIFIED');
      expect(await t.sql('SELECT 1 FROM gateway.users WHERE email = $1', [email])).toEqual([]);
    });

    it('refuses a callback whose state is not this browser’s, and a state used once already', async () => {
      await oidc.nextLogin({ sub: crypto.randomUUID(), email: unique('google-state'), email_verified: true });
      const browser = new Browser();
      // Up to the provider's redirect back to Herald, not followed.
      const back = await browser.get(`${t.baseUrl}/auth/oauth/google`, (url) => url.pathname === '/auth/oauth/google/callback');
      expect(back.url.searchParams.get('code')).toBeTruthy();
      const forged = new URL(back.url);
      forged.searchParams.set('state', 'x'.repeat(43));
      const wrong = await browser.get(forged.href, dashboard());
      expect(wrong.res.status).toBe(400);
      expect(((await wrong.res.json()) as any).error.code).toBe('OAUTH_STATE_INVALID');
      // Another browser (no state cookie) replaying the real callback.
      const stranger = await new Browser().get(back.url.href, dashboard());
      expect(stranger.res.status).toBe(400);
      expect(browser.cookies(t.baseUrl).get('herald_session')).toBeUndefined();
      expectError(await anon().get('/auth/oauth/google/callback?code=abc'), 400, 'OAUTH_STATE_INVALID');
    });

    it('GitHub: logs in with the primary verified address; refuses an unverified one', async () => {
      const email = unique('github');
      github.nextUser = {
        login: 'octo',
        emails: [
          { email: unique('secondary'), primary: false, verified: true },
          { email, primary: true, verified: true },
        ],
      };
      const browser = new Browser();
      const end = await browser.get(`${t.baseUrl}/auth/oauth/github`, dashboard());
      expect(end.res.status).toBe(302);
      const cookie = browser.cookies(t.baseUrl).get('herald_session');
      expect((await withCookie(`herald_session=${cookie}`).get('/users/@me')).body).toMatchObject({ email, emailVerified: true });
      expect(github.tokenRequests.at(-1)).toMatchObject({
        client_id: github.clientId,
        client_secret: github.clientSecret,
        redirect_uri: `${t.baseUrl}/auth/oauth/github/callback`,
      });

      github.nextUser = { login: 'octo2', emails: [{ email: unique('github-unverified'), primary: true, verified: false }] };
      const refused = await new Browser().get(`${t.baseUrl}/auth/oauth/github`, dashboard());
      expect(refused.res.status).toBe(403);
      expect(((await refused.res.json()) as any).error.code).toBe('EMAIL_NOT_VERIFIED');
    });
  });
});
