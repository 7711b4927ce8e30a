import { AppError, logger } from '../../../../libs/kit/src';

/** What an OAuth login learns of the user: the address and whether the provider verified it. */
export interface OAuthProfile {
  email: string;
  verified: boolean;
}

/** One provider's authorization-code flow. */
export interface OAuthProvider {
  readonly name: 'github' | 'google';
  /** Where to send the browser; `codeVerifier` is used where the provider takes PKCE. */
  authorizationUrl(p: { state: string; codeVerifier: string; redirectUri: string }): Promise<string>;
  /** The code of the callback exchanged for a token, then the user's address. */
  profile(p: { callbackUrl: URL; state: string; codeVerifier: string; redirectUri: string }): Promise<OAuthProfile>;
}

/** Which providers are configured (GET /auth/oauth-config, GET /config's `features.authProviders`). */
export const providersOffered = (providers: readonly OAuthProvider[]) => ({
  github: providers.some((p) => p.name === 'github'),
  google: providers.some((p) => p.name === 'google'),
});

const providerFailed = (provider: string, why: string) => {
  logger.warn({ provider, why }, 'OAuth login failed at the provider');
  return new AppError({
    code: 'OAUTH_FAILED',
    status: 502,
    message: `The login with ${provider} did not complete`,
    suggestion: 'Try again; if it keeps failing, log in with your email and password.',
  });
};

/**
 * GitHub's OAuth app flow (not OpenID Connect): authorize and token on GITHUB_URL, then the REST
 * API's /user/emails for the primary address and whether GitHub verified it. Requests in GitHub's
 * documented form (JSON answers asked with Accept, a User-Agent, the token as a Bearer).
 */
export function githubProvider(o: { clientId: string; clientSecret: string; webUrl: string; apiUrl: string }): OAuthProvider {
  const web = o.webUrl.replace(/\/$/, '');
  const api = o.apiUrl.replace(/\/$/, '');
  const headers = (token?: string) => ({ accept: 'application/json', 'user-agent': 'Herald', ...(token ? { authorization: `Bearer ${token}` } : {}) });
  return {
    name: 'github',
    async authorizationUrl({ state, redirectUri }) {
      return `${web}/login/oauth/authorize?${new URLSearchParams({ client_id: o.clientId, redirect_uri: redirectUri, scope: 'read:user user:email', state, allow_signup: 'true' })}`;
    },
    async profile({ callbackUrl, redirectUri }) {
      const code = callbackUrl.searchParams.get('code') ?? '';
      const tokenRes = await fetch(`${web}/login/oauth/access_token`, {
        method: 'POST',
        headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: o.clientId, client_secret: o.clientSecret, code, redirect_uri: redirectUri }),
        signal: AbortSignal.timeout(10_000),
      });
      // GitHub answers a refused code with 200 and { error, error_description }.
      const token = (await tokenRes.json().catch(() => ({}))) as { access_token?: string; error?: string };
      if (!tokenRes.ok || !token.access_token) throw providerFailed('github', `token: ${tokenRes.status} ${token.error ?? ''}`);
      const emailsRes = await fetch(`${api}/user/emails`, {
        headers: { ...headers(token.access_token), accept: 'application/vnd.github+json' },
        signal: AbortSignal.timeout(10_000),
      });
      if (!emailsRes.ok) throw providerFailed('github', `user/emails: ${emailsRes.status}`);
      const emails = (await emailsRes.json()) as Array<{ email: string; primary: boolean; verified: boolean }>;
      const primary = Array.isArray(emails) ? emails.find((e) => e.primary) : undefined;
      if (!primary) throw providerFailed('github', 'no primary address');
      return { email: primary.email, verified: primary.verified === true };
    },
  };
}

/**
 * Google, or any OpenID Connect provider at GOOGLE_ISSUER: openid-client (discovery, PKCE S256,
 * state checked, ID token validated), then the userinfo endpoint for email and email_verified.
 */
export function oidcProvider(o: { clientId: string; clientSecret: string; issuer: string }): OAuthProvider {
  type Client = typeof import('openid-client', { with: { 'resolution-mode': 'import' } });
  let setup: Promise<{ client: Client; config: import('openid-client', { with: { 'resolution-mode': 'import' } }).Configuration }> | undefined;
  // openid-client is an ES module, loaded (and the issuer discovered) at the first login.
  const ready = () =>
    (setup ??= (async () => {
      const client: Client = await import('openid-client');
      const insecure = o.issuer.startsWith('http://') ? { execute: [client.allowInsecureRequests] } : undefined;
      const config = await client.discovery(new URL(o.issuer), o.clientId, o.clientSecret, undefined, insecure);
      return { client, config };
    })().catch((err) => {
      setup = undefined;
      throw providerFailed('google', `discovery: ${(err as Error).message}`);
    }));
  return {
    name: 'google',
    async authorizationUrl({ state, codeVerifier, redirectUri }) {
      const { client, config } = await ready();
      const challenge = await client.calculatePKCECodeChallenge(codeVerifier);
      return client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email',
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }).href;
    },
    async profile({ callbackUrl, state, codeVerifier, redirectUri }) {
      const { client, config } = await ready();
      try {
        const tokens = await client.authorizationCodeGrant(
          config,
          callbackUrl,
          { pkceCodeVerifier: codeVerifier, expectedState: state },
          { redirect_uri: redirectUri },
        );
        const sub = tokens.claims()?.sub;
        if (!sub) throw new Error('no ID token');
        const info = await client.fetchUserInfo(config, tokens.access_token, sub);
        if (typeof info.email !== 'string') throw new Error('no email in userinfo');
        return { email: info.email, verified: info.email_verified === true };
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw providerFailed('google', (err as Error).message);
      }
    },
  };
}
