import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting Herald reads, validated once at boot (fail fast). docs/configuration.md documents
 * each one; keep the two in step.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  TARGET: z.string().default('all'),
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  GRPC_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  GRPC_HOST: z.string().default('0.0.0.0'),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  HERALD_DATA_DIR: z.string().default('.herald'),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),
  AMQP_URL: z.string().default('amqp://guest:guest@127.0.0.1:5672'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  BUS_TRANSPORT: z.enum(['memory', 'amqp']).optional(),
  /** All-in-one: 2 runs the services on a worker thread beside the gateway's (default with more than one core), 1 runs everything on one. */
  ALL_IN_ONE_THREADS: z.coerce.number().int().min(1).max(2).optional(),
  RATE_LIMIT_STORE: z.enum(['memory', 'redis']).optional(),
  /** Prefix for RabbitMQ exchange/queue names and Redis keys, so several Heralds can share a broker. */
  HERALD_NAMESPACE: z.string().regex(/^[a-z0-9_-]*$/).default(''),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(1000),
  JWT_SECRET: z.string().min(16).optional(),
  ENCRYPTION_KEY: z.preprocess((v) => (v === '' ? undefined : v), z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes): openssl rand -hex 32').optional()),
  PUBLIC_URL: z.string().url().optional(),
  DASHBOARD_URL: z.string().url().optional(),
  SIGNUP_ENABLED: bool.default(true),
  BODY_LIMIT: z.string().default('50mb'),
  GRPC_DEADLINE_MS: z.coerce.number().int().positive().default(5000),
  OWNER_EMAIL: z.string().email().default('owner@herald.local'),
  OWNER_PASSWORD: z.string().min(8).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CONTACTS_ADDR: z.string().default('127.0.0.1:50061'),
  EVENTS_ADDR: z.string().default('127.0.0.1:50062'),
  MESSAGING_ADDR: z.string().default('127.0.0.1:50063'),
  DOMAINS_ADDR: z.string().default('127.0.0.1:50064'),
  /** Domains: DNS servers for verification (comma-separated host[:port]); empty = the system's. */
  DNS_SERVERS: z.string().default(''),
  DOMAIN_RECHECK_SECONDS: z.coerce.number().positive().default(300),
  SPF_INCLUDE: z.string().min(1).default('amazonses.com'),
  RETURN_PATH_MX: z.string().min(1).default('feedback-smtp.us-east-1.amazonses.com'),
  /** Messaging: SMTP relay (smtp:// or smtps://, with user:pass@); empty = the dev mailbox (not in production). */
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional(),
  SMTP_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(5),
  SEND_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(16),
  /** Worker threads that build and DKIM-sign messages (0: in the event loop); default: cores − 1, 1 to 4. */
  SEND_COMPOSE_THREADS: z.coerce.number().int().min(0).max(32).optional(),
  SEND_RATE_PER_SECOND: z.coerce.number().positive().default(50),
  SEND_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  MAX_ATTACHMENT_BYTES: z.coerce.number().int().positive().default(10 * 1024 * 1024),
  SNS_CERT_URL_PATTERN: z.string().optional(),
  /** The SNS topics /webhooks/mail accepts (comma-separated ARNs); empty accepts none. */
  SNS_TOPIC_ARNS: z.string().default(''),
  SNS_SUBSCRIBE_URL_PATTERN: z.string().optional(),
  TRACKING_SECRET: z.string().min(16).optional(),
  /** A critical bounce or complaint level disables the project (EMAIL_REPUTATION). */
  REPUTATION_ENFORCEMENT: bool.default(true),
  /** How long consumers remember the events they handled (their inbox rows; see libs/bus/src/inbox.ts). */
  INBOX_RETENTION_DAYS: z.coerce.number().min(1).max(3650).default(7),
});

export type Config = z.infer<typeof schema> & {
  targets: string[];
  busTransport: 'memory' | 'amqp';
  rateLimitStore: 'memory' | 'redis';
  dataDir: string;
  /** Per-service override: CONTACTS_DATABASE_URL, EVENTS_DATABASE_URL, … */
  databaseUrlFor(service: string): string | undefined;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const c = parsed.data;
  const targets = c.TARGET.split(',').map((t) => t.trim()).filter(Boolean);
  const allInOne = targets.includes('all');
  return {
    ...c,
    targets,
    busTransport: c.BUS_TRANSPORT ?? (allInOne ? 'memory' : 'amqp'),
    rateLimitStore: c.RATE_LIMIT_STORE ?? (allInOne ? 'memory' : 'redis'),
    dataDir: path.resolve(c.HERALD_DATA_DIR),
    databaseUrlFor(service: string) {
      return env[`${service.toUpperCase()}_DATABASE_URL`] || c.DATABASE_URL;
    },
  };
}
