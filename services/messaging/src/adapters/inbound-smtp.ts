/**
 * Herald's own SMTP listener for inbound mail (INBOUND_SMTP_PORT, smtp-server): accepts mail for
 * the verified domains whose MX names Herald, refuses any other recipient at RCPT time (550),
 * advertises SIZE and refuses a larger message (552), and records what it accepts as
 * app/inbound.ts does for SES. A failure on Herald's side answers 451, so the sender retries.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { logger, metrics } from '../../../../libs/kit/src';
import { bareAddress, domainOf } from '../domain/inbound';
import { cachedRoutes, domainRoutes, projectsOf, receive, type InboundDeps } from '../app/inbound';

/** How long the listener remembers which projects a domain is for (a domain verified just now waits this long at most). */
export const ROUTES_TTL_MS = 5_000;

/** Recipients of one message, at most (RFC 5321 asks servers to take at least 100). */
export const MAX_RECIPIENTS = 100;

const smtpError = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

export interface InboundListener {
  readonly port: number;
  close(): Promise<void>;
}

export async function startInboundSmtp(deps: InboundDeps, opts: { port: number; host: string; name?: string }): Promise<InboundListener> {
  /** The projects each accepted recipient of a session's current message is for. */
  const accepted = new Map<string, Map<string, string[]>>();
  const routes = cachedRoutes(domainRoutes(deps.domains), ROUTES_TTL_MS);

  const server = new SMTPServer({
    name: opts.name,
    banner: 'Herald inbound mail',
    size: deps.maxBytes,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    hideSTARTTLS: true,
    logger: false,
    maxClients: 200,
    socketTimeout: 60_000,
    closeTimeout: 5_000,

    onMailFrom(_address, session, callback) {
      accepted.delete(session.id); // a new transaction
      callback();
    },

    onRcptTo(address, session, callback) {
      const rcpt = bareAddress(address.address);
      if (!rcpt) return callback(smtpError(553, '5.1.3 Bad recipient address syntax'));
      const mine = accepted.get(session.id) ?? new Map<string, string[]>();
      if ([...mine.values()].reduce((n, l) => n + l.length, 0) >= MAX_RECIPIENTS) return callback(smtpError(452, '4.5.3 Too many recipients'));
      projectsOf(routes, [rcpt], true).then(
        (projects) => {
          if (projects.size === 0) {
            metrics.inbound.inc({ via: 'smtp', outcome: 'refused' });
            return callback(smtpError(550, `5.7.1 Relaying denied: Herald does not receive mail for ${domainOf(rcpt)}`));
          }
          for (const [projectId, list] of projects) mine.set(projectId, [...(mine.get(projectId) ?? []), ...list]);
          accepted.set(session.id, mine);
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
        const projects = accepted.get(session.id) ?? new Map();
        accepted.delete(session.id);
        if (stream.sizeExceeded || size > deps.maxBytes) {
          metrics.inbound.inc({ via: 'smtp', outcome: 'refused' });
          return callback(smtpError(552, `5.3.4 Message too big: at most ${deps.maxBytes} bytes`));
        }
        const raw = Buffer.concat(chunks, size);
        const mailFrom = session.envelope.mailFrom;
        receive(
          deps,
          {
            via: 'smtp',
            sourceKey: `${session.id}.${session.transaction}`,
            recipients: session.envelope.rcptTo.map((r) => r.address),
            envelopeFrom: mailFrom ? mailFrom.address : undefined,
            raw,
            size,
          },
          projects,
        ).then(
          () => callback(null, 'Message accepted'),
          (err: Error) => {
            logger.warn({ err: err.message }, 'inbound SMTP: could not record a message');
            callback(smtpError(451, '4.3.0 Temporary failure, try again later'));
          },
        );
      });
    },

    onClose(session) {
      accepted.delete(session.id);
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
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
