import os from 'node:os';
import { contracts } from '../../../libs/contracts/src';
import { batchedLimiter, dnsResolver, logger, metrics, type Timer } from '../../../libs/kit/src';
import { defineService } from '../../../libs/runtime/src/service';
import { devMailer, mxMailer, smtpMailer } from './adapters/mailer';
import { Shaping } from './adapters/shaping';
import { REPLY_RULES } from './domain/shaping';
import { MxDirectory } from './adapters/mx';
import { MX_PATTERNS } from './domain/providers';
import { BillingBlocks } from './adapters/billing-blocks';
import { Guardrails } from './adapters/guardrails';
import { Warmup } from './adapters/warmup';
import { MessagingRepo } from './adapters/repo';
import { SigningKeyCache } from './adapters/sender-cache';
import { imageStorage } from './adapters/storage';
import {
  compileUrlPattern,
  DEFAULT_SNS_CERT_URL_PATTERN,
  DEFAULT_SNS_SUBSCRIBE_URL_PATTERN,
  SnsCertificateFetcher,
  SnsSubscriptionConfirmer,
} from './adapters/sns-certs';
import { deliver, DeliveryWrites } from './app/deliver';
import { messagingHandlers } from './app/handlers';
import type { InboundDeps } from './app/inbound';
import { systemMailHandlers } from './app/system-mail';
import { uploadHandlers } from './app/uploads';
import { guardrailThresholds, messagingSettings } from './config';
import { TokenSigner } from './domain/tokens';
import { migrations, SCHEMA } from './migrations';
import { messagingConsumer } from './ports/consumers';
import { messagingRoutes } from './ports/http';
import { uploadRoutes } from './ports/uploads-http';
import { startInboundSmtp } from './adapters/inbound-smtp';
import type { MessagingStore } from './app/ports';

const SWEEP_MS = 1000;
/** The sweep's safety net (`claimStranded`) runs at every this many sweeps, the first one included. */
const STRANDED_EVERY = 30;
const LANES = ['transactional', 'bulk'] as const;
const queueOf = (lane: string) => `messaging.send.${lane}`;

/**
 * Templates, /v1/send, delivery (sender workers on the transactional and bulk work queues),
 * tracking, subscription pages, mail webhooks, /v1/verify.
 */
