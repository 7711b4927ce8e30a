import { z } from 'zod';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import cors from 'cors';
import express from 'express';
import { contracts, type Api } from '../../../libs/contracts/src';
import { checksAnswers, errorHandler, isReplyRoute, notFoundHandler, on, policy, type ReplyRoute } from '../../../libs/edge/src';
import { createPrivateFile, FIRST_RUN_FILE, logger, metrics } from '../../../libs/kit/src';
import { workOf } from '../../../libs/db/src';
import { defineService } from '../../../libs/runtime/src/service';
import { IdentityRepo } from './adapters/identity-repo';
import { OperationsRepo } from './adapters/operations-repo';
import { ProjectOperations } from './app/operations';
import { githubProvider, oidcProvider, providersOffered, type OAuthProvider } from './adapters/oauth';
import { Accounts } from './app/accounts';
import { Identity, type FirstRun } from './app/identity';
import { Members } from './app/members';
import type { SystemMail } from './app/ports';
import {
  AUTH_FAILURE_WINDOW_SECONDS,
  AUTH_FAILURES_PER_ACCOUNT,
  AUTH_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  AUTH_PER_ADDRESS_PER_MINUTE,
  authLimit,
} from './http/auth-limit';
import { gatewaySettings } from './config';
import { dashboardDir, dashboardFiles } from './http/dashboard';
import { fastLane } from './http/fast-lane';
import { KeyCache } from './http/keycache';
import { mountRoutes } from './http/mount';
import { markPlainJson, noteNonFinite, rejectUnsafeJson } from './http/json-guard';
import { openApiDocument, OPS_ROUTES } from './http/openapi';
import { rateLimiter } from './http/ratelimit';
import { referencePage } from './http/reference-page';
import { requestIdOf } from './http/request-id';
import { requestSpan } from './http/trace';
import { AccountDeps, accountRoutes, MAIL_ALLOWANCE, MAIL_WINDOW_MINUTES } from './http/routes/account';
import { memberRoutes } from './http/routes/members';
import { operationRoutes } from './http/routes/operations';
import { oauthRoutes } from './http/routes/oauth';
import { onboardingRoutes } from './http/routes/onboarding';
import { referenceRoutes, type Reference } from './http/routes/reference';
import { migrations, SCHEMA } from './migrations';

/**
 * The edge, the only public HTTP surface: accounts and projects, authentication (every route by
 * its declared policy), rate limits, and every service's routes, calling the services.
 */
