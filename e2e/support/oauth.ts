import { ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { freePort } from '../../libs/testing/src';

/**
 * GitHub's OAuth web flow and the REST API calls Herald makes, in GitHub's own request and
 * response format (docs.github.com "Authorizing OAuth apps", "Emails"): GitHub is not on
 * loopback, and it is not OpenID Connect. The authorize step stands for a user who agrees: it
 * redirects back at once with a code, for the user the test named (`nextUser`).
 */
export class FakeGitHub {
  nextUser: { login: string; emails: Array<{ email: string; primary: boolean; verified: boolean }> } = { login: 'octocat', emails: [] };
  readonly tokenRequests: Array<Record<string, string>> = [];
  private codes = new Map<string, { user: FakeGitHub['nextUser']; redirectUri: string }>();
  private tokens = new Map<string, FakeGitHub['nextUser']>();

  private constructor(
    private readonly server: http.Server,
    readonly url: string,
    readonly clientId: string,
    readonly clientSecret: string,
  ) {}

  static async start(): Promise<FakeGitHub> {
    let gh!: FakeGitHub;
    const server = http.createServer((req, res) => void gh.handle(req, res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    gh = new FakeGitHub(
      server,
      `http://127.0.0.1:${(server.address() as any).port}`,
      `Iv1.${crypto.randomBytes(8).toString('hex')}`,
      crypto.randomBytes(20).toString('hex'),
    );
    return gh;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url!, this.url);
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      if (url.searchParams.get('client_id') !== this.clientId) return json(404, { message: 'Not Found' });
      const code = crypto.randomBytes(10).toString('hex');
      const redirectUri = url.searchParams.get('redirect_uri')!;
      this.codes.set(code, { user: this.nextUser, redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      return res.writeHead(302, { location: back.toString() }).end();
    }
    if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      let raw = '';
      for await (const c of req) raw += c;
      const form = Object.fromEntries(new URLSearchParams(raw));
      this.tokenRequests.push(form);
      const issued = this.codes.get(form.code);
      this.codes.delete(form.code);
      // GitHub answers errors of this endpoint with 200 and an error body.
      if (form.client_id !== this.clientId || form.client_secret !== this.clientSecret)
        return json(200, { error: 'incorrect_client_credentials', error_description: 'The client_id and/or client_secret passed are incorrect.' });
      if (!issued || (form.redirect_uri && form.redirect_uri !== issued.redirectUri))
        return json(200, { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' });
      const token = `gho_${crypto.randomBytes(18).toString('hex')}`;
      this.tokens.set(token, issued.user);
      return json(200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
    }
    const auth = /^(?:Bearer|token) (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const user = auth ? this.tokens.get(auth) : undefined;
    if (url.pathname === '/user/emails' || url.pathname === '/user') {
      if (!user) return json(401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' });
      if (url.pathname === '/user') return json(200, { login: user.login, id: 1, email: null });
      return json(
        200,
        user.emails.map((e) => ({ ...e, visibility: e.primary ? 'private' : null })),
      );
    }
    json(404, { message: 'Not Found' });
  }

  close() {
    return new Promise<void>((r) => this.server.close(() => r()));
  }
}

/** oidc-provider (e2e/support/oidc-server.mjs) in a child process: a real OpenID Connect provider standing in for Google. */
export class OidcServer {
  private constructor(
    private readonly child: ChildProcess,
    readonly issuer: string,
    readonly output: string[],
  ) {}

  static async start(port: number, client: { id: string; secret: string; redirectUri: string }): Promise<OidcServer> {
    const output: string[] = [];
    const child = spawn(process.execPath, [path.join(__dirname, 'oidc-server.mjs'), String(port), client.id, client.secret, client.redirectUri], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => output.push(String(d)));
    child.stderr!.on('data', (d) => output.push(String(d)));
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d) => String(d).includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`the OIDC server exited (${code}): ${output.join('')}`)));
    });
    return new OidcServer(child, `http://127.0.0.1:${port}`, output);
  }

  static port = freePort;

  /** The account the next login at the provider logs in as. */
  async nextLogin(account: { sub: string; email: string; email_verified: boolean }) {
    const res = await fetch(`${this.issuer}/test/next-login`, { method: 'POST', body: JSON.stringify(account) });
    if (res.status !== 204) throw new Error(`next-login: ${res.status}`);
  }

  stop() {
    if (this.child.exitCode !== null) return Promise.resolve();
    return new Promise<void>((r) => {
      this.child.once('exit', () => r());
      this.child.kill('SIGTERM');
    });
  }
}

/**
 * A browser for redirect flows: follows redirects by hand across origins, keeping each origin's
 * cookies (name=value). It stops before requesting a URL `stopBefore` accepts, answering that URL
 * and the response that led there; else at the first answer that is not a redirect.
 */
export class Browser {
  readonly jars = new Map<string, Map<string, string>>();

  cookies(origin: string) {
    if (!this.jars.has(origin)) this.jars.set(origin, new Map());
    return this.jars.get(origin)!;
  }

  async get(start: string, stopBefore: (url: URL) => boolean = () => false, maxHops = 15): Promise<{ url: URL; res: Response }> {
    let url = new URL(start);
    let last: Response | undefined;
    for (let i = 0; i < maxHops; i++) {
      if (last && stopBefore(url)) return { url, res: last };
      const jar = this.cookies(url.origin);
      const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const eq = pair.indexOf('=');
        const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1)];
        if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) jar.delete(name);
        else jar.set(name, value);
      }
      last = res;
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { url, res };
      url = new URL(location, url);
    }
    throw new Error(`more than ${maxHops} redirects from ${start}`);
  }
}
