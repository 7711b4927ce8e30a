import { parse as parseCookies } from 'cookie';
import type { CookieOptions, Request, RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import { ROLES, type Policy, type Role, type SessionAuth } from '../../../../libs/edge/src';
import { AppError, forbidden, isUuid, runWithContext, unauthorized } from '../../../../libs/kit/src';
import type { Identity } from '../app/identity';
import { hashKey, trackingPolicy } from '../app/identity';
import type { KeyCache } from './keycache';

export const SESSION_COOKIE = 'herald_session';
const SESSION_DAYS = 7;
const KEY_FORMAT = /^(sk|pk)_[0-9a-f]{64}$/;
const KEY_SUGGESTION = 'Send Authorization: Bearer sk_… (secret key, every endpoint) or pk_… (public key, /v1/track only).';

const projectDisabled = () =>
  new AppError({
    code: 'PROJECT_DISABLED',
    status: 403,
    message: 'This project is disabled',
    suggestion: 'Contact the project owner or support to re-enable it.',
  });

export interface AuthDeps {
  identity: Identity;
  cache: KeyCache;
  jwtSecret: string;
  secureCookies: boolean;
  allowedOrigins: string[];
}

/**
 * The session cookie of a user: a JWT of the user and their session version (`sv`), which a
 * password reset moves on, ending every session issued before.
 */
export function sessionCookie(deps: AuthDeps, userId: string, sessionVersion: number): [string, string, CookieOptions] {
  const token = jwt.sign({ sub: userId, sv: sessionVersion }, deps.jwtSecret, { expiresIn: `${SESSION_DAYS}d` });
  return [SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure: deps.secureCookies, maxAge: SESSION_DAYS * 86_400_000, path: '/' }];
}

function bearer(h: string | undefined): string | undefined {
  if (!h) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(h.trim());
  if (!m) throw unauthorized('Authorization header must be "Bearer <key>"', 'INVALID_API_KEY', KEY_SUGGESTION);
  return m[1].trim();
}

/**
 * The session cookie, parsed here (only session-authenticated requests need cookies at all), and
 * its session version checked against the user's (one primary-key read): a session issued before
 * the user's last password reset, or of a user gone, has ended.
 */
async function sessionUser(req: Request, deps: AuthDeps): Promise<string | undefined> {
  const token = req.headers.cookie ? parseCookies(req.headers.cookie)[SESSION_COOKIE] : undefined;
  if (!token) return undefined;
  let payload: jwt.JwtPayload | undefined;
  try {
    payload = jwt.verify(token, deps.jwtSecret) as jwt.JwtPayload;
  } catch {
    /* expired or forged: treated as no session */
  }
  if (typeof payload?.sub !== 'string' || !isUuid(payload.sub))
    throw unauthorized('Your session has expired', 'UNAUTHORIZED', 'Log in again (POST /auth/login).');
  // Sessions issued before versions existed carry none: version 0, the first.
  const version = await deps.identity.repo.sessionVersion(payload.sub);
  if (version === undefined || version !== (payload.sv ?? 0)) throw unauthorized('Your session has ended', 'UNAUTHORIZED', 'Log in again (POST /auth/login).');
  return payload.sub;
}