export const gateway = defineService({
  name: 'gateway',
  placement: 'edge',
  httpPort: 8080,
  deploy: {
    about:
      'the only public HTTP surface: the API and the dashboard, authentication, rate limits, tracking and unsubscribe pages, webhook receivers. Egress: every other target, OAuth providers when configured.',
    size: 'standard',
    scaling: 'cpu',
  },
  calls: {
    messaging: contracts.messaging,
    billing: contracts.billing,
    contacts: contracts.contacts,
    domains: contracts.domains,
    campaigns: contracts.campaigns,
    workflows: contracts.workflows,
  },
  config: gatewaySettings,
  // A reset keeps the project's people (members, invitations) and its record of suspensions.
  schema: { name: SCHEMA, migrations, keepOnReset: ['memberships', 'invitations', 'project_suspensions'] },
  async start(ctx) {
    const { config } = ctx;
    const identity = new Identity(new IdentityRepo(ctx.db));
    const operations = new ProjectOperations(new OperationsRepo(ctx.db, config.PROJECT_WIPE_GRACE_MS), ctx.dataServices);
    const ns = config.HERALD_NAMESPACE ? `${config.HERALD_NAMESPACE}:` : '';

    // Key cache invalidations reach every gateway through Redis pub/sub (a subscriber needs a connection of its own).
    const redis = await ctx.redis();
    const subscriber = redis?.duplicate();
    subscriber?.on('error', (err) => logger.warn({ err: err.message }, 'Redis error'));
    await subscriber?.connect();
    const cache = new KeyCache(redis, subscriber, `${ns}herald:keys`);
    await cache.start();

    const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT ?? 8080}`;
    const dashboardUrl = config.DASHBOARD_URL ?? publicUrl;
    // Account mail goes through messaging, like every email.
    const mail: SystemMail = {
      async send(m) {
        await ctx.clients.messaging().SendSystemEmail({ to: m.to, subject: m.subject, text: m.text, html: '' });
      },
    };
    const accounts = new Accounts(identity, mail, { dashboardUrl, requireVerification: config.REQUIRE_EMAIL_VERIFICATION });
    const providers: OAuthProvider[] = [];
    if (config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET) {
      providers.push(
        githubProvider({
          clientId: config.GITHUB_CLIENT_ID,
          clientSecret: config.GITHUB_CLIENT_SECRET,
          webUrl: config.GITHUB_URL,
          apiUrl: config.GITHUB_API_URL,
        }),
      );
    }
    if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
      providers.push(oidcProvider({ clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET, issuer: config.GOOGLE_ISSUER }));
    }
    const deps: AccountDeps = {
      identity,
      accounts,
      members: new Members(identity.repo, mail, dashboardUrl),
      mailLimit: await ctx.limiter('auth:mail', MAIL_ALLOWANCE, MAIL_WINDOW_MINUTES * 60),
      cache,
      jwtSecret: await ctx.secret('JWT_SECRET'),
      secureCookies: publicUrl.startsWith('https://'),
      allowedOrigins: [publicUrl, config.DASHBOARD_URL].filter(Boolean).map((u) => new URL(u!).origin),
      signupEnabled: config.SIGNUP_ENABLED,
      messaging: ctx.clients.messaging,
    };

    const app = ctx.http;
    try {
      app.set('trust proxy', config.TRUST_PROXY);
    } catch (err) {
      throw new Error(`TRUST_PROXY: ${(err as Error).message} (use false, true, a hop count, or addresses and subnets such as "loopback, 10.0.0.0/8")`);
    }
    // A dashboard hosted apart (DASHBOARD_URL on another origin) calls the API with the session cookie.
    const dashboardOrigin = config.DASHBOARD_URL ? new URL(config.DASHBOARD_URL).origin : undefined;
    if (dashboardOrigin && dashboardOrigin !== new URL(publicUrl).origin) {
      app.use(
        cors({
          origin: [dashboardOrigin],
          credentials: true,
          allowedHeaders: ['Content-Type', 'X-Project-Id', 'X-Request-ID', 'Idempotency-Key', 'Authorization'],
          exposedHeaders: ['X-Request-ID', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After'],
          maxAge: 600,
        }),
      );
    }
    app.use((req, res, next) => {
      req.requestId = requestIdOf(req.headers['x-request-id']);
      res.set('X-Request-ID', req.requestId);
      const end = metrics.httpDuration.startTimer({ method: req.method });
      res.on('finish', () => end({ route: req.route?.path ?? 'unmatched', status: String(res.statusCode) }));
      req.span = requestSpan(req, res, () => req.route?.path ?? 'unmatched');
      next();
    });
    let reference: Reference | undefined;
    const storage = storageStatus(ctx.clients.messaging);
    const billing = billingStatus(ctx.clients.billing);
    const routes = [
      on.get(
        '/config',
        policy.public,
        {
          tag: 'Configuration',
          summary: 'What this deployment offers',
          responses: {
            200: {
              description: 'URLs and feature flags.',
              schema: z.strictObject({
                environment: z.enum(['development', 'production', 'test']),
                urls: z.strictObject({ api: z.string(), dashboard: z.string() }),
                features: z.strictObject({
                  billing: z.strictObject({ enabled: z.boolean() }),
                  storage: z.strictObject({ enabled: z.boolean() }),
                  authProviders: z.strictObject({ github: z.boolean(), google: z.boolean() }),
                  email: z.strictObject({ trackingToggleEnabled: z.boolean() }),
                  signup: z.strictObject({ enabled: z.boolean() }),
                }),
              }),
              example: {
                environment: 'production',
                urls: { api: 'https://mail.example.com', dashboard: 'https://mail.example.com' },
                features: {
                  billing: { enabled: false },
                  storage: { enabled: true },
                  authProviders: { github: false, google: false },
                  email: { trackingToggleEnabled: true },
                  signup: { enabled: true },
                },
              },
            },
          },
        },
        async (_req, res) => {
          res.json({
            environment: config.NODE_ENV,
            urls: { api: publicUrl, dashboard: dashboardUrl },
            features: {
              billing: { enabled: await billing.enabled() },
              storage: { enabled: await storage.enabled() },
              authProviders: providersOffered(providers),
              email: { trackingToggleEnabled: true },
              signup: { enabled: config.SIGNUP_ENABLED },
            },
          });
        },
      ),
      ...accountRoutes(deps),
      ...oauthRoutes({ ...deps, providers, publicUrl, dashboardUrl }),
      ...memberRoutes(deps.members, identity.repo),
      ...operationRoutes(operations, identity.repo, cache),
      ...onboardingRoutes(ctx.clients),
      ...referenceRoutes(() => reference!),
      ...ctx.serviceRoutes(),
    ];
    // JSON bodies are parsed here, but for the routes that take their body as received (`body:
    // 'text'`: signed webhooks, whose signature covers the exact bytes).
    const rawPaths = new Set(routes.flatMap((r) => (!isReplyRoute(r) && r.body === 'text' ? [r.path] : [])));
    const json = express.json({ limit: config.BODY_LIMIT, verify: markPlainJson, reviver: noteNonFinite });
    const jsonParser: express.RequestHandler = (req, res, next) => (rawPaths.has(req.path) ? next() : json(req, res, next));
    app.use(jsonParser);
    app.use(rejectUnsafeJson);
    // The reference is static: generated once, from every route the gateway serves and the runtime's own.
    const document = openApiDocument([...routes, ...OPS_ROUTES], { serverUrl: publicUrl });
    reference = { json: JSON.stringify(document), html: referencePage(document) };
    const limit = rateLimiter(config.RATE_LIMIT_PER_MINUTE, await ctx.limiter('rl', config.RATE_LIMIT_PER_MINUTE, 60));
    // The hottest routes go on the fast lane (API keys, plain JSON), before Express sees the request.
    ctx.httpFront(
      fastLane({
        auth: deps,
        limit,
        bodyLimit: config.BODY_LIMIT,
        checkAnswers: checksAnswers(config.NODE_ENV),
        routes: routes.filter((r): r is ReplyRoute => isReplyRoute(r) && !!r.fast),
      }),
    );
    const authLimited = authLimit({
      perAddress: await ctx.limiter('auth:address', AUTH_PER_ADDRESS_PER_MINUTE, 60),
      perAccountAndAddress: await ctx.limiter('auth:account-address', AUTH_FAILURES_PER_ACCOUNT_AND_ADDRESS, AUTH_FAILURE_WINDOW_SECONDS),
      perAccount: await ctx.limiter('auth:account', AUTH_FAILURES_PER_ACCOUNT, AUTH_FAILURE_WINDOW_SECONDS),
    });
    // A browser tab opening GET /dev/mailbox (it prefers HTML and names no key or project) is sent
    // to the dashboard's page of it; an API client (JSON or any type, a key) gets the JSON as before.
    // A middleware, not a route: the route itself stays the API's, behind its guard.
    app.use(function devMailboxInBrowser(req, res, next) {
      const browserTab =
        req.method === 'GET' &&
        req.path === '/dev/mailbox' &&
        req.accepts(['application/json', 'text/html']) === 'text/html' &&
        !req.get('authorization') &&
        !req.get('x-project-id');
      if (browserTab) res.redirect(303, `${dashboardUrl.replace(/\/$/, '')}/#/dev-mailbox`);
      else next();
    });
    mountRoutes(app, routes, { auth: deps, limit, authLimit: authLimited, db: ctx.db, checkAnswers: checksAnswers(config.NODE_ENV) });
    app.use(dashboardFiles(dashboardDir(config.DASHBOARD_DIR), { apiOrigins: [] }));
    app.use(notFoundHandler);
    app.use(errorHandler);

    let firstRun: { text: string; file: string } | undefined;
    await identity.bootstrap(config.OWNER_EMAIL, config.OWNER_PASSWORD, (b) => {
      const text = firstRunText(publicUrl, dashboardUrl, b);
      firstRun = { text, file: saveFirstRun([config.dataDir, os.tmpdir()], text) };
    });
    if (firstRun) showFirstRun(firstRun.text, firstRun.file);
    /** Disables (or enables) a project for `reason`; when that changed it, its API keys follow at once. */
    const setSuspended = async (projectId: string, disabled: boolean, reason: string) => {
      if (await (disabled ? identity.repo.disable(projectId, reason) : identity.repo.enable(projectId, reason))) await cache.invalidate(projectId);
    };
    return {
      consumer: {
        handlers: {
          // A critical bounce/complaint level disables the project; API keys stop working at once.
          'messaging.project.reputation_critical.v1': (e) => setSuspended(e.projectId, true, 'EMAIL_REPUTATION'),
          // A service wiped its part of a project's reset or delete.
          'runtime.project.wiped.v1': async (e, tx) => {
            await operations.store.confirm(workOf(tx), e.data.operationId, e.data.round, e.data.service, e.data.deleted);
          },
          // An invoice the payment provider could not collect disables the project; paid, it is enabled again.
          'billing.payment.failed.v1': (e) => setSuspended(e.projectId, true, 'PAYMENT_FAILED'),
          'billing.payment.succeeded.v1': (e) => setSuspended(e.projectId, false, 'PAYMENT_FAILED'),
        },
      },
      async stop() {
        await subscriber?.quit().catch(() => undefined);
      },
      ready: () => !subscriber || subscriber.status === 'ready',
    };
  },
});

