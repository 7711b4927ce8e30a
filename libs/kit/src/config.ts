import path from 'node:path';
import { z } from 'zod';

/**
 * Settings come only from the environment, validated at boot (fail fast). The variables here are
 * the process's own (topology, database, broker, ports); each service declares its own slice in
 * its descriptor, and a process validates only the slices of the services it runs.
 * docs/configuration.md documents every variable; test/config-docs.test.ts keeps the two in step.
 */
export const envBool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const port = z.coerce.number().int().min(0).max(65535);

/**
 * Values of secret settings that Herald's own files publish (the dev overlay's, docker-compose.yml's
 * former default): known to anyone, so never accepted in production. test/deploy keeps this list
 * in step with every literal secret in docker-compose.yml and deploy/.
 */
export const PUBLISHED_SECRETS: ReadonlySet<string> = new Set([
  'dev-only-not-a-secret-change-me-in-any-real-deployment',
  'dev-only-tracking-secret-change-me-in-any-real-deployment',
  '00000000000000000000000000000000000000000000000000000000000000de',
  'dev-only-internal-token-change-me-in-any-real-deployment',
]);

const secretSchemas = new WeakMap<z.ZodType, { required: boolean }>();

/**
 * Marks a setting as a secret: with NODE_ENV=production it must not hold a published value (see
 * PUBLISHED_SECRETS), and must be set unless `required` is false (a secret only some processes
 * need, which check it themselves); the process refuses to start and names it otherwise.
 */
export function secretSetting<T extends z.ZodType>(schema: T, opts: { required: boolean } = { required: true }): T {
  secretSchemas.set(schema, opts);
  return schema;
}

export const processSettings = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  TARGET: z.string().default('all'),
  PORT: port.optional(),
  GRPC_PORT: port.optional(),
  GRPC_HOST: z.string().default('0.0.0.0'),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  HERALD_DATA_DIR: z.string().default('.herald'),
  /** Unset: 54329 the first time if free, else a free port, remembered in <HERALD_DATA_DIR>/pg-port (see libs/db/src/embedded.ts). */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  AMQP_URL: z.string().default('amqp://guest:guest@127.0.0.1:5672'),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  BUS_TRANSPORT: z.enum(['memory', 'amqp']).optional(),
  /** All-in-one: 2 runs the services on a worker thread beside the edge's (default with more than one core), 1 runs everything on one. */
  ALL_IN_ONE_THREADS: z.coerce.number().int().min(1).max(2).optional(),
  RATE_LIMIT_STORE: z.enum(['memory', 'redis']).optional(),
  /** Prefix for RabbitMQ exchange/queue names and Redis keys, so several Heralds can share a broker. */
  HERALD_NAMESPACE: z
    .string()
    .regex(/^[a-z0-9_-]*$/)
    .default(''),
  GRPC_DEADLINE_MS: z.coerce.number().int().positive().default(5000),
  /**
   * The shared secret of Herald's internal gRPC calls: every call carries it, every server refuses
   * calls without it. Unset outside production: generated once into <HERALD_DATA_DIR>/internal-token.
   */
  INTERNAL_TOKEN: secretSetting(
    z.preprocess((v) => (v === '' ? undefined : v), z.string().min(32, 'must be at least 32 characters (for example: openssl rand -hex 32)').optional()),
    { required: false },
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Logs are appended to this file instead of stdout (logger.ts reads it; declared here so it is documented and checked). */
  LOG_FILE: z.string().min(1).optional(),
  /** Traces are recorded and exported there when set (tracing.ts reads it; declared here so a bad URL stops the process at boot). */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  /** The gateway's public address: links in mail (messaging) and cookies and origins (gateway). */
  PUBLIC_URL: z.string().url().optional(),
  /** DNS servers (comma-separated host[:port]) for domain verification and /v1/verify; empty = the system's. */
  DNS_SERVERS: z.string().default(''),
  /** How long consumers remember the events they handled (their inbox rows; see libs/bus/src/inbox.ts). */
  INBOX_RETENTION_DAYS: z.coerce.number().min(1).max(3650).default(7),
});

export type ProcessSettings = z.infer<typeof processSettings>;

export type Config = ProcessSettings & {
  targets: string[];
  busTransport: 'memory' | 'amqp';
  rateLimitStore: 'memory' | 'redis';
  dataDir: string;
  /** Per-service override: CONTACTS_DATABASE_URL, EVENTS_DATABASE_URL, … */
  databaseUrlFor(service: string): string | undefined;
};

/** In HERALD_DATA_DIR: the owner's password and the first API keys, written once at the first start (see the gateway). */
export const FIRST_RUN_FILE = 'first-run.txt';

/** A slice: the variables one service reads, with their rules and defaults. */
export type SettingsSlice = z.ZodObject<z.ZodRawShape>;

/**
 * The process's settings plus the given slices, validated together: every problem is named in one
 * error. A variable belongs to one slice only (see `checkSlices`).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, slices: SettingsSlice[] = []): Config {
  const schema = slices.reduce<SettingsSlice>((all, slice) => all.extend(slice.shape), processSettings);
  const parsed = schema.safeParse(env);
  const problems = parsed.success ? secretProblems(schema, parsed.data) : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  if (problems.length) throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  const c = parsed.data as ProcessSettings;
  const targets = c.TARGET.split(',')
    .map((t) => t.trim())
    .filter(Boolean);
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

function secretProblems(schema: SettingsSlice, values: Record<string, unknown>): string[] {
  if (values.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  for (const [key, setting] of Object.entries(schema.shape)) {
    const secret = secretSchemas.get(setting as z.ZodType);
    if (!secret) continue;
    const value = values[key];
    if (typeof value !== 'string' || value === '') {
      if (secret.required) problems.push(`${key}: must be set when NODE_ENV=production (for example: openssl rand -hex 32)`);
    } else if (PUBLISHED_SECRETS.has(value)) {
      problems.push(`${key}: this value is published in Herald's own files, so it is no secret; set one of your own (for example: openssl rand -hex 32)`);
    }
  }
  return problems;
}

/** Each variable is declared once: by the process, or by one slice. Returns the problems. */
export function checkSlices(slices: Array<{ owner: string; slice: SettingsSlice }>): string[] {
  const owners = new Map<string, string>(Object.keys(processSettings.shape).map((k) => [k, 'the process']));
  const problems: string[] = [];
  for (const { owner, slice } of slices) {
    for (const key of Object.keys(slice.shape)) {
      const first = owners.get(key);
      if (first) problems.push(`${key} is declared by ${first} and by ${owner}`);
      else owners.set(key, owner);
    }
  }
  return problems;
}
