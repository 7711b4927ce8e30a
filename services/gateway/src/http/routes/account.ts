import type { Request, Response } from 'express';
import { z } from 'zod';
import type { Api } from '../../../../../libs/contracts/src';
import { on, parse, policy, type Role, type Route, type SessionAuth } from '../../../../../libs/edge/src';
import { AppError, forbidden, isValidEmail, normalizeEmail } from '../../../../../libs/kit/src';
import { Identity, projectView } from '../../app/identity';
import { AuthDeps, SESSION_COOKIE, sessionCookie } from '../auth';
import type { KeyCache } from '../keycache';

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
  messaging: () => Api<'messaging'>;
}

/**
 * COMPAT "Authentication" and "Projects": signup, login, logout, the current user and their
 * projects. A project's settings are for its owner and admins (checked against the project in
 * the path).
 */
export function accountRoutes(deps: AccountDeps): Route[] {
  const userId = (req: { auth?: unknown }) => (req.auth as SessionAuth).userId;

  const auth = (req: Request) => req.auth as SessionAuth & { projectId: string; role: Role; disabled: boolean };

  // COMPAT "Projects": bounce/complaint figures and levels from messaging, disabled state from here.
  const showSecurity = async (req: Request, res: Response) => {
    const out = JSON.parse((await deps.messaging().Security({})).json);
    res.json({ ...out, isDisabled: auth(req).disabled });
  };

  return [
    on.post('/auth/signup', policy.public, async (req, res) => {
      if (!deps.signupEnabled) throw forbidden('Signups are disabled on this deployment', 'SIGNUP_DISABLED', 'Ask an administrator to invite you.');
      const body = parse(credentials, req.body);
      const user = await deps.identity.signup(body.email, body.password);
      res.cookie(...sessionCookie(deps, user.id));
      res.status(201).json({ id: user.id, email: user.email });
    }, { authLimit: true }),
    on.post('/auth/login', policy.public, async (req, res) => {
      const body = parse(credentials, req.body);
      const user = await deps.identity.login(body.email, body.password);
      res.cookie(...sessionCookie(deps, user.id));
      res.json({ id: user.id, email: user.email });
    }, { authLimit: true }),
    on.get('/auth/logout', policy.public, async (_req, res) => {
      const [name, , opts] = sessionCookie(deps, '');
      res.clearCookie(name, { ...opts, maxAge: undefined });
      res.json({ success: true });
    }),
    on.get('/auth/oauth-config', policy.public, async (_req, res) => {
      res.json({ github: false, google: false });
    }),
    on.get('/users/@me', policy.user, async (req, res) => {
      const user = await deps.identity.repo.userById(userId(req));
      if (!user) {
        res.clearCookie(SESSION_COOKIE);
        throw new AppError({ code: 'UNAUTHORIZED', status: 401, message: 'This account no longer exists', suggestion: 'Sign up again.' });
      }
      res.json({ id: user.id, email: user.email, emailVerified: user.email_verified });
    }),
    on.get('/users/@me/projects', policy.user, async (req, res) => {
      res.json((await deps.identity.repo.projectsOf(userId(req))).map((p) => projectView(p)));
    }),
    on.post('/users/@me/projects', policy.user, async (req, res) => {
      const body = parse(z.object({ name: projectName }), req.body);
      res.status(201).json(await deps.identity.createProject(userId(req), body.name));
    }),
    on.patch('/users/@me/projects/:id', policy.member('ADMIN'), async (req, res) => {
      const body = parse(projectPatch, req.body);
      const updated = await deps.identity.repo.updateProject(req.projectId!, body);
      res.json(projectView({ ...updated, role: auth(req).role }));
    }),
    on.post('/users/@me/projects/:id/regenerate-keys', policy.member('ADMIN'), async (req, res) => {
      const { project, keys } = await deps.identity.regenerateKeys(req.projectId!);
      await deps.cache.invalidate(project.id);
      res.json(projectView({ ...project, role: auth(req).role }, keys));
    }),
    on.get('/users/@me/projects/:id/security', policy.member('MEMBER'), showSecurity),
    on.get('/projects/:id/security', policy.member('MEMBER'), showSecurity),
  ];
}
