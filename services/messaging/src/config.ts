import { z } from 'zod';
import { envBool, isValidEmail, secretSetting } from '../../../libs/kit/src';
import { DEFAULT_THRESHOLDS, type GuardrailThresholds } from './domain/guardrails';
import { providerPatternsSchema } from './domain/providers';
import { providerLimitsSchema, replyRulesSchema } from './domain/shaping';

/** A setting holding JSON, checked against `schema`: a bad one stops the boot naming the variable and the field. */
export function jsonSetting<T extends z.ZodType>(schema: T, example: string) {
  return z
    .string()
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown;
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `not JSON (${(err as Error).message}); for example: ${example}` });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

/** The messaging service's settings (docs/configuration.md, "Sending"). */
export const messagingSettings = z.object({
  /** SMTP relay (smtp:// or smtps://, with user:pass@), or mx:// to deliver to each recipient's MX directly; empty = the dev mailbox (not in production). */
  SMTP_URL: z
    .string()
    .regex(/^(smtps?|mx):\/\//, 'must start with smtp://, smtps:// or mx://')
    .optional(),
  /** More MX rules (JSON: [{"provider":"fastmail","mx":["*.messagingengine.com"]}]), checked before the built-in table (domain/providers.ts). */
  PROVIDER_MX_PATTERNS: jsonSetting(providerPatternsSchema, '[{"provider":"fastmail","mx":["*.messagingengine.com"]}]').default([]),
  SMTP_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(5),
  SEND_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(16),
  /** Worker threads that build and DKIM-sign messages (0: in the event loop); default: cores − 1, 1 to 4. */
  SEND_COMPOSE_THREADS: z.coerce.number().int().min(0).max(32).optional(),
  SEND_RATE_PER_SECOND: z.coerce.number().positive().default(50),
  SEND_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  MAX_ATTACHMENT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  SNS_CERT_URL_PATTERN: z.string().optional(),
  /** The SNS topics /webhooks/mail accepts (comma-separated ARNs); empty accepts none. */
  SNS_TOPIC_ARNS: z.string().default(''),
  SNS_SUBSCRIBE_URL_PATTERN: z.string().optional(),
  TRACKING_SECRET: secretSetting(z.string().min(16).optional()),
  /** A critical bounce or complaint level disables the project (EMAIL_REPUTATION). */
  REPUTATION_ENFORCEMENT: envBool.default(true),
  /** A domain Herald has not sent from before starts in warm-up (docs/deliverability.md, "Warm-up"); each domain's plan is its own setting after. */
  WARMUP_NEW_DOMAINS: envBool.default(true),
  // Traffic shaping (docs/deliverability.md, "Adaptive throttling").
  /** Connections and messages per connection per provider (JSON: {"google":{"connections":3}}), over the built-in table (domain/shaping.ts). */
  DELIVERABILITY_PROVIDER_LIMITS: jsonSetting(providerLimitsSchema, '{"google":{"connections":3,"perConnection":50}}').default({}),
  /** More reply rules (JSON: [{"name":"my-isp","match":"RL0000","action":"throttle","ratePerMinute":10,"minutes":120}]), checked before the built-in catalogue. */
  DELIVERABILITY_REPLY_RULES: jsonSetting(
    replyRulesSchema,
    '[{"name":"my-isp","match":"RL0000","action":"throttle","ratePerMinute":10,"minutes":120}]',
  ).default([]),
  /** The name Herald gives in EHLO when it delivers to MX hosts itself (SMTP_URL=mx://); default: the host's name. */
  SMTP_HELO_NAME: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'a host name')
    .optional(),
  /** Divides every deliverability duration (warm-up hours and days, throttle windows): 3600 makes an hour a second. For tests and demos; 1 in production. */
  DELIVERABILITY_TIME_SCALE: z.coerce.number().min(1).max(100_000).default(1),
  // Guardrails of each sending domain (docs/deliverability.md, "Guardrails").
  /** A window with fewer mails sent judges nothing. */
  GUARDRAILS_MIN_VOLUME: z.coerce.number().int().min(1).default(DEFAULT_THRESHOLDS.minVolume),
  /** Complaint rate (0.001 = 0.1 %) that warns, and that pauses the domain's marketing mail. */
  GUARDRAILS_COMPLAINT_WARN: z.coerce.number().gt(0).lt(1).default(DEFAULT_THRESHOLDS.complaintWarn),
  GUARDRAILS_COMPLAINT_PAUSE: z.coerce.number().gt(0).lt(1).default(DEFAULT_THRESHOLDS.complaintPause),
  /** Hard-bounce rates shown as a warning and as high. */
  GUARDRAILS_BOUNCE_WARN: z.coerce.number().gt(0).lt(1).default(DEFAULT_THRESHOLDS.bounceWarn),
  GUARDRAILS_BOUNCE_HIGH: z.coerce.number().gt(0).lt(1).default(DEFAULT_THRESHOLDS.bounceHigh),
  /** The sender of account mail: email verification, password reset, project invitations. */
  SYSTEM_FROM: z
    .string()
    .default('Herald <no-reply@herald.local>')
    .refine((v) => isValidEmail(/<([^>]+)>\s*$/.exec(v)?.[1] ?? v.trim()), 'must be an address or "Name <address>"'),
  // Inbound mail (docs/configuration.md, "Inbound mail").
  /** The SMTP listener's port; unset, no listener (SES Received notifications still work). */
  INBOUND_SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  INBOUND_SMTP_HOST: z.string().min(1).default('0.0.0.0'),
  /** The largest inbound message: the listener refuses larger ones (552), SES ones are recorded without their raw message. */
  INBOUND_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(40 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  INBOUND_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** An address Herald receives (the listener, or SES Received): marketing mail offers it as List-Unsubscribe's mailto. */
  UNSUBSCRIBE_MAILTO: z.string().trim().toLowerCase().refine(isValidEmail, 'must be an email address Herald receives mail for').optional(),
  // Image uploads (docs/configuration.md, "Image uploads"): a local directory, or S3 when S3_BUCKET is set.
  /** Unset: `uploads` in HERALD_DATA_DIR. */
  UPLOADS_DIR: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: secretSetting(z.string().min(1).optional(), { required: false }),
  S3_PUBLIC_URL: z.string().url().optional(),
  S3_FORCE_PATH_STYLE: envBool.default(false),
});

export function guardrailThresholds(c: z.infer<typeof messagingSettings>): GuardrailThresholds {
  return {
    minVolume: c.GUARDRAILS_MIN_VOLUME,
    complaintWarn: c.GUARDRAILS_COMPLAINT_WARN,
    complaintPause: c.GUARDRAILS_COMPLAINT_PAUSE,
    bounceWarn: c.GUARDRAILS_BOUNCE_WARN,
    bounceHigh: c.GUARDRAILS_BOUNCE_HIGH,
  };
}
