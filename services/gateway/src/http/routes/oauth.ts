import crypto from 'node:crypto';
import { parse as parseCookies } from 'cookie';
import { z } from 'zod';
import { on, policy, type Route } from '../../../../../libs/edge/src';
import { AppError, forbidden } from '../../../../../libs/kit/src';
import type { Accounts } from '../../app/accounts';
import { hashKey } from '../../app/identity';
import { providersOffered, type OAuthProvider } from '../../adapters/oauth';
import { sessionCookie, type AuthDeps } from '../auth';

const STATE_COOKIE = 'herald_oauth_state';
const STATE_MINUTES = 10;
const PROVIDER = { provider: 'github or google.' };
const callbackQuery = z
  .object({ code: z.string().min(1).max(2000).optional(), state: z.string().max(200).optional(), error: z.string().max(200).optional() })
  .passthrough();

export interface OAuthDeps extends AuthDeps {
  accounts: Accounts;
  providers: OAuthProvider[];
  publicUrl: string;
  /** Where a completed login lands. */
  dashboardUrl: string;
  signupEnabled: boolean;
}

const badState = () =>
  new AppError({
    code: 'OAUTH_STATE_INVALID',
    status: 400,
    message: 'This login attempt is unknown, expired or already used',
    suggestion: 'Start the login again (GET /auth/oauth/:provider) in this browser.',
  });

/**
 * OAuth login (authorization code; state stored hashed and single use, and bound to the browser
 * by an HttpOnly cookie; PKCE with Google): the user is created or linked by an address the
 * provider verified, gets the session cookie and lands on the dashboard.
 */
export function oauthRoutes(deps: OAuthDeps): Route[] {
  const byName = new Map(deps.providers.map((p) => [p.name, p]));
  const provider = (name: string) => {
    const p = byName.get(name as OAuthProvider['name']);
    if (!p)
      throw new AppError({
        code: 'OAUTH_PROVIDER_NOT_CONFIGURED',
        status: 404,
        message: `No OAuth login with "${name}" on this deployment`,
        suggestion: 'GET /auth/oauth-config lists the providers configured.',
      });
    return p;
  };
  const redirectUri = (name: string) => `${deps.publicUrl.replace(/\/$/, '')}/auth/oauth/${name}/callback`;
  const stateCookie = { httpOnly: true, sameSite: 'lax' as const, secure: deps.secureCookies, path: '/auth/oauth' };

  return [
    on.get(
      '/auth/oauth-config',
      policy.public,
      {
        tag: 'Account',
        summary: 'OAuth providers',
        description: 'Which OAuth logins this deployment offers (GET /auth/oauth/:provider starts one).',
        responses: {
          200: {
            description: 'Which providers are configured.',
            example: { github: true, google: false },
            schema: z.strictObject({ github: z.boolean(), google: z.boolean() }),
          },
        },
      },
      async (_req, res) => {
        res.json(providersOffered(deps.providers));
      },
    ),
    on.get(
      '/auth/oauth/:provider',
      policy.public,
      {
        tag: 'Account',
        summary: 'Start an OAuth login',
        description: 'Redirects the browser to the provider.',
        params: PROVIDER,
        responses: { 302: { description: "To the provider's authorization page." } },
        errors: { 404: { code: 'OAUTH_PROVIDER_NOT_CONFIGURED', description: 'The provider is not configured.' } },
      },
      async (req, res) => {
        const p = provider(String(req.params.provider));
        const state = crypto.randomBytes(32).toString('base64url');
        const codeVerifier = crypto.randomBytes(32).toString('base64url');
        await deps.accounts.saveOAuthState(hashKey(state), p.name, codeVerifier, STATE_MINUTES);
        res.cookie(STATE_COOKIE, state, { ...stateCookie, maxAge: STATE_MINUTES * 60_000 });
        res.redirect(302, await p.authorizationUrl({ state, codeVerifier, redirectUri: redirectUri(p.name) }));
      },
    ),
    on.get(
      '/auth/oauth/:provider/callback',
      policy.public,
      {
        tag: 'Account',
        summary: 'OAuth callback',
        description:
          'Where the provider sends the browser back: the state must be the one this browser started with, unused and at most 10 minutes old. Sets the session cookie and redirects to the dashboard.',
        params: PROVIDER,
        query: callbackQuery,
        responses: { 302: { description: 'To the dashboard, logged in.' } },
        errors: {
          400: {
            code: 'OAUTH_STATE_INVALID',
            description: 'Unknown, expired, used, or not this browser’s state (OAUTH_DENIED: the user refused at the provider).',
          },
          403: {
            code: 'EMAIL_NOT_VERIFIED',
            description: 'The provider has not verified the address (SIGNUP_DISABLED: no account has it, and signups are off).',
          },
          502: { code: 'OAUTH_FAILED', description: 'The provider refused the code or did not answer.' },
        },
      },
      async (req, res, { query }) => {
        const p = provider(String(req.params.provider));
        res.clearCookie(STATE_COOKIE, stateCookie);
        const cookieState = req.headers.cookie ? parseCookies(req.headers.cookie)[STATE_COOKIE] : undefined;
        const state = query.state;
        if (!state || !cookieState || state !== cookieState) throw badState();
        const codeVerifier = await deps.accounts.takeOAuthState(hashKey(state), p.name);
        if (!codeVerifier) throw badState();
        if (query.error)
          throw new AppError({
            code: 'OAUTH_DENIED',
            status: 400,
            message: `The login was not allowed at ${p.name}`,
            suggestion: 'Start again and allow the access, or log in with your email and password.',
          });
        const callbackUrl = new URL(req.originalUrl, redirectUri(p.name));
        const profile = await p.profile({ callbackUrl, state, codeVerifier, redirectUri: redirectUri(p.name) });
        if (!deps.signupEnabled && !(await deps.accounts.exists(profile.email)))
          throw forbidden('Signups are disabled on this deployment', 'SIGNUP_DISABLED', 'Ask an administrator to invite you.');
        const user = await deps.accounts.oauthUser(profile);
        res.cookie(...sessionCookie(deps, user.id, user.session_version));
        res.redirect(302, deps.dashboardUrl);
      },
    ),
  ];
}