/**
 * GET /config's `features.storage.enabled`: whether messaging can store image uploads (an S3
 * bucket, or a writable UPLOADS_DIR), asked at most every 30 s. While messaging does not answer,
 * uploads cannot work either: false, asked again at the next request.
 */
function storageStatus(messaging: () => Api<'messaging'>) {
  let known: { enabled: boolean; at: number } | undefined;
  return {
    async enabled(): Promise<boolean> {
      if (known && Date.now() - known.at < 30_000) return known.enabled;
      try {
        const { enabled } = await messaging().StorageStatus({});
        known = { enabled, at: Date.now() };
        return enabled;
      } catch (err) {
        logger.warn({ err: (err as Error).message }, 'GET /config: messaging did not say whether image storage is available; reporting it disabled');
        return false;
      }
    },
  };
}

/**
 * GET /config's `features.billing.enabled`: whether the billing service has a payment provider,
 * asked at most every 30 s. While billing does not answer: false, asked again at the next request.
 */
function billingStatus(billing: () => Api<'billing'>) {
  let known: { enabled: boolean; at: number } | undefined;
  return {
    async enabled(): Promise<boolean> {
      if (known && Date.now() - known.at < 30_000) return known.enabled;
      try {
        const { enabled } = await billing().Status({});
        known = { enabled, at: Date.now() };
        return enabled;
      } catch (err) {
        logger.warn({ err: (err as Error).message }, 'GET /config: billing did not say whether a payment provider is configured; reporting it disabled');
        return false;
      }
    },
  };
}

