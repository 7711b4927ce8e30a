import os from 'node:os';
import crypto from 'node:crypto';
import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { batchedLimiter, dnsResolver, logger } from '../../../libs/kit/src';
import type { HeraldModule } from '../../../libs/runtime/src/module';
import { devMailer, Mailer, smtpMailer } from './adapters/mailer';
import { MessagingRepo, outbox } from './adapters/repo';
import { SigningKeys } from './adapters/sender-cache';
import { compileUrlPattern, DEFAULT_SNS_CERT_URL_PATTERN, DEFAULT_SNS_SUBSCRIBE_URL_PATTERN, SnsCertificateFetcher } from './adapters/sns-certs';
import { deliver, DeliveryWrites } from './app/deliver';
import { messagingHandlers } from './app/handlers';
import { TokenSigner } from './domain/tokens';
import { migrations, SCHEMA } from './migrations';

const SWEEP_MS = 1000;
/** The sweep's safety net (`claimStranded`) runs at every this many sweeps, the first one included. */
const STRANDED_EVERY = 30;

/**
 * Templates, /v1/send, delivery (sender workers on the transactional and bulk work queues),
 * tracking, subscription pages, mail webhooks, /v1/verify.
 */
export function messagingModule(): HeraldModule {
  let started = false;
  let mailer: Mailer | undefined;
  let sweep: NodeJS.Timeout | undefined;
  let redis: Redis | undefined;

  return {
    name: 'messaging',
    deps: ['contacts', 'domains'],
    async migrateOnly(ctx) {
      await ctx.migrate(SCHEMA, ctx.db('messaging'), migrations);
    },
    async start(ctx) {
      const { config } = ctx;
      if (!config.SMTP_URL && config.NODE_ENV === 'production') {
        throw new Error('SMTP_URL is required in production (the dev mailbox is for development only)');
      }
      const db = ctx.db('messaging');
      await ctx.migrate(SCHEMA, db, migrations);
      const repo = new MessagingRepo(db);
      const tokens = new TokenSigner(config.TRACKING_SECRET ?? (await repo.setting('tracking_secret', () => crypto.randomBytes(32).toString('hex'))));
      const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT ?? 8080}`).replace(/\/$/, '');
      const composeThreads = config.SEND_COMPOSE_THREADS ?? Math.min(4, Math.max(1, os.availableParallelism() - 1));
      mailer = config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.SMTP_POOL_SIZE, composeThreads) : devMailer();

      // The per-project sending throttle holds across sender replicas when Redis is in use.
      const ns = config.HERALD_NAMESPACE ? `${config.HERALD_NAMESPACE}:` : '';
      const memory = new RateLimiterMemory({ points: config.SEND_RATE_PER_SECOND, duration: 1, keyPrefix: `${ns}herald:send` });
      let throttle: RateLimiterMemory | RateLimiterRedis = memory;
      if (config.rateLimitStore === 'redis') {
        redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
        redis.on('error', (err) => logger.warn({ err: err.message }, 'Redis error'));
        await redis.connect();
        throttle = new RateLimiterRedis({ storeClient: redis, points: config.SEND_RATE_PER_SECOND, duration: 1, keyPrefix: `${ns}herald:send`, insuranceLimiter: memory });
      }

      // DKIM keys by (project, domain), shared by /v1/send (is the sender verified?) and the sender workers.
      const signingKeys = new SigningKeys(ctx.clients.domains);
      ctx.provide(
        'messaging',
        messagingHandlers({
          repo,
          contacts: ctx.clients.contacts,
          domains: ctx.clients.domains,
          signingKeys,
          tokens,
          dns: dnsResolver(config.DNS_SERVERS),
          webhooks: {
            certs: new SnsCertificateFetcher(compileUrlPattern(config.SNS_CERT_URL_PATTERN, DEFAULT_SNS_CERT_URL_PATTERN)),
            subscribePattern: compileUrlPattern(config.SNS_SUBSCRIBE_URL_PATTERN, DEFAULT_SNS_SUBSCRIBE_URL_PATTERN, 'SNS_SUBSCRIBE_URL_PATTERN'),
            enforceReputation: config.REPUTATION_ENFORCEMENT,
            topicArns: config.SNS_TOPIC_ARNS.split(',').map((a) => a.trim()).filter(Boolean),
          },
          maxAttachmentBytes: config.MAX_ATTACHMENT_BYTES,
          devMailbox: !config.SMTP_URL && config.NODE_ENV !== 'production',
        }),
      );
      ctx.relay(db, SCHEMA);

      // Workers waiting on the same project take their points together (one Redis call per turn).
      const take = batchedLimiter(throttle, config.SEND_RATE_PER_SECOND, { name: 'send.throttle', concurrency: 2 });
      const delivery = { repo, writes: new DeliveryWrites(repo), mailer, signingKeys, tokens, publicUrl, throttle: take, maxAttempts: config.SEND_MAX_ATTEMPTS };
      for (const lane of ['transactional', 'bulk'] as const) {
        await ctx.work({
          queue: `messaging.send.${lane}`,
          type: 'messaging.email.queued.v1',
          lane,
          concurrency: config.SEND_CONCURRENCY,
          handler: (e, info) => deliver(delivery, e.projectId, (e.data as { emailId: string }).emailId, info.redelivered),
        });
      }

      // All-in-one keeps work items in memory: what a crash interrupted goes straight back on the
      // queue (at least once). With RabbitMQ the broker redelivers unacked work by itself.
      if (ctx.transport.name === 'memory') {
        const n = await repo.requeueInterrupted();
        if (n) logger.warn({ emails: n }, 'requeued emails interrupted by the last shutdown');
      }

      // Durable timers: retries that came due go back on the queue within a second; work a crash
      // dropped (which the broker's redelivery did not bring back) within half a minute more.
      let sweeps = 0;
      const tick = async () => {
        const stranded = sweeps++ % STRANDED_EVERY === 0;
        try {
          await db.tx(async (tx) => {
            const due = [...(await repo.claimRetries(tx, 500)), ...(stranded ? await repo.claimStranded(tx, 500) : [])];
            await outbox.enqueue(tx, due.map((e) => ({ type: 'messaging.email.queued.v1', projectId: e.project_id, data: { emailId: e.id, lane: e.lane } })));
          });
        } catch (err) {
          logger.warn({ err: (err as Error).message }, 'send sweep failed');
        }
      };
      sweep = setInterval(() => void tick(), SWEEP_MS);
      sweep.unref();
      started = true;
    },
    async stop() {
      started = false;
      if (sweep) clearInterval(sweep);
      mailer?.close();
      await redis?.quit().catch(() => undefined);
    },
    ready: () => started && (!redis || redis.status === 'ready'),
  };
}
