/**
 * Deny by default at the edge: Herald started in this process (all services on one thread, real
 * PostgreSQL), its Express app walked route by route. Every API route's first handler is the
 * guard of the policy it declared; the public ones are exactly the list below; and each guard
 * does what its policy says, asked over HTTP with no credentials, a public key, a secret key and
 * a dashboard session.
 */
import crypto from 'node:crypto';
import { describePolicy, type Policy } from '../../libs/edge/src';
import { Api, OWNER, session } from '../../libs/testing/src';
import { startInProcess, type InProcessHerald } from './in-process';

/** The routes anyone may call: signed links and pages, the SNS-signed webhook, signup and login, the API reference. */
const PUBLIC = [
  'GET /config',
  'GET /openapi.json',
  'GET /docs',
  'POST /auth/signup',
  'POST /auth/login',
  'GET /auth/logout',
  'GET /auth/oauth-config',
  'GET /auth/oauth/:provider',
  'GET /auth/oauth/:provider/callback',
  'POST /auth/verify-email',
  'POST /auth/request-password-reset',
  'POST /auth/reset-password',
  'GET /t/o/:token',
  'GET /t/c/:token',
  'GET /unsubscribe/:token',
  'POST /unsubscribe/:token',
  'GET /subscribe/:token',
  'POST /subscribe/:token',
  'GET /manage/:token',
  'POST /manage/:token',
  'POST /webhooks/mail',
  // Signed by the payment provider (Stripe-Signature, checked on the raw body).
  'POST /webhooks/incoming/billing',
  // Uploaded images, for mail clients: unguessable keys (POST /uploads/image).
  'GET /uploads/:projectId/:file',
];
/** Mounted by the runtime on every process, before any service: health, readiness, metrics. */
const OPS = ['GET /healthz', 'GET /readyz', 'GET /metrics'];

interface Mounted {
  route: string;
  method: string;
  path: string;
  policy?: Policy;
  /** The names of the route's handlers, guard first. */
  chain: string[];
}

let herald: InProcessHerald;
let base: string;
let mounted: Mounted[];

beforeAll(async () => {
  herald = await startInProcess();
  base = herald.base;
  mounted = (herald.runtime.app.router.stack as any[])
    .filter((layer) => layer.route)
    .flatMap((layer) =>
      Object.keys(layer.route.methods).map((m) => ({
        route: `${m.toUpperCase()} ${layer.route.path}`,
        method: m.toUpperCase(),
        path: layer.route.path as string,
        policy: layer.route.stack[0]?.handle?.policy as Policy | undefined,
        chain: (layer.route.stack as any[]).map((l) => l.handle?.name as string),
      })),
    );
}, 60_000);

afterAll(() => herald?.stop());

test('every route but the runtime’s own ops endpoints starts with the guard of a declared policy', () => {
  const api = mounted.filter((r) => !OPS.includes(r.route));
  expect(api.length).toBeGreaterThan(40);
  expect(api.filter((r) => !r.policy).map((r) => r.route)).toEqual([]);
  expect(
    mounted
      .filter((r) => OPS.includes(r.route))
      .map((r) => r.route)
      .sort(),
  ).toEqual([...OPS].sort());
});

test('the public routes are exactly the reviewed list', () => {
  expect(
    mounted
      .filter((r) => r.policy?.kind === 'public')
      .map((r) => r.route)
      .sort(),
  ).toEqual([...PUBLIC].sort());
});

test('nothing but the app’s own middleware runs before the routes (no router mounted on the side)', () => {
  const names = (herald.runtime.app.router.stack as any[]).filter((l) => !l.route).map((l) => l.name);
  // request id + metrics, JSON body, NUL check, a browser tab at GET /dev/mailbox sent to the
  // dashboard's page (docs/decisions/0381); then, after the routes, the dashboard's static
  // files (GET /, /index.html, /assets/*: public by nature, and after every route so it shadows none), 404 and the error envelope.
  expect(names).toEqual(['<anonymous>', 'jsonParser', 'rejectUnsafeJson', 'devMailboxInBrowser', 'dashboardFiles', 'notFoundHandler', 'errorHandler']);
});

test('every route that takes a password or creates an account is limited per address and per account', () => {
  const auth = mounted.filter((r) => r.method === 'POST' && r.path.startsWith('/auth/'));
  expect(auth.map((r) => r.route).sort()).toEqual([
    'POST /auth/login',
    'POST /auth/request-password-reset',
    'POST /auth/request-verification',
    'POST /auth/reset-password',
    'POST /auth/signup',
    'POST /auth/verify-email',
  ]);
  expect(auth.filter((r) => !r.chain.includes('limited')).map((r) => r.route)).toEqual([]);
});

