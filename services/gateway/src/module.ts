import crypto from 'node:crypto';
import express from 'express';
import Redis from 'ioredis';
import { logger, metrics } from '../../../libs/kit/src';
import type { HeraldModule, ModuleContext } from '../../../libs/runtime/src/module';
import { IdentityRepo } from './adapters/identity-repo';
import { Identity } from './app/identity';
import { projectAuth } from './http/auth';
import { errorHandler, notFoundHandler } from './http/errors';
import { fastLane } from './http/fast-lane';
import { KeyCache } from './http/keycache';
import { markNulFree, rejectNul } from './http/nul';
import { rateLimiter } from './http/ratelimit';
import { AccountDeps, accountRouter } from './http/routes/account';
import { contactsRouter } from './http/routes/contacts';
import { domainsRouter } from './http/routes/domains';
import { messagingRouter, publicMessagingRouter, sender, sendLane } from './http/routes/messaging';
import { eventsRouter, trackHandler, tracker, trackLane } from './http/routes/events';
import { requestIdOf } from './http/request-id';
import { migrations, SCHEMA } from './migrations';

/** The only public HTTP surface: auth, key scoping, rate limits, validation, routing to services. */
export function gatewayModule(): HeraldModule {
  let redis: Redis[] = [];
  let started = false;

  return {
    name: 'gateway',
    deps: ['contacts', 'events', 'messaging', 'domains'],
    async migrateOnly(ctx) {
      await ctx.migrate(SCHEMA, ctx.db('gateway'), migrations);
    },
    async start(ctx: ModuleContext) {
      const { config } = ctx;
      const db = ctx.db('gateway');
      await ctx.migrate(SCHEMA, db, migrations);
      const identity = new Identity(new IdentityRepo(db));
      const ns = config.HERALD_NAMESPACE ? `${config.HERALD_NAMESPACE}:` : '';

      let cache: KeyCache;
      let limiterStore: Redis | undefined;
      if (config.rateLimitStore === 'redis') {
        const opts = { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true };
        const [store, pub, sub] = [new Redis(config.REDIS_URL, opts), new Redis(config.REDIS_URL, opts), new Redis(config.REDIS_URL, { lazyConnect: true })];
        redis = [store, pub, sub];
        for (const r of redis) r.on('error', (err) => logger.warn({ err: err.message }, 'Redis error'));
        await Promise.all(redis.map((r) => r.connect()));
        limiterStore = store;
        cache = new KeyCache(pub, sub, `${ns}herald:keys`);
      } else {
        cache = new KeyCache();
      }
      await cache.start();

      const jwtSecret = config.JWT_SECRET ?? (await identity.repo.setting('jwt_secret', () => crypto.randomBytes(32).toString('hex')));
      const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT ?? 8080}`;
      const deps: AccountDeps = {
        identity,
        cache,
        jwtSecret,
        secureCookies: publicUrl.startsWith('https://'),
        allowedOrigins: [publicUrl, config.DASHBOARD_URL].filter(Boolean).map((u) => new URL(u!).origin),
        signupEnabled: config.SIGNUP_ENABLED,
        messaging: ctx.clients.messaging,
      };

      const app = ctx.http;
      app.set('trust proxy', true);
      app.use((req, res, next) => {
        req.requestId = requestIdOf(req.headers['x-request-id']);
        res.set('X-Request-ID', req.requestId);
        const end = metrics.httpDuration.startTimer({ method: req.method });
        res.on('finish', () => end({ route: req.route?.path ?? 'unmatched', status: String(res.statusCode) }));
        next();
      });
      app.use(express.json({ limit: config.BODY_LIMIT, verify: markNulFree }));
      app.use(rejectNul);

      app.get('/config', (_req, res) => {
        res.json({
          environment: config.NODE_ENV,
          urls: { api: publicUrl, dashboard: config.DASHBOARD_URL ?? publicUrl },
          features: {
            billing: { enabled: false },
            storage: { enabled: false },
            authProviders: { github: false, google: false },
            email: { trackingToggleEnabled: true },
            signup: { enabled: config.SIGNUP_ENABLED },
          },
        });
      });
      // The hottest routes: on the fast lane (API keys, plain JSON), and first among Express's, so
      // what the lane leaves (sessions, Idempotency-Key…) does not walk the account and public routers.
      const limit = rateLimiter(config.RATE_LIMIT_PER_MINUTE, limiterStore, `${ns}herald:rl`);
      const track = tracker(ctx.clients.events);
      const send = sender(ctx.clients.messaging);
      ctx.httpFront(fastLane({ auth: deps, limit, bodyLimit: config.BODY_LIMIT, routes: { '/v1/track': trackLane(track), '/events/track': trackLane(track), '/v1/send': sendLane(send) } }));
      const trackRoute = [projectAuth(deps, { allowPublic: true }), limit.middleware, trackHandler(track, db)];
      for (const path of ['/v1/track', '/events/track']) app.post(path, ...trackRoute);
      app.use(accountRouter(deps));
      app.use(publicMessagingRouter(ctx.clients.messaging));
      const secret = [projectAuth(deps, { allowPublic: false }), limit.middleware];
      app.use(['/contacts', '/events', '/domains', '/templates', '/v1/send', '/v1/verify', '/dev/mailbox'], ...secret);
      app.use(contactsRouter(ctx.clients.contacts));
      app.use(messagingRouter(ctx.clients.messaging, db, send));
      app.use(domainsRouter(ctx.clients.domains));
      app.use(eventsRouter(ctx.clients.events));
      app.use(notFoundHandler);
      app.use(errorHandler);

      ctx.relay(db, SCHEMA);
      await ctx.subscribe({
        service: 'gateway',
        db,
        schema: SCHEMA,
        handlers: {
          // A critical bounce/complaint level disables the project; API keys stop working at once.
          'messaging.project.reputation_critical.v1': async (e) => {
            if (await identity.repo.disable(e.projectId, 'EMAIL_REPUTATION')) await cache.invalidate(e.projectId);
          },
        },
      });

      const boot = await identity.bootstrap(config.OWNER_EMAIL, config.OWNER_PASSWORD);
      if (boot) printFirstRun(publicUrl, boot);
      started = true;
    },
    async stop() {
      started = false;
      await Promise.all(redis.map((r) => r.quit().catch(() => undefined)));
    },
    ready: () => started && redis.every((r) => r.status === 'ready'),
  };
}

/** First start only: the one time the owner's password and the keys are shown (stdout, never the log). */
function printFirstRun(url: string, b: { email: string; password: string; projectId: string; keys: { public: string; secret: string } }) {
  process.stdout.write(
    [
      '',
      '  Herald is ready — first start, save these now (keys are stored hashed and not shown again):',
      `  URL:         ${url}`,
      `  Login:       ${b.email}`,
      `  Password:    ${b.password}`,
      `  Project id:  ${b.projectId}`,
      `  Public key:  ${b.keys.public}`,
      `  Secret key:  ${b.keys.secret}`,
      '',
      `  Try it:  curl -X POST ${url}/v1/track -H "Authorization: Bearer ${b.keys.public}" \\`,
      `             -H "Content-Type: application/json" -d '{"event":"signed-up","email":"jane@example.com"}'`,
      '',
    ].join('\n') + '\n',
  );
}

