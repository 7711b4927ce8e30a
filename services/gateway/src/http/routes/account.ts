import type { Response } from 'express';
import { z } from 'zod';
import type { Api } from '../../../../../libs/contracts/src';
import { on, policy, type Role, type Route, type RouteRequest, type SessionAuth } from '../../../../../libs/edge/src';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { AppError, forbidden, isValidEmail, normalizeEmail } from '../../../../../libs/kit/src';
import type { Accounts } from '../../app/accounts';
import { Identity, projectView } from '../../app/identity';
import type { Members } from '../../app/members';
import type { UserRow } from '../../app/ports';
import { takePoint } from '../auth-limit';
import { AuthDeps, SESSION_COOKIE, sessionCookie } from '../auth';
import type { KeyCache } from '../keycache';

export const emailField = z.string().transform(normalizeEmail).refine(isValidEmail, 'must be a valid email address');
const password = z.string().min(8, 'must be at least 8 characters').max(200);
/** A verification, reset or invitation token as the emails carry it. */
export const tokenField = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, 'must be the 64 hex characters of the token in the email');
const credentials = z.object({ email: emailField, password });
const signupBody = credentials.extend({ invitation: tokenField.optional().describe('The token of an invitation email: signing up joins its project.') });
const tokenBody = z.object({ token: tokenField });
const resetBody = z.object({ token: tokenField, newPassword: password });
const emailBody = z.object({ email: emailField });
const projectName = z.string().trim().min(1).max(100);
const newProject = z.object({ name: projectName });
const projectPatch = z.object({
  name: projectName.optional(),
  tracking: z.enum(['ENABLED', 'DISABLED', 'MARKETING_ONLY']).optional(),
  transactionalOpenTracking: z.boolean().optional().describe('Add the open pixel to transactional mail too (default false; clicks are tracked either way).'),
  language: z.string().min(2).max(10).optional(),
});

