import { Router } from 'express';
import { z } from 'zod';
import { AppError, forbidden } from '../../../../../libs/kit/src';
import { isValidEmail, normalizeEmail } from '../../../../../libs/kit/src';
import { Identity, projectView } from '../../app/identity';
import { AuthDeps, SESSION_COOKIE, sessionAuth, sessionCookie } from '../auth';
import { parse, route } from '../errors';
import type { KeyCache } from '../keycache';
import type { SessionAuth } from '../types';
import type { MessagingApi } from '../../../../../libs/contracts/src';

const credentials = z.object({
  email: z.string().transform(normalizeEmail).refine(isValidEmail, 'must be a valid email address'),
  password: z.string().min(8, 'must be at least 8 characters').max(200),
});
const projectName = z.string().trim().min(1).max(100);
const projectPatch = z.object({
  name: projectName.optional(),
  tracking: z.enum(['ENABLED', 'DISABLED', 'MARKETING_ONLY']).optional(),
  language: z.string().min(2).max(10).optional(),
});

export interface AccountDeps extends AuthDeps {
  identity: Identity;
  cache: KeyCache;
  signupEnabled: boolean;
  messaging: () => MessagingApi;
}

/** COMPAT "Authentication" and "Projects": signup, login, logout, the current user and their projects. */
export function accountRouter(deps: AccountDeps): Router {
  const r = Router();
  const session = sessionAuth(deps);
  const userId = (req: { auth?: unknown }) => (req.auth as SessionAuth).userId;

  r.post('/auth/signup', route(async (req, res) => {
    if (!deps.signupEnabled) throw forbidden('Signups are disabled on this deployment', 'SIGNUP_DISABLED', 'Ask an administrator to invite you.');
    const body = parse(credentials, req.body);
    const user = await deps.identity.signup(body.email, body.password);
    res.cookie(...sessionCookie(deps, user.id));
    res.status(201).json({ id: user.id, email: user.email });
  }));

  r.post('/auth/login', route(async (req, res) => {
    const body = parse(credentials, req.body);
    const user = await deps.identity.login(body.email, body.password);
    res.cookie(...sessionCookie(deps, user.id));
    res.json({ id: user.id, email: user.email });
  }));

  r.get('/auth/logout', (_req, res) => {
    const [name, , opts] = sessionCookie(deps, '');
    res.clearCookie(name, { ...opts, maxAge: undefined });
    res.json({ success: true });
  });

  r.get('/auth/oauth-config', (_req, res) => {
    res.json({ github: false, google: false });
  });

  r.get('/users/@me', session, route(async (req, res) => {
    const user = await deps.identity.repo.userById(userId(req));
    if (!user) {
      res.clearCookie(SESSION_COOKIE);
      throw new AppError({ code: 'UNAUTHORIZED', status: 401, message: 'This account no longer exists', suggestion: 'Sign up again.' });
    }
    res.json({ id: user.id, email: user.email, emailVerified: user.email_verified });
  }));

  r.get('/users/@me/projects', session, route(async (req, res) => {
    res.json((await deps.identity.repo.projectsOf(userId(req))).map((p) => projectView(p)));
  }));

  r.post('/users/@me/projects', session, route(async (req, res) => {
    const body = parse(z.object({ name: projectName }), req.body);
    res.status(201).json(await deps.identity.createProject(userId(req), body.name));
  }));

  r.patch('/users/@me/projects/:id', session, route(async (req, res) => {
    const body = parse(projectPatch, req.body);
    const p = await deps.identity.requireAdmin(String(req.params.id), userId(req));
    const updated = await deps.identity.repo.updateProject(p.id, body);
    res.json(projectView({ ...updated, role: p.role }));
  }));

  r.post('/users/@me/projects/:id/regenerate-keys', session, route(async (req, res) => {
    const p = await deps.identity.requireAdmin(String(req.params.id), userId(req));
    const { project, keys } = await deps.identity.regenerateKeys(p.id);
    await deps.cache.invalidate(p.id);
    res.json(projectView({ ...project, role: p.role }, keys));
  }));

  // COMPAT "Projects": bounce/complaint figures and levels from messaging, disabled state from here.
  const security = route(async (req, res) => {
    const p = await deps.identity.memberProject(String(req.params.id), userId(req));
    const out = JSON.parse((await deps.messaging().Security({ project_id: p.id })).json);
    res.json({ ...out, isDisabled: p.disabled });
  });
  r.get('/users/@me/projects/:id/security', session, security);
  r.get('/projects/:id/security', session, security);

  return r;
}