/** Cookie-authenticated writes must come from our own origin (SameSite=Lax covers the rest). */
function checkCsrf(req: Request, deps: AuthDeps) {
  if (['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return;
  const origin = req.headers.origin;
  if (!origin) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    host = '';
  }
  if (host === req.headers.host || deps.allowedOrigins.includes(origin)) return;
  throw new AppError({
    code: 'CSRF_REJECTED',
    status: 403,
    message: 'Cross-site request refused',
    suggestion: 'Call the API from the dashboard origin, or use an API key.',
  });
}

/** The project an API key (`Authorization: Bearer sk_…|pk_…`) belongs to; undefined without the header. */
export async function keyProject(deps: AuthDeps, authorization: string | undefined, allowPublic: boolean) {
  const key = bearer(authorization);
  return key === undefined ? undefined : resolveKey(deps, key, allowPublic);
}

async function resolveKey(deps: AuthDeps, key: string, allowPublic: boolean) {
  if (!KEY_FORMAT.test(key)) throw unauthorized('Invalid API key', 'INVALID_API_KEY', KEY_SUGGESTION);
  if (key.startsWith('pk_') && !allowPublic) {
    throw unauthorized('This endpoint requires a secret key (sk_); public keys (pk_) only work on /v1/track', 'INVALID_API_KEY', KEY_SUGGESTION);
  }
  const hash = hashKey(key);
  let entry = deps.cache.get(hash);
  if (!entry) {
    const p = await deps.identity.repo.projectByKeyHash(hash);
    if (!p) throw unauthorized('Invalid API key', 'INVALID_API_KEY', KEY_SUGGESTION);
    entry = { projectId: p.id, scope: p.scope, disabled: p.disabled, disabledReason: p.disabled_reason, tracking: trackingPolicy(p), at: Date.now() };
    deps.cache.set(hash, entry);
  }
  if (entry.disabled) throw projectDisabled();
  return entry;
}

/** A route's guard: the middleware that enforces its policy, carrying the policy it enforces. */
export type Guard = RequestHandler & { policy: Policy };

/**
 * The guard of a route's policy (see Policy). A project or member route sets req.projectId and
 * req.auth, a user route req.auth, and each runs the rest of the request in its context (the
 * project, and a session's user and role): every internal call the request makes carries them
 * (CallMeta), and services take the project from there. A public route passes.
 */
export function guard(deps: AuthDeps, policy: Policy): Guard {
  const handler: RequestHandler =
    policy.kind === 'public'
      ? (_req, _res, next) => next()
      : policy.kind === 'user'
        ? userAuth(deps)
        : policy.kind === 'member'
          ? memberAuth(deps, policy)
          : projectAuth(deps, policy);
  return Object.assign(handler, { policy });
}

const lacksRole = (required: Role, role: Role) =>
  ROLES.indexOf(role) < ROLES.indexOf(required)
    ? forbidden(`This needs the ${required} role or higher in this project (yours: ${role})`, 'FORBIDDEN', 'Ask the project owner for the role.')
    : undefined;

/**
 * Project routes: an API key the policy accepts (sk_, or pk_ too), or a dashboard session of a
 * member with at least the policy's role, plus X-Project-Id.
 */
function projectAuth(deps: AuthDeps, policy: Extract<Policy, { kind: 'project' }>): RequestHandler {
  return (req, res, next) => {
    (async () => {
      const e = await keyProject(deps, req.headers.authorization, policy.keys === 'public');
      if (e) {
        req.auth = { kind: 'key', projectId: e.projectId, scope: e.scope, disabled: e.disabled };
        req.projectId = e.projectId;
        req.tracking = e.tracking;
        return;
      }
      const userId = await sessionUser(req, deps);
      if (!userId) throw unauthorized('Missing API key', 'MISSING_AUTH', KEY_SUGGESTION);
      checkCsrf(req, deps);
      const projectId = req.headers['x-project-id'];
      if (typeof projectId !== 'string' || !isUuid(projectId)) {
        throw new AppError({
          code: 'BAD_REQUEST',
          status: 400,
          message: 'X-Project-Id header required',
          suggestion: 'Send the id of one of your projects in X-Project-Id.',
        });
      }
      const p = await deps.identity.memberProject(projectId, userId);
      const refused = lacksRole(policy.role, p.role);
      if (refused) throw refused;
      if (p.disabled && req.method !== 'GET') throw projectDisabled();
      req.auth = { kind: 'session', userId, projectId: p.id, role: p.role, disabled: p.disabled };
      req.projectId = p.id; // as stored (lower case), whatever case the header used
      req.tracking = trackingPolicy(p);
    })().then(() => {
      const session = req.auth?.kind === 'session' ? req.auth : undefined;
      runWithContext({ requestId: req.requestId, projectId: req.projectId, userId: session?.userId, role: session?.role, span: req.span }, () => next());
    }, next);
  };
}

/** A project's settings: a session of a member of the project in the path, with the policy's role. */
function memberAuth(deps: AuthDeps, policy: Extract<Policy, { kind: 'member' }>): RequestHandler {
  return (req, _res, next) => {
    (async () => {
      const userId = await sessionUser(req, deps);
      if (!userId) throw unauthorized('Log in first', 'UNAUTHORIZED', 'POST /auth/login sets the session cookie.');
      checkCsrf(req, deps);
      const p = await deps.identity.memberProject(String(req.params[policy.param]), userId);
      const refused = lacksRole(policy.role, p.role);
      if (refused) throw refused;
      req.auth = { kind: 'session', userId, projectId: p.id, role: p.role, disabled: p.disabled };
      req.projectId = p.id;
    })().then(() => {
      const session = req.auth as SessionAuth;
      runWithContext({ requestId: req.requestId, projectId: req.projectId, userId: session.userId, role: session.role, span: req.span }, () => next());
    }, next);
  };
}

/** Account routes (/users/@me…): a dashboard session only. */
function userAuth(deps: AuthDeps): RequestHandler {
  return (req, _res, next) => {
    (async () => {
      const userId = await sessionUser(req, deps);
      if (!userId) throw unauthorized('Log in first', 'UNAUTHORIZED', 'POST /auth/login sets the session cookie.');
      checkCsrf(req, deps);
      req.auth = { kind: 'session', userId };
    })().then(() => runWithContext({ requestId: req.requestId, userId: (req.auth as SessionAuth).userId, span: req.span }, () => next()), next);
  };
}