const userExample = { id: '01970a3b-1c2d-7e3f-8a4b-5c6d7e8f9a0b', email: 'owner@example.com' };
const projectExample = {
  id: '01970a3b-4d5e-7f6a-8b7c-9d0e1f2a3b4c',
  name: 'Production',
  public: `pk_${'93b5a1c0'.repeat(8)}`,
  secret: 'sk_ee04…7a2c',
  disabled: false,
  disabledReason: null,
  tracking: 'ENABLED',
  transactionalOpenTracking: false,
  language: 'en',
  role: 'OWNER',
  createdAt: '2025-06-01T09:30:00.000Z',
  updatedAt: '2025-06-01T09:30:00.000Z',
};
const newKeys = { public: `pk_${'93b5a1c0'.repeat(8)}`, secret: `sk_${'ee04f2d1'.repeat(8)}` };
const rates = (total: number, bounces: number, complaints: number) => ({
  total,
  bounces,
  complaints,
  bounceRate: bounces / total,
  complaintRate: complaints / total,
});
const securityExample = {
  sevenDay: rates(1200, 18, 0),
  allTime: rates(48000, 610, 9),
  levels: { bounce7Day: 'healthy', bounceAllTime: 'healthy', complaint7Day: 'healthy', complaintAllTime: 'healthy' },
  isDisabled: false,
  recentSuspensions: [
    { action: 'enabled', reason: 'MANUAL', at: '2025-06-03T08:00:00.000Z' },
    { action: 'disabled', reason: 'EMAIL_REPUTATION', at: '2025-06-02T17:12:40.000Z' },
  ],
};
const userAnswer = z.strictObject({ id: z.string(), email: z.string() });
const verifiedUserAnswer = userAnswer.extend({ emailVerified: z.boolean() });
const meAnswer = verifiedUserAnswer.extend({
  verificationSentAt: z.iso
    .datetime()
    .nullable()
    .describe(
      'When the verification email whose link is still unused was sent; null: none is (the address is verified, its link was used, or none was ever sent — the owner the first start created gets none).',
    ),
});
export const projectAnswer = z.strictObject({
  id: z.string(),
  name: z.string(),
  public: z.string().describe('The public key, in full (a hint for a key issued before Herald kept public keys; rotate to get it in full).'),
  secret: z.string().describe('The secret key: in full when issued (create, regenerate), else a hint.'),
  disabled: z.boolean(),
  disabledReason: z.string().nullable(),
  tracking: z.enum(['ENABLED', 'DISABLED', 'MARKETING_ONLY']),
  transactionalOpenTracking: z
    .boolean()
    .describe('Whether transactional mail carries the open pixel (off by default: it makes short mail look image-only to spam filters).'),
  language: z.string(),
  role: z.enum(['OWNER', 'ADMIN', 'MEMBER']),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
const successAnswer = z.strictObject({ success: z.literal(true) });
const sameAnswerSchema = successAnswer.extend({ message: z.string() });
const ratesAnswer = z.strictObject({ total: z.number(), bounces: z.number(), complaints: z.number(), bounceRate: z.number(), complaintRate: z.number() });
const level = z.enum(['healthy', 'warning', 'critical']);
const securityAnswer = z.strictObject({
  sevenDay: ratesAnswer,
  allTime: ratesAnswer,
  levels: z.strictObject({ bounce7Day: level, bounceAllTime: level, complaint7Day: level, complaintAllTime: level }),
  isDisabled: z.boolean(),
  recentSuspensions: z.array(z.strictObject({ action: z.enum(['disabled', 'enabled']), reason: z.string().nullable(), at: z.iso.datetime() })),
});
const PROJECT_ID = { id: 'The project id.' };
const credentialsExample = { email: 'owner@example.com', password: 'correct-horse-battery' };
const TOKEN_EXAMPLE = '9f2c1e7a4b5d6c8e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70';
const sameAnswer = { success: true, message: 'If an account exists for this address, an email is on its way.' };
const tokenErrors = {
  400: { code: 'INVALID_TOKEN', description: 'Unknown or already used token (TOKEN_EXPIRED: older than one hour).' },
};
/** How many suspensions GET …/security lists. */
const RECENT_SUSPENSIONS = 10;
/** Account mails one address may ask for per window (request-verification, request-password-reset). */
export const MAIL_ALLOWANCE = 3;
export const MAIL_WINDOW_MINUTES = 15;

export interface AccountDeps extends AuthDeps {
  identity: Identity;
  accounts: Accounts;
  members: Members;
  cache: KeyCache;
  signupEnabled: boolean;
  messaging: () => Api<'messaging'>;
  /** Account mail asked for, per address (request-verification, request-password-reset). */
  mailLimit: RateLimiterAbstract;
}

/**
 * Accounts and projects, as Plunk clients call them: signup, login, logout, the current user and
 * their projects. A project's settings are for its owner and admins (checked against the project in
 * the path).
 */
export function accountRoutes(deps: AccountDeps): Route[] {
  const userId = (req: { auth?: unknown }) => (req.auth as SessionAuth).userId;

  const auth = (req: RouteRequest) => req.auth as SessionAuth & { projectId: string; role: Role; disabled: boolean };

  // Plunk's security answer: bounce/complaint figures and levels from messaging, disabled state from here.
  const security = {
    tag: 'Projects',
    summary: "The project's sending reputation",
    description: `7-day and all-time bounce and complaint rates, each level healthy | warning | critical (a critical level disables the project), and the ${RECENT_SUSPENSIONS} latest times the project was disabled or enabled again, and why.`,
    params: PROJECT_ID,
    responses: { 200: { description: 'Rates, levels and whether the project is disabled.', example: securityExample, schema: securityAnswer } },
  };
  const showSecurity = async (req: RouteRequest, res: Response) => {
    const [out, suspensions] = await Promise.all([deps.messaging().Security({}), deps.identity.repo.suspensions(req.projectId!, RECENT_SUSPENSIONS)]);
    const windowView = (w: typeof out.seven_day) => {
      const [total, bounces, complaints] = [Number(w?.total ?? 0), Number(w?.bounces ?? 0), Number(w?.complaints ?? 0)];
      return { total, bounces, complaints, bounceRate: total ? bounces / total : 0, complaintRate: total ? complaints / total : 0 };
    };
    const levels = out.levels!;
    res.json({
      sevenDay: windowView(out.seven_day),
      allTime: windowView(out.all_time),
      levels: {
        bounce7Day: levels.bounce_7_day,
        bounceAllTime: levels.bounce_all_time,
        complaint7Day: levels.complaint_7_day,
        complaintAllTime: levels.complaint_all_time,
      },
      isDisabled: auth(req).disabled,
      recentSuspensions: suspensions.map((s) => ({ action: s.action, reason: s.reason, at: s.at.toISOString() })),
    });
  };
  const logIn = (res: Response, user: UserRow) => res.cookie(...sessionCookie(deps, user.id, user.session_version));
  /** One more account mail for this address, or a 429. */
  const mailAllowance = (email: string) => takePoint(deps.mailLimit, email, 'for this address: emails already sent');

  return [
    on.post(
      '/auth/signup',
      policy.public,
      {
        tag: 'Account',
        summary: 'Sign up',
        description:
          'Creates the account, sends the verification email and sets the session cookie (7 days; not when REQUIRE_EMAIL_VERIFICATION is on and the address is not verified yet). With the token of an invitation email, joins its project (and the address is verified when the invitation was sent to it).',
        body: signupBody,
        example: credentialsExample,
        responses: { 201: { description: 'The new user; the session cookie is set.', example: userExample, schema: userAnswer } },
        errors: {
          403: { code: 'SIGNUP_DISABLED', description: 'Signups are disabled on this deployment.' },
          409: { code: 'CONFLICT', description: 'An account with this email exists.' },
        },
      },
      async (_req, res, { body }) => {
        if (!deps.signupEnabled) throw forbidden('Signups are disabled on this deployment', 'SIGNUP_DISABLED', 'Ask an administrator to invite you.');
        const user = await deps.accounts.signup(body.email, body.password, body.invitation);
        if (user.email_verified || !deps.accounts.opts.requireVerification) logIn(res, user);
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
        responses: { 200: { description: 'The user; the session cookie is set.', example: userExample, schema: userAnswer } },
        errors: {
          401: { code: 'INVALID_CREDENTIALS', description: 'Wrong email or password.' },
          403: {
            code: 'EMAIL_NOT_VERIFIED',
            description: 'REQUIRE_EMAIL_VERIFICATION is on and the address is not verified: a new verification email is sent.',
          },
        },
      },
      async (_req, res, { body }) => {
        let user: UserRow;
        try {
          user = await deps.accounts.login(body.email, body.password);
        } catch (err) {
          // The right password of an unverified account: send the link again (within the address's allowance).
          if ((err as AppError).code === 'EMAIL_NOT_VERIFIED') {
            const unverified = await deps.identity.repo.userByEmail(body.email);
            if (
              unverified &&
              (await mailAllowance(unverified.email).then(
                () => true,
                () => false,
              ))
            )
              void deps.accounts.sendVerification(unverified).catch(() => undefined);
          }
          throw err;
        }
        logIn(res, user);
        res.json({ id: user.id, email: user.email });
      },
      { authLimit: true },
    ),
    on.get(
      '/auth/logout',
      policy.public,
      {
        tag: 'Account',
        summary: 'Log out',
        responses: { 200: { description: 'The session cookie is cleared.', example: { success: true }, schema: successAnswer } },
      },
      async (_req, res) => {
        const [name, , opts] = sessionCookie(deps, '', 0);
        res.clearCookie(name, { ...opts, maxAge: undefined });
        res.json({ success: true });
      },
    ),
    on.post(
      '/auth/verify-email',
      policy.public,
      {
        tag: 'Account',
        summary: 'Verify an email address',
        description: 'With the token of the verification email (single use, one hour). Joins the projects that invited the address.',
        body: tokenBody,
        example: { token: TOKEN_EXAMPLE },
        responses: { 200: { description: 'The user, verified.', example: { ...userExample, emailVerified: true }, schema: verifiedUserAnswer } },
        errors: tokenErrors,
      },
      async (_req, res, { body }) => {
        const user = await deps.accounts.verifyEmail(body.token);
        res.json({ id: user.id, email: user.email, emailVerified: true });
      },
      { authLimit: true },
    ),
    on.post(
      '/auth/request-verification',
      policy.user,
      {
        tag: 'Account',
        summary: 'Send the verification email again',
        description: `A new token (the earlier one stops working). At most ${MAIL_ALLOWANCE} emails per address in ${MAIL_WINDOW_MINUTES} minutes.`,
        responses: { 200: { description: 'Sent.', example: { success: true }, schema: successAnswer } },
        errors: {
          409: { code: 'CONFLICT', description: 'The address is verified already.' },
          429: { code: 'RATE_LIMIT_EXCEEDED', description: 'Too many emails asked for this address; Retry-After says when to ask again.' },
        },
      },
      async (req, res) => {
        await deps.accounts.requestVerification(userId(req), mailAllowance);
        res.json({ success: true });
      },
      { authLimit: true },
    ),
    on.post(
      '/auth/request-password-reset',
      policy.public,
      {
        tag: 'Account',
        summary: 'Send a password reset email',
        description: `Always the same answer, whether or not an account has this address (no enumeration); when one has, it gets a single-use token valid for one hour. At most ${MAIL_ALLOWANCE} per address in ${MAIL_WINDOW_MINUTES} minutes, account or not.`,
        body: emailBody,
        example: { email: 'owner@example.com' },
        responses: { 200: { description: 'The same answer for every address.', example: sameAnswer, schema: sameAnswerSchema } },
      },
      async (_req, res, { body }) => {
        await mailAllowance(body.email);
        deps.accounts.requestPasswordReset(body.email);
        res.json(sameAnswer);
      },
      { authLimit: true },
    ),
    on.post(
      '/auth/reset-password',
      policy.public,
      {
        tag: 'Account',
        summary: 'Set a new password with a reset token',
        description: 'Ends every session of the user (on every device) and sets a new session cookie here; the address counts as verified.',
        body: resetBody,
        example: { token: TOKEN_EXAMPLE, newPassword: 'a-new-long-password' },
        responses: { 200: { description: 'The user; the session cookie is set.', example: userExample, schema: userAnswer } },
        errors: tokenErrors,
      },
      async (_req, res, { body }) => {
        const user = await deps.accounts.resetPassword(body.token, body.newPassword);
        logIn(res, user);
        res.json({ id: user.id, email: user.email });
      },
      { authLimit: true },
    ),
    on.get(
      '/users/@me',
      policy.user,
      {
        tag: 'Account',
        summary: 'The current user',
        responses: {
          200: {
            description: 'The logged-in user.',
            example: { ...userExample, emailVerified: false, verificationSentAt: '2025-06-01T09:30:00.000Z' },
            schema: meAnswer,
          },
        },
      },
      async (req, res) => {
        const user = await deps.identity.repo.userById(userId(req));
        if (!user) {
          res.clearCookie(SESSION_COOKIE);
          throw new AppError({ code: 'UNAUTHORIZED', status: 401, message: 'This account no longer exists', suggestion: 'Sign up again.' });
        }
        const sent = user.email_verified ? undefined : await deps.identity.repo.tokenIssuedAt(user.id, 'verify');
        res.json({ id: user.id, email: user.email, emailVerified: user.email_verified, verificationSentAt: sent?.toISOString() ?? null });
      },
    ),
    on.get(
      '/users/@me/projects',
      policy.user,
      {
        tag: 'Projects',
        summary: 'My projects',
        description: 'The public key in full; the secret key as a hint (it is shown in full only when issued).',
        responses: {
          200: { description: 'The projects the user is a member of, with their role.', example: [projectExample], schema: z.array(projectAnswer) },
        },
      },
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
        responses: {
          201: {
            description: 'The project, the caller its OWNER, with its full keys (shown this once).',
            example: { ...projectExample, ...newKeys },
            schema: projectAnswer,
          },
        },
      },
      async (req, res, { body }) => {
        res.status(201).json(await deps.identity.createProject(userId(req), body.name));
      },
    ),
    on.patch(
      '/users/@me/projects/:id',
      policy.member('ADMIN'),
      {
        tag: 'Projects',
        summary: "Change a project's settings",
        params: PROJECT_ID,
        body: projectPatch,
        example: { name: 'Production EU', tracking: 'MARKETING_ONLY' },
        responses: { 200: { description: 'The project.', example: projectExample, schema: projectAnswer } },
      },
      async (req, res, { body }) => {
        const updated = await deps.identity.repo.updateProject(req.projectId!, body);
        // API keys carry the tracking policy they resolved to: the next request resolves it anew, in every gateway.
        if (body.tracking !== undefined || body.transactionalOpenTracking !== undefined) await deps.cache.invalidate(updated.id);
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
        responses: {
          200: { description: 'The project with its new full keys (shown this once).', example: { ...projectExample, ...newKeys }, schema: projectAnswer },
        },
        errors: { 404: { code: 'PROJECT_NOT_FOUND', description: 'The project is gone.' } },
      },
      async (req, res) => {
        const { project, keys } = await deps.identity.regenerateKeys(req.projectId!);
        await deps.cache.invalidate(project.id);
        res.json(projectView({ ...project, role: auth(req).role }, keys));
      },
    ),
    on.post(
      '/users/@me/invitations/accept',
      policy.user,
      {
        tag: 'Projects',
        summary: 'Accept an invitation',
        description:
          'With the token of an invitation email (single use, 7 days): the logged-in user joins its project, whatever their address (the token is the proof).',
        body: tokenBody,
        example: { token: TOKEN_EXAMPLE },
        responses: { 200: { description: 'The project joined.', example: { ...projectExample, role: 'MEMBER' }, schema: projectAnswer } },
        errors: { 400: { code: 'INVALID_TOKEN', description: 'Unknown, expired or already used invitation.' } },
      },
      async (req, res, { body }) => {
        const projectId = await deps.members.accept(body.token, userId(req));
        res.json(projectView((await deps.identity.repo.projectForMember(projectId, userId(req)))!));
      },
    ),
    on.get('/users/@me/projects/:id/security', policy.member('MEMBER'), security, showSecurity),
    on.get('/projects/:id/security', policy.member('MEMBER'), security, showSecurity),
  ];
}
