import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { Piscina } from 'piscina';
import { logger } from '../../../../libs/kit/src';
import { compose, ComposeTask } from './compose-worker';

/** A message to build and sign (see compose-worker.ts) and its envelope. */
export interface Outgoing extends ComposeTask {
  /** Envelope sender (return path) and recipients. */
  envelope: { from: string; to: string[] };
}

export interface Delivery {
  messageId: string;
  response: string;
}

/** Where mail goes: an SMTP relay through a connection pool, or the built-in dev mailbox. */
export interface Mailer {
  readonly kind: 'smtp' | 'dev';
  send(msg: Outgoing): Promise<Delivery & { raw?: string }>;
  close(): void;
}

/**
 * Builds and signs messages on up to `threads` worker threads (0: in the event loop), started with
 * the first message and stopped after a minute idle; each works on up to 16 messages at once
 * (nodemailer streams a message over several turns). The compiled worker file exists when running
 * from dist/; from TypeScript sources the work stays inline.
 */
function composer(threads: number): { build(msg: Outgoing): Promise<Buffer>; close(): Promise<void> } {
  const filename = path.join(__dirname, 'compose-worker.js');
  if (threads < 1 || !fs.existsSync(filename)) return { build: (m) => compose({ mail: m.mail, dkim: m.dkim }), close: async () => undefined };
  const pool = new Piscina<ComposeTask, Buffer>({ filename, minThreads: 0, maxThreads: threads, idleTimeout: 60_000, concurrentTasksPerWorker: 16 });
  return { build: (m) => pool.run({ mail: m.mail, dkim: m.dkim }), close: () => pool.destroy() };
}

/**
 * SMTP_URL: smtp://user:pass@host:port (STARTTLS when offered) or smtps:// (implicit TLS). Messages
 * are built and DKIM-signed by the composer threads, then sent as they are through the pool.
 */
export function smtpMailer(url: string, poolSize: number, composeThreads: number): Mailer {
  const u = new URL(url);
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: poolSize,
    maxMessages: Infinity,
    host: u.hostname,
    port: Number(u.port || (u.protocol === 'smtps:' ? 465 : 587)),
    secure: u.protocol === 'smtps:',
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
    tls: { rejectUnauthorized: u.searchParams.get('tlsRejectUnauthorized') !== 'false' },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  transport.on('error', (err) => logger.warn({ err: err.message }, 'SMTP pool error'));
  const builder = composer(composeThreads);
  return {
    kind: 'smtp',
    async send(msg) {
      const raw = await builder.build(msg);
      const info = await transport.sendMail({ envelope: msg.envelope, raw, messageId: msg.mail.messageId });
      return { messageId: info.messageId, response: info.response };
    },
    close: () => {
      transport.close();
      builder.close().catch(() => undefined);
    },
  };
}

/** No SMTP_URL (development): render the full message and keep it for GET /dev/mailbox. */
export function devMailer(): Mailer {
  return {
    kind: 'dev',
    async send(msg) {
      const raw = (await compose({ mail: msg.mail, dkim: msg.dkim })).toString('utf8').replace(/\r\n/g, '\n');
      return { messageId: String(msg.mail.messageId), response: 'stored in the dev mailbox', raw };
    },
    close: () => undefined,
  };
}

/** SMTP reply codes 4xx and network trouble are worth retrying; 5xx are final. */
export function isTemporary(err: unknown): boolean {
  const e = err as { responseCode?: number; code?: string };
  if (typeof e.responseCode === 'number') return e.responseCode >= 400 && e.responseCode < 500;
  return ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'ECONNREFUSED', 'ECONNRESET', 'EDNS', 'EPIPE'].includes(e.code ?? '') || !e.code;
}