export const messaging = defineService({
  name: 'messaging',
  grpc: { contract: contracts.messaging, port: 50063 },
  httpPort: 8063,
  deploy: {
    about:
      'templates, sending (the /v1/send API behind the gateway) and the sender workers that consume the RabbitMQ work queues messaging.send.transactional and messaging.send.bulk; each worker holds up to SEND_CONCURRENCY messages (attachments up to MAX_ATTACHMENT_BYTES each) in memory while they are rendered and sent. Scaled on queue depth by KEDA (components/keda-sending), never by the CPU HPA. Needs SMTP_URL, TRACKING_SECRET and INTERNAL_TOKEN in Secret herald-secrets: it refuses to start in production without them. Egress: SMTP relay, DNS, the SNS certificate host. Image uploads (POST /uploads/image) are stored by these pods: their root file system is read-only, so set S3_BUCKET (and S3_ENDPOINT, S3_PUBLIC_URL, S3_FORCE_PATH_STYLE in herald-config; S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY in herald-secrets, or a pod role), or mount one ReadWriteMany volume at UPLOADS_DIR in every replica (a replica serves what another wrote). Without either, uploads answer 503 and GET /config reports storage disabled; sending is unaffected.',
    size: 'large',
    scaling: 'queue',
  },
  // Inbound mail straight to Herald (INBOUND_SMTP_PORT; deployments use 2525, their Service 25).
  listeners: {
    smtp: {
      port: 2525,
      setting: 'INBOUND_SMTP_PORT',
      servicePort: 25,
      about:
        'Inbound mail (docs/deploy.md "Inbound mail"): SMTP on port 25 to the listener of every messaging pod (INBOUND_SMTP_PORT=2525: the pods run as non-root). ClusterIP here: publish it where the internet reaches it (a LoadBalancer Service in your overlay), name that address in each domain\'s MX and in INBOUND_MX_HOST (herald-config). Until INBOUND_MX_HOST is set, it refuses every recipient.',
    },
  },
  calls: { contacts: contracts.contacts, domains: contracts.domains },
  config: messagingSettings,
  // A reset keeps the suppression list (a project must not mail bounced or complaining addresses
  // again) and the billing blocks it holds (a reset does not lift a cap).
  schema: { name: SCHEMA, migrations, keepOnReset: ['suppressions', 'billing_blocks'] },
  work: LANES.map((lane) => ({ queue: queueOf(lane), type: 'messaging.email.queued.v1' as const, lane })),
  routes: (api) => [...messagingRoutes(api), ...uploadRoutes(api)],
  async start(ctx) {
    const { config } = ctx;
    if (!config.SMTP_URL && config.NODE_ENV === 'production') {
      throw new Error('SMTP_URL is required in production (the dev mailbox is for development only)');
    }
    const repo = new MessagingRepo(ctx.db);
    const tokens = new TokenSigner(await ctx.secret('TRACKING_SECRET'));
    const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT ?? 8080}`).replace(/\/$/, '');
    const composeThreads = config.SEND_COMPOSE_THREADS ?? Math.min(4, Math.max(1, os.availableParallelism() - 1));
    const storage = imageStorage(config, config.dataDir, publicUrl);
    const dns = dnsResolver(config.DNS_SERVERS);
    // Recipient domains' MX and mailbox provider: the configured rules first, then the built-in table.
    const routes = new MxDirectory(dns, [...config.PROVIDER_MX_PATTERNS, ...MX_PATTERNS]);
    // Traffic shaping: the pace per (domain, provider) in each sender, catalogue throttles shared through the database.
    const shaping = new Shaping(ctx.db, {
      limits: config.DELIVERABILITY_PROVIDER_LIMITS,
      rules: [...config.DELIVERABILITY_REPLY_RULES, ...REPLY_RULES],
      timeScale: config.DELIVERABILITY_TIME_SCALE,
    });
    await shaping.refresh();
    const mailer = !config.SMTP_URL
      ? devMailer()
      : config.SMTP_URL.startsWith('mx:')
        ? mxMailer(config.SMTP_URL, { resolver: dns, routes, limits: (p) => shaping.limitsOf(p), composeThreads, heloName: config.SMTP_HELO_NAME })
        : smtpMailer(config.SMTP_URL, config.SMTP_POOL_SIZE, composeThreads);

    // DKIM keys by (project, domain), shared by /v1/send (is the sender verified?) and the sender workers.
    const signingKeys = new SigningKeyCache(ctx.clients.domains);
    // The billing categories blocked by their limit, held in memory: sends check them without a call.
    const billing = new BillingBlocks(ctx.db);
    await billing.refresh();
    // The guardrails of sending domains: the paused ones in memory on every replica.
    const guardrails = new Guardrails(ctx.db);
    await guardrails.refresh();
    const thresholds = guardrailThresholds(config);
    // Warm-up: plans and steps in memory on every replica; this hour's counts in the shared limiter store.
    const scale = config.DELIVERABILITY_TIME_SCALE;
    const warmup = new Warmup(ctx.db, await ctx.limiter('warmup', 1e9, Math.max(1, Math.round(3600 / scale))), {
      newDomains: config.WARMUP_NEW_DOMAINS,
      scale,
    });
    await warmup.refresh();
    // Received mail, from SES notifications (HandleMailNotification) and from the SMTP listener.
    const inbound: InboundDeps = { repo, contacts: ctx.clients.contacts, domains: ctx.clients.domains, maxBytes: config.INBOUND_MAX_BYTES };
    const handlers = messagingHandlers({
      repo,
      contacts: ctx.clients.contacts,
      domains: ctx.clients.domains,
      signingKeys,
      tokens,
      dns,
      webhooks: {
        certs: new SnsCertificateFetcher(compileUrlPattern(config.SNS_CERT_URL_PATTERN, DEFAULT_SNS_CERT_URL_PATTERN)),
        subscriptions: new SnsSubscriptionConfirmer(
          compileUrlPattern(config.SNS_SUBSCRIBE_URL_PATTERN, DEFAULT_SNS_SUBSCRIBE_URL_PATTERN, 'SNS_SUBSCRIBE_URL_PATTERN'),
        ),
        enforceReputation: config.REPUTATION_ENFORCEMENT,
        topicArns: config.SNS_TOPIC_ARNS.split(',')
          .map((a) => a.trim())
          .filter(Boolean),
        inbound,
        guardrails: { guardrails, thresholds },
      },
      maxAttachmentBytes: config.MAX_ATTACHMENT_BYTES,
      devMailbox: !config.SMTP_URL && config.NODE_ENV !== 'production',
      billing,
      unsubscribeMailto: config.UNSUBSCRIBE_MAILTO !== undefined,
      warmup: { store: warmup, scale },
      shaping,
    });

    // A List-Unsubscribe mailto that arrives does what the hosted page's button does.
    if (config.UNSUBSCRIBE_MAILTO) {
      inbound.unsubscribe = {
        address: config.UNSUBSCRIBE_MAILTO,
        apply: async (token) => void (await handlers.SetSubscription({ token, subscribed: false }, {})),
      };
    }

    // The per-project sending throttle holds across sender replicas when Redis is in use; workers
    // waiting on the same project take their points together (one Redis call per turn).
    const throttle = batchedLimiter(await ctx.limiter('send', config.SEND_RATE_PER_SECOND, 1), config.SEND_RATE_PER_SECOND, {
      name: 'send.throttle',
      concurrency: 2,
    });
    const delivery = {
      repo,
      writes: new DeliveryWrites(repo),
      mailer,
      routes,
      signingKeys,
      tokens,
      publicUrl,
      unsubscribeMailto: config.UNSUBSCRIBE_MAILTO,
      throttle,
      maxAttempts: config.SEND_MAX_ATTEMPTS,
      guardrails,
      warmup,
      shaping,
    };
    const worker = {
      handler: (e: { projectId: string; data: unknown }, info: { redelivered: boolean }) =>
        deliver(delivery, e.projectId, (e.data as { emailId: string }).emailId, info.redelivered),
      concurrency: config.SEND_CONCURRENCY,
    };

    // All-in-one keeps work items in memory: what a crash interrupted goes straight back on the
    // queue (at least once). With RabbitMQ the broker redelivers unacked work by itself.
    if (ctx.transport === 'memory') {
      const n = await repo.requeueInterrupted();
      if (n) logger.warn({ emails: n }, 'requeued emails interrupted by the last shutdown');
    }

    // Inbound mail straight to Herald (docs/decisions/README.md, "Inbound mail"): every messaging process
    // listens when INBOUND_SMTP_PORT is set.
    const listener = config.INBOUND_SMTP_PORT ? await startInboundSmtp(inbound, { port: config.INBOUND_SMTP_PORT, host: config.INBOUND_SMTP_HOST }) : undefined;

    const unsample = metrics.onScrape([metrics.sendQueueDepth, metrics.sendQueueOldest], () => sampleSendQueue(repo));

    return {
      grpc: { ...handlers, ...uploadHandlers(storage), ...systemMailHandlers({ mailer, repo, from: config.SYSTEM_FROM }) },
      consumer: messagingConsumer(repo, billing),
      work: Object.fromEntries(LANES.map((lane) => [queueOf(lane), worker])),
      timers: [sendSweep(repo), billing.timer(), guardrails.timer(), shaping.timer(), ...warmup.timers(), inboundPurge(repo, config.INBOUND_RETENTION_DAYS)],
      async stop() {
        await listener?.close();
        unsample();
        mailer.close();
        storage.close();
      },
    };
  },
});

/** Received messages (their raw message with them) go INBOUND_RETENTION_DAYS after they came: a minute after start, then hourly. */
function inboundPurge(repo: MessagingStore, days: number): Timer {
  return {
    name: 'messaging.inbound.purge',
    everyMs: 3_600_000,
    firstAfterMs: 60_000,
    async run(stopped) {
      let purged = 0;
      for (let n = 1; n > 0 && !stopped(); purged += n) n = await repo.purgeInbound(days, 1000);
      if (purged) logger.info({ purged, days }, 'inbound messages past their retention deleted');
    },
  };
}

/** herald_send_queue_depth and herald_send_queue_oldest_seconds: emails queued, not yet with a sender, per lane. */
async function sampleSendQueue(repo: MessagingRepo) {
  const rows = await repo.db.query<{ lane: string; n: number; oldest: number }>(
    `SELECT lane, count(*)::int AS n, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest
       FROM messaging.emails WHERE status = 'queued' GROUP BY lane`,
  );
  for (const lane of LANES) {
    const r = rows.find((x) => x.lane === lane);
    metrics.sendQueueDepth.set({ lane }, r?.n ?? 0);
    metrics.sendQueueOldest.set({ lane }, Math.max(0, r?.oldest ?? 0));
  }
}

/**
 * Durable timers: retries that came due go back on the queue within a second; work a crash
 * dropped (which the broker's redelivery did not bring back) within half a minute more.
 */
function sendSweep(repo: MessagingRepo): Timer {
  let sweeps = 0;
  return {
    name: 'messaging.sweep',
    everyMs: SWEEP_MS,
    async run() {
      const stranded = sweeps++ % STRANDED_EVERY === 0;
      await repo.db.tx(async (tx) => {
        const due = [...(await repo.claimRetries(tx, 500)), ...(stranded ? await repo.claimStranded(tx, 500) : [])];
        await repo.outbox.enqueue(
          tx,
          due.map((e) => ({ type: 'messaging.email.queued.v1', projectId: e.project_id, data: { emailId: e.id, lane: e.lane } })),
        );
      });
    },
  };
}