describe('each guard enforces its policy', () => {
  let keys: { public: string; secret: string };
  let projectId: string;
  /** The project whose settings the member routes are called on (regenerating its keys leaves `keys` alone). */
  let settingsId: string;
  const sessions = new Map<string, Api>();

  beforeAll(async () => {
    const owner = await session(base, OWNER.email, OWNER.password);
    const project = (await owner.post('/users/@me/projects', { name: 'routes' })).body;
    projectId = project.id;
    settingsId = (await owner.post('/users/@me/projects', { name: 'settings' })).body.id;
    keys = { public: project.public, secret: project.secret };
    sessions.set('owner', owner.withHeaders({ 'x-project-id': projectId }));
    for (const who of ['admin', 'member', 'stranger']) {
      const email = `${who}-${crypto.randomBytes(4).toString('hex')}@routes.test`;
      await new Api(base).post('/auth/signup', { email, password: 'long-enough-1' });
      // Added as the members API adds them (an existing user joins at once).
      if (who !== 'stranger')
        for (const p of [projectId, settingsId]) expect((await owner.post(`/projects/${p}/members`, { email, role: who.toUpperCase() })).status).toBe(201);
      sessions.set(who, (await session(base, email, 'long-enough-1')).withHeaders({ 'x-project-id': projectId }));
    }
  });

  /** A request to the route with its parameters filled (a project's id where a project is named); only the guard's verdict matters here. */
  const call = (api: Api, r: Mounted) => {
    const url = r.path.replace(/:(\w+)/g, (_m, name) =>
      name === 'projectId' ? projectId : r.policy?.kind === 'member' && r.policy.param === name ? settingsId : crypto.randomUUID(),
    );
    return api.request(r.method, url, r.method === 'GET' || r.method === 'DELETE' ? undefined : {});
  };
  const refusedBy = (res: { status: number; body: any }) => (res.status === 401 || res.status === 403 ? res.body?.error?.code : undefined);

  /** What the guard of `p` answers `who` (undefined: it lets the request through). */
  function verdict(p: Policy, who: string): string | undefined {
    if (p.kind === 'public') return undefined;
    if (who === 'no credentials') return p.kind === 'project' ? 'MISSING_AUTH' : 'UNAUTHORIZED';
    if (who === 'public key' || who === 'secret key') {
      if (p.kind !== 'project') return 'UNAUTHORIZED';
      return p.keys === 'secret' && who === 'public key' ? 'INVALID_API_KEY' : undefined;
    }
    if (p.kind === 'user') return undefined;
    if (who === 'stranger') return 'PROJECT_ACCESS_DENIED';
    if (who === 'member') return p.role !== 'MEMBER' ? 'FORBIDDEN' : undefined;
    return who === 'admin' && p.role === 'OWNER' ? 'FORBIDDEN' : undefined;
  }

  test.each(['no credentials', 'public key', 'secret key', 'owner', 'admin', 'member', 'stranger'])('%s', async (who) => {
    const api = who === 'public key' ? new Api(base, keys.public) : who === 'secret key' ? new Api(base, keys.secret) : (sessions.get(who) ?? new Api(base));
    const verdicts: string[] = [];
    const seen = new Set<string | undefined>();
    for (const r of mounted.filter((x) => x.policy)) {
      const p = r.policy!;
      const res = await call(api, r);
      const refused = refusedBy(res);
      const expected = verdict(p, who);
      seen.add(expected);
      // Past the guard, a handler may still refuse for its own reasons (a 404, a 422), never as the guard would.
      const guardCodes = ['MISSING_AUTH', 'INVALID_API_KEY', 'UNAUTHORIZED', 'PROJECT_ACCESS_DENIED', 'FORBIDDEN'];
      const got = refused && guardCodes.includes(refused) ? refused : undefined;
      if (got !== expected) verdicts.push(`${r.route} [${describePolicy(p)}]: expected ${expected ?? 'to pass'}, got ${res.status} ${refused ?? ''}`);
    }
    expect(verdicts).toEqual([]);
    // Each kind of caller met both outcomes somewhere (a route it may call, and one it may not).
    expect(seen.has(undefined)).toBe(true);
    if (who !== 'owner' && who !== 'admin') expect(seen.size).toBeGreaterThan(1);
  });
});
