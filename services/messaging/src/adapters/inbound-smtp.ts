/**
 * Herald's own SMTP listener for inbound mail (INBOUND_SMTP_PORT, smtp-server): accepts mail for
 * the verified domains whose MX names Herald, refuses any other recipient at RCPT time (550),
 * advertises SIZE and refuses a larger message (552), and records what it accepts as
 * app/inbound.ts does for SES. A failure on Herald's side answers 451, so the sender retries.
 */
import type { AddressInfo } from 'node:net';
import type { SMTPServerAddress, SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import { logger, metrics } from '../../../../libs/kit/src';
import { bareAddress, domainOf } from '../domain/inbound';
import { cachedRoutes, domainRoutes, projectsOf, receive, receiveUnsubscribe, type InboundDeps } from '../app/inbound';

/** How long the listener remembers which projects a domain is for (a domain verified just now waits this long at most). */
const ROUTES_TTL_MS = 5_000;

/** Recipients of one message, at most (RFC 5321 asks servers to take at least 100). */
const MAX_RECIPIENTS = 100;

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

export interface InboundListener {
  close(): Promise<void>;
}

export async function startInboundSmtp(deps: InboundDeps, opts: { port: number; host: string }): Promise<InboundListener> {
  /** The projects each accepted recipient is for (with its bare address), by the address smtp-server keeps in `session.envelope.rcptTo`. */
  const projectsOfRcpt = new WeakMap<SMTPServerAddress, Map<string, string[]>>();
  const routes = cachedRoutes(domainRoutes(deps.domains), ROUTES_TTL_MS);
  const unsubscribeAddress = deps.unsubscribe?.address;

  // Loaded only where the listener runs (INBOUND_SMTP_PORT).
  const { SMTPServer } = require('smtp-server') as typeof import('smtp-server');
  const server = new SMTPServer({
    banner: 'Herald inbound mail',
    size: deps.maxBytes,
    // smtp-server answers 452 past this many; a repeated RCPT replaces its entry, it does not add one.
    maxRecipients: MAX_RECIPIENTS,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    hideSTARTTLS: true,
    logger: false,
    maxClients: 200,
    socketTimeout: 60_000,
    closeTimeout: 5_000,

    onRcptTo(address, _session, callback) {
      const rcpt = bareAddress(address.address);
      if (!rcpt) return callback(smtpError(553, '5.1.3 Bad recipient address syntax'));
      if (rcpt === unsubscribeAddress) return callback();
      projectsOf(routes, [rcpt], true).then(
        (projects) => {
          if (projects.size === 0) {
            metrics.inbound.inc({ via: 'smtp', outcome: 'refused' });
            return callback(smtpError(550, `5.7.1 Relaying denied: Herald does not receive mail for ${domainOf(rcpt)}`));
          }
          projectsOfRcpt.set(address, projects);
          callback();
        },
        (err: Error) => {
          logger.warn({ err: err.message }, 'inbound SMTP: could not look the recipient domain up');
          callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
        },
      );
    },

    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= deps.maxBytes) chunks.push(c);
      });
      stream.on('error', () => undefined);
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          metrics.inbound.inc({ via: 'smtp', outcome: 'refused' });
          return callback(smtpError(552, `5.3.4 Message too big: at most ${deps.maxBytes} bytes`));
        }
        const projects = new Map<string, string[]>();
        for (const rcpt of session.envelope.rcptTo) {
          for (const [projectId, list] of projectsOfRcpt.get(rcpt) ?? []) projects.set(projectId, [...(projects.get(projectId) ?? []), ...list]);
        }
        const mailFrom = session.envelope.mailFrom;
        const mail = {
          via: 'smtp' as const,
          sourceKey: `${session.id}.${session.transaction}`,
          envelopeFrom: mailFrom ? mailFrom.address : undefined,
          raw: Buffer.concat(chunks, size),
          size,
        };
        const unsubscribe = session.envelope.rcptTo.some((r) => bareAddress(r.address) === unsubscribeAddress);
        Promise.all([unsubscribe ? receiveUnsubscribe(deps, mail) : undefined, projects.size ? receive(deps, mail, projects) : undefined]).then(
          () => callback(null, 'Message accepted'),
          (err: Error) => {
            logger.warn({ err: err.message }, 'inbound SMTP: could not record a message');
            callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
          },
        );
      });
    },
  });
  server.on('error', (err) => logger.warn({ err: err.message }, 'inbound SMTP listener error'));

  await new Promise<void>((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.server.once('error', onError);
    server.listen(opts.port, opts.host, () => {
      server.server.off('error', onError);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  logger.info({ port }, 'inbound SMTP listener started');
  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