/** The owner's login and the first project's keys, as the first start hands them over. */
function firstRunText(url: string, dashboardUrl: string, b: FirstRun): string {
  return [
    '',
    '  Herald is ready — first start, save these now (the secret key is stored hashed and not shown again):',
    `  Dashboard:   ${dashboardUrl.replace(/\/$/, '')}/  (log in with the login below)`,
    `  API:         ${url}`,
    `  Login:       ${b.email}`,
    `  Password:    ${b.password}`,
    `  Project id:  ${b.projectId}`,
    `  Public key:  ${b.keys.public}`,
    `  Secret key:  ${b.keys.secret}`,
    '',
    `  Try it:  curl -X POST ${url}/v1/track -H "Authorization: Bearer ${b.keys.public}" \\`,
    `             -H "Content-Type: application/json" -d '{"event":"signed-up","email":"jane@example.com"}'`,
    '',
  ].join('\n');
}

/**
 * First start only, the one time the owner's password and the keys exist in clear: they are
 * written to `first-run.txt` in the first of `dirs` that takes it — the data directory, else
 * os.tmpdir() when the data directory is read-only (a split pod) — readable by its owner only.
 * Where none can be written this throws, and the first start does not happen (see
 * Identity.bootstrap). Returns the file.
 */
export function saveFirstRun(dirs: string[], text: string): string {
  const failures: string[] = [];
  for (const dir of dirs) {
    try {
      const file = path.join(dir, FIRST_RUN_FILE);
      fs.rmSync(file, { force: true }); // an earlier database's
      createPrivateFile(file, `${text}\n`);
      return file;
    } catch (err) {
      failures.push(`${dir}: ${(err as Error).message}`);
    }
  }
  throw new Error(`could not write the first-run credentials (${failures.join('; ')}); make HERALD_DATA_DIR writable and start again`);
}

/** On an interactive terminal, the credentials too; a log stream (stdout not a terminal) only gets where the file is. */
function showFirstRun(text: string, file: string) {
  if (process.stdout.isTTY) process.stdout.write(`${text}\n  (Saved in ${file}, readable only by you: delete it once you have them.)\n\n`);
  else logger.info({ file }, "first start: the owner's password and the API keys are in this file, readable only by its owner; save them, then delete it");
}
