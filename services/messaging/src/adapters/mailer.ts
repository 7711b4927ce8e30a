import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { logger } from '../../../../libs/kit/src';

export interface Outgoing extends Mail.Options {
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

/** SMTP_URL: smtp://user:pass@host:port (STARTTLS when offered) or smtps:// (implicit TLS). */
export function smtpMailer(url: string, poolSize: number): Mailer {
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
  return {
    kind: 'smtp',
    async send(msg) {
      const info = await transport.sendMail(msg);
      return { messageId: info.messageId, response: info.response };
    },
    close: () => transport.close(),
  };
}

/** No SMTP_URL (development): render the full message and keep it for GET /dev/mailbox. */
export function devMailer(): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'dev',
    async send(msg) {
      const info = await transport.sendMail(msg);
      return { messageId: info.messageId, response: 'stored in the dev mailbox', raw: (info.message as Buffer).toString('utf8') };
    },
    close: () => transport.close(),
  };
}

/** SMTP reply codes 4xx and network trouble are worth retrying; 5xx are final. */
export function isTemporary(err: unknown): boolean {
  const e = err as { responseCode?: number; code?: string };
  if (typeof e.responseCode === 'number') return e.responseCode >= 400 && e.responseCode < 500;
  return ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'ECONNREFUSED', 'ECONNRESET', 'EDNS', 'EPIPE'].includes(e.code ?? '') || !e.code;
}
