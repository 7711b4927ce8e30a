import type { Response } from 'express';
import { z } from 'zod';
import type { Api } from '../../../../../libs/contracts/src';
import { on, policy, type Role, type Route, type RouteRequest, type SessionAuth } from '../../../../../libs/edge/src';
import { AppError, forbidden, isValidEmail, normalizeEmail } from '../../../../../libs/kit/src';
import { Identity, projectView } from '../../app/identity';
import { AuthDeps, SESSION_COOKIE, sessionCookie } from '../auth';
import type { KeyCache } from '../keycache';

const credentials = z.object({
  email: z.string().transform(normalizeEmail).refine(isValidEmail, 'must be a valid email address'),
  password: z.string().min(8, 'must be at least 8 characters').max(200),
});
const projectName = z.string().trim().min(1).max(100);
const newProject = z.object({ name: projectName });
const projectPatch = z.object({
  name: projectName.optional(),
  tracking: z.enum(['ENABLED', 'DISABLED', 'MARKETING_ONLY']).optional(),
  language: z.string().min(2).max(10).optional(),
});

const userExample = { id: '01970a3b-1c2d-7e3f-8a4b-5c6d7e8f9a0b', email: 'owner@example.com' };
const projectExample = {
  id: '01970a3b-4d5e-7f6a-8b7c-9d0e1f2a3b4c',
  name: 'Production',
  public: 'pk_93b5…e1f0',
  secret: 'sk_ee04…7a2c',
  disabled: false,
  disabledReason: null,
  tracking: 'ENABLED',
  language: 'en',
  role: 'OWNER',
  createdAt: '2025-06-01T09:30:00.000Z',
  updatedAt: '2025-06-01T09:30:00.000Z',
};
const newKeys = { public: `pk_${'93b5a1c0'.repeat(8)}`, secret: `sk_${'ee04f2d1'.repeat(8)}` };
const rates = (total: number, bounces: number, complaints: number) => ({ total, bounces, complaints, bounceRate: bounces / total, complaintRate: complaints / total });
const securityExample = {
  sevenDay: rates(1200, 18, 0),
  allTime: rates(48000, 610, 9),
  levels: { bounce7Day: 'healthy', bounceAllTime: 'healthy', complaint7Day: 'healthy', complaintAllTime: 'healthy' },
  isDisabled: false,
};
const PROJECT_ID = { id: 'The project id.' };
const credentialsExample = { email: 'owner@example.com', password: 'correct-horse-battery' };

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

  const auth = (req: RouteRequest) => req.auth as SessionAuth & { projectId: string; role: Role; disabled: boolean };

  // COMPAT "Projects": bounce/complaint figures and levels from messaging, disabled state from here.
  const security = {
    tag: 'Projects',
    summary: "The project's sending reputation",
    description: '7-day and all-time bounce and complaint rates, each level healthy | warning | critical; a critical level disables the project.',
    params: PROJECT_ID,
    responses: { 200: { description: 'Rates, levels and whether the project is disabled.', example: securityExample } },
  };
  const showSecurity = async (req: RouteRequest, res: Response) => {
    const out = JSON.parse((await deps.messaging().Security({})).json);
    res.json({ ...out, isDisabled: auth(req).disabled });
  };

  return [
    on.post(
      '/auth/signup',
      policy.public,
      {
        tag: 'Account',
        summary: 'Sign up',
        description: 'Creates the account and sets the session cookie (7 days).',
        body: credentials,
        example: credentialsExample,
        responses: { 201: { description: 'The new user; the session cookie is set.', example: userExample } },
        errors: { 403: { code: 'SIGNUP_DISABLED', description: 'Signups are disabled on this deployment.' }, 409: { code: 'CONFLICT', description: 'An account with this email exists.' } },
      },
      async (_req, res, { body }) => {
        if (!deps.signupEnabled) throw forbidden('Signups are disabled on this deployment', 'SIGNUP_DISABLED', 'Ask an administrator to invite you.');
        const user = await deps.identity.signup(body.email, body.password);
        res.cookie(...sessionCookie(deps, user.id));
        res.status(201).json({ id: user.id, email: user.email });
      },
      { authLimit: true },
    ),
    on.post(
      '/auth/login',
      policy.public,
      {
        tag: 'Account',
        summary: 'Log in',
        description: 'Sets the session cookie (7 days) the dashboard routes take.',
        body: credentials,
        example: credentialsExample,
        responses: { 200: { description: 'The user; the session cookie is set.', example: userExample } },
        errors: { 401: { code: 'INVALID_CREDENTIALS', description: 'Wrong email or password.' } },
      },
      async (_req, res, { body }) => {
        const user = await deps.identity.login(body.email, body.password);
        res.cookie(...sessionCookie(deps, user.id));
        res.json({ id: user.id, email: user.email });
      },
      { authLimit: true },
    ),
    on.get('/auth/logout', policy.public, { tag: 'Account', summary: 'Log out', responses: { 200: { description: 'The session cookie is cleared.', example: { success: true } } } }, async (_req, res) => {
      const [name, , opts] = sessionCookie(deps, '');
      res.clearCookie(name, { ...opts, maxAge: undefined });
      res.json({ success: true });
    }),
    on.get('/auth/oauth-config', policy.public, { tag: 'Account', summary: 'OAuth providers', responses: { 200: { description: 'Which providers are configured.', example: { github: false, google: false } } } }, async (_req, res) => {
      res.json({ github: false, google: false });
    }),
    on.get(
      '/users/@me',
      policy.user,
      { tag: 'Account', summary: 'The current user', responses: { 200: { description: 'The logged-in user.', example: { ...userExample, emailVerified: false } } } },
      async (req, res) => {
        const user = await deps.identity.repo.userById(userId(req));
        if (!user) {
          res.clearCookie(SESSION_COOKIE);
          throw new AppError({ code: 'UNAUTHORIZED', status: 401, message: 'This account no longer exists', suggestion: 'Sign up again.' });
        }
        res.json({ id: user.id, email: user.email, emailVerified: user.email_verified });
      },
    ),
    on.get(
      '/users/@me/projects',
      policy.user,
      { tag: 'Projects', summary: 'My projects', description: 'Keys are shown as hints; the full keys are shown only when issued.', responses: { 200: { description: 'The projects the user is a member of, with their role.', example: [projectExample] } } },
      async (req, res) => {
        res.json((await deps.identity.repo.projectsOf(userId(req))).map((p) => projectView(p)));
      },
    ),
    on.post(
      '/users/@me/projects',
      policy.user,
      {
        tag: 'Projects',
        summary: 'Create a project',
        body: newProject,
        example: { name: 'Production' },
        responses: { 201: { description: 'The project, the caller its OWNER, with its full keys (shown this once).', example: { ...projectExample, ...newKeys } } },
      },
      async (req, res, { body }) => {
        res.status(201).json(await deps.identity.createProject(userId(req), body.name));
      },
    ),
    on.patch(
      '/users/@me/projects/:id',
      policy.member('ADMIN'),
      { tag: 'Projects', summary: "Change a project's settings", params: PROJECT_ID, body: projectPatch, example: { name: 'Production EU', tracking: 'MARKETING_ONLY' }, responses: { 200: { description: 'The project.', example: projectExample } } },
      async (req, res, { body }) => {
        const updated = await deps.identity.repo.updateProject(req.projectId!, body);
        res.json(projectView({ ...updated, role: auth(req).role }));
      },
    ),
    on.post(
      '/users/@me/projects/:id/regenerate-keys',
      policy.member('ADMIN'),
      {
        tag: 'Projects',
        summary: "Rotate a project's keys",
        description: 'Both keys; the old ones stop working at once.',
        params: PROJECT_ID,
        responses: { 200: { description: 'The project with its new full keys (shown this once).', example: { ...projectExample, ...newKeys } } },
        errors: { 404: { code: 'PROJECT_NOT_FOUND', description: 'The project is gone.' } },
      },
      async (req, res) => {
        const { project, keys } = await deps.identity.regenerateKeys(req.projectId!);
        await deps.cache.invalidate(project.id);
        res.json(projectView({ ...project, role: auth(req).role }, keys));
      },
    ),
    on.get('/users/@me/projects/:id/security', policy.member('MEMBER'), security, showSecurity),
    on.get('/projects/:id/security', policy.member('MEMBER'), security, showSecurity),
  ];
}
