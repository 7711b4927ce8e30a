import { z } from 'zod';
import { envBool, secretSetting } from '../../../libs/kit/src';

/** The gateway's settings (docs/configuration.md, "Edge and accounts"). */
export const gatewaySettings = z.object({
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1000),
  JWT_SECRET: secretSetting(z.string().min(16).optional()),
  /** Where the dashboard is hosted when not by the gateway itself (its links in account mail; CORS with credentials). */
  DASHBOARD_URL: z.string().url().optional(),
  /** The dashboard's build the gateway serves at `/` (default: dist/dashboard, which `npm run build` writes). */
  DASHBOARD_DIR: z.string().min(1).optional(),
  SIGNUP_ENABLED: envBool.default(true),
  /** An unverified address may not log in (403 EMAIL_NOT_VERIFIED); off: it may, `emailVerified: false` on /users/@me. */
  REQUIRE_EMAIL_VERIFICATION: envBool.default(false),
  // OAuth login: a provider is offered when its client id and secret are both set.
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: secretSetting(z.string().min(1).optional(), { required: false }),
  /** GitHub's web address (the authorize and token endpoints); GitHub Enterprise, or a test server. */
  GITHUB_URL: z.string().url().default('https://github.com'),
  /** GitHub's REST API (/user, /user/emails). */
  GITHUB_API_URL: z.string().url().default('https://api.github.com'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: secretSetting(z.string().min(1).optional(), { required: false }),
  /** The OpenID Connect issuer Google logins go to (its discovery document is read at the first login). */
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  BODY_LIMIT: z.string().default('50mb'),
  /** A project's reset or delete wipes twice: the second round this long after every service confirmed the first. */
  PROJECT_WIPE_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  OWNER_EMAIL: z.string().email().default('owner@herald.local'),
  OWNER_PASSWORD: z.string().min(8).optional(),
  /**
   * Which proxies' X-Forwarded-For the gateway believes for the client's address (auth rate
   * limits): `false` (none: the socket's address), `true` (any), a hop count, or addresses and
   * subnets (`loopback, 10.0.0.0/8`), as Express's `trust proxy`.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | number | string => (v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v) ? Number(v) : v)),
});
