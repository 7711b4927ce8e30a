import type { Resolver } from 'node:dns/promises';
import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { Piscina } from 'piscina';
import { logger } from '../../../../libs/kit/src';
import type { Mailer, MxRoutes, Outgoing } from '../app/ports';
import type { ProviderLimits } from '../domain/shaping';
import { compose, ComposeTask } from './compose-worker';

/**
 * Builds and signs messages on up to `threads` worker threads (0: in the event loop), started with
 * the first message and stopped after a minute idle; each works on up to 16 messages at once
 * (nodemailer streams a message over several turns). The compiled worker file exists when running
 * from dist/; from TypeScript sources the work stays inline.
 */
function composer(threads: number): { build(msg: Outgoing): Promise<Buffer>; close(): Promise<void> } {
  const filename = path.join(__dirname, 'compose-worker.js');
  if (threads < 1 || !fs.existsSync(filename))
    return { build: (m) => compose({ mail: m.mail, dkim: m.dkim, textFrom: m.textFrom }), close: async () => undefined };
  const pool = new Piscina<ComposeTask, Buffer>({ filename, minThreads: 0, maxThreads: threads, idleTimeout: 60_000, concurrentTasksPerWorker: 16 });
  return { build: (m) => pool.run({ mail: m.mail, dkim: m.dkim, textFrom: m.textFrom }), close: () => pool.destroy() };
}

/**
 * Up to `size` SMTP connections (nodemailer's SMTPConnection), each carrying one message at a time
 * and kept open between messages. A message that is already built goes straight onto a connection:
 * through nodemailer's own pool it would pass through its message pipeline a second time, which
 * costs more CPU than the SMTP conversation itself (docs/decisions/0089-built-messages-go-straight-onto-smtp.md). A connection closed by either side, or one whose transaction failed
 * other than by a refusal, is dropped; the next message opens a new one.
 */
export class SmtpConnections {
  private readonly idle: SMTPConnection[] = [];
  private readonly waiting: Array<{ resolve: (conn: SMTPConnection) => void; reject: (err: Error) => void }> = [];
  private readonly gone = new WeakSet<SMTPConnection>();
  /** The transaction in progress on a connection: how to fail it if the connection ends without answering it. */
  private readonly inFlight = new Map<SMTPConnection, (err: Error) => void>();
  /** Connections open or being opened, and how many of them are being opened. */
  private count = 0;
  private opening = 0;
  private closed = false;

  constructor(
    private readonly options: SMTPConnection.Options,
    private readonly auth: SMTPConnection.AuthenticationCredentials | undefined,
    private readonly size: number,
    /** Messages one connection carries before it is closed (a provider's limit per connection). */
    private readonly perConnection = Infinity,
  ) {}

  private readonly carried = new WeakMap<SMTPConnection, number>();

  /** Sends one message; resolves with the server's reply, rejects with nodemailer's error (`responseCode`, `code`). */
  async send(envelope: { from: string; to: string[] }, raw: Buffer): Promise<string> {
    const conn = await this.acquire();
    let info: SMTPConnection.SentMessageInfo;
    try {
      info = await new Promise((resolve, reject) => {
        this.inFlight.set(conn, reject);
        // A copy: nodemailer keeps the envelope it is given and adds its bookkeeping to it.
        conn.send({ from: envelope.from, to: [...envelope.to] }, raw, (err, sent) => {
          this.inFlight.delete(conn);
          if (err) reject(err);
          else resolve(sent);
        });
      });
    } catch (err) {
      const e = err as { code?: string; responseCode?: number };
      // A refused envelope or message leaves the session usable: reset it and keep the connection.
      if ((e.code === 'EENVELOPE' || e.code === 'EMESSAGE') && e.responseCode !== 421 && !this.gone.has(conn)) {
        conn.reset((resetErr) => (resetErr ? this.discard(conn) : this.release(conn)));
      } else this.discard(conn);
      throw err;
    }
    this.release(conn);
    return info.response;
  }

  /** Refuses new messages and closes idle connections; busy ones close when their message is done (no QUIT: nothing waits for the server's goodbye). */
  close() {
    this.closed = true;
    for (const w of this.waiting.splice(0)) w.reject(Object.assign(new Error('the SMTP pool is closed'), { code: 'ECONNECTION' }));
    for (const conn of this.idle.splice(0)) this.discard(conn);
  }

  private acquire(): Promise<SMTPConnection> {
    if (this.closed) return Promise.reject(Object.assign(new Error('the SMTP pool is closed'), { code: 'ECONNECTION' }));
    const conn = this.idle.pop();
    if (conn) return Promise.resolve(conn);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.grow();
    });
  }

  /** Opens connections for waiting messages while there is room; a failed open fails the first of them. */
  private grow() {
    while (!this.closed && this.count < this.size && this.opening < this.waiting.length) {
      this.count++;
      this.opening++;
      this.open().then(
        (conn) => {
          this.opening--;
          this.release(conn);
          this.grow();
        },
        (err: Error) => {
          this.opening--;
          this.count--;
          logger.warn({ err: err.message }, 'could not open an SMTP connection');
          this.waiting.shift()?.reject(err);
          this.grow();
        },
      );
    }
  }

  private open(): Promise<SMTPConnection> {
    return new Promise((resolve, reject) => {
      const conn = new SMTPConnection(this.options);
      let ready = false;
      const fail = (err: Error) => {
        if (ready || this.gone.has(conn)) return;
        this.gone.add(conn);
        conn.close();
        reject(err);
      };
      // Once ready, an error or the end (the server closing an idle connection, a timeout) drops it;
      // a send in progress gets the same error through its callback.
      conn.on('error', (err: Error) => {
        if (!ready) return fail(err);
        logger.debug({ err: err.message }, 'SMTP connection dropped');
        this.drop(conn);
      });
      conn.once('end', () => {
        if (!ready) return fail(Object.assign(new Error('the SMTP server closed the connection'), { code: 'ECONNECTION' }));
        this.drop(conn);
        // SMTPConnection answers a transaction cut off by the connection's end through its callback,
        // except when it finds the socket destroyed while writing a command: then nothing answers.
        // A turn later (the callback, when it comes, comes first) the transaction fails temporarily.
        const pending = this.inFlight.get(conn);
        if (pending) {
          setImmediate(() => {
            this.inFlight.delete(conn);
            pending(Object.assign(new Error('the SMTP connection closed during the transaction'), { code: 'ECONNECTION' }));
          });
        }
      });
      const done = () => {
        if (this.gone.has(conn)) return;
        ready = true;
        resolve(conn);
      };
      conn.connect((err) => {
        if (err) return fail(err);
        if (!this.auth || !conn.allowsAuth) return done();
        conn.login(this.auth, (loginErr) => (loginErr ? fail(loginErr) : done()));
      });
    });
  }

  private release(conn: SMTPConnection) {
    if (this.gone.has(conn)) return;
    if (this.closed) return this.discard(conn);
    const n = (this.carried.get(conn) ?? -1) + 1; // the first release is the open's
    this.carried.set(conn, n);
    if (n >= this.perConnection) return this.discard(conn);
    const w = this.waiting.shift();
    if (w) w.resolve(conn);
    else this.idle.push(conn);
  }

  private discard(conn: SMTPConnection) {
    this.drop(conn);
    conn.close();
  }

  /** The connection is gone: forget it, and open another for a waiting message if there is one. */
  private drop(conn: SMTPConnection) {
    if (this.gone.has(conn)) return;
    this.gone.add(conn);
    this.count--;
    const i = this.idle.indexOf(conn);
    if (i >= 0) this.idle.splice(i, 1);
    this.grow();
  }
}

/**
 * SMTP_URL: smtp://user:pass@host:port (STARTTLS when offered) or smtps:// (implicit TLS). Messages
 * are built and DKIM-signed by the composer threads, then sent as they are over the connections.
 */
export function smtpMailer(url: string, poolSize: number, composeThreads: number): Mailer {
  const u = new URL(url);
  const connections = new SmtpConnections(
    {
      host: u.hostname,
      port: Number(u.port || (u.protocol === 'smtps:' ? 465 : 587)),
      secure: u.protocol === 'smtps:',
      tls: { rejectUnauthorized: u.searchParams.get('tlsRejectUnauthorized') !== 'false' },
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
    u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
    poolSize,
  );
  const builder = composer(composeThreads);
  return {
    kind: 'smtp',
    async send(msg) {
      const raw = await builder.build(msg);
      const response = await connections.send(msg.envelope, raw);
      return { messageId: String(msg.mail.messageId), response };
    },
    close: () => {
      connections.close();
      builder.close().catch(() => undefined);
    },
  };
}

/**
 * SMTP_URL=mx:// (optionally `mx://?port=2525&tlsRejectUnauthorized=false`): Herald is the MTA and
 * hands each message to the recipient domain's mail exchanger itself, best priority first, its
 * address looked up through DNS_SERVERS. One set of connections per exchanger address, as many as
 * the provider's limit, each closed after the provider's messages per connection
 * (domain/shaping.ts). A domain with no exchanger (a null MX, or DNS failing) is a temporary failure.
 */
export function mxMailer(
  url: string,
  opts: { resolver: Pick<Resolver, 'resolve4'>; routes: MxRoutes; limits: (provider: string) => ProviderLimits; composeThreads: number; heloName?: string },
): Mailer {
  const u = new URL(url);
  const port = Number(u.searchParams.get('port') ?? 25);
  const rejectUnauthorized = u.searchParams.get('tlsRejectUnauthorized') !== 'false';
  const pools = new Map<string, SmtpConnections>();
  const builder = composer(opts.composeThreads);
  const poolOf = (address: string, host: string, provider: string) => {
    let pool = pools.get(address);
    if (!pool) {
      const { connections, perConnection } = opts.limits(provider);
      pool = new SmtpConnections(
        {
          host: address,
          port,
          name: opts.heloName,
          tls: { rejectUnauthorized, servername: host },
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 30_000,
        },
        undefined,
        connections,
        perConnection,
      );
      pools.set(address, pool);
    }
    return pool;
  };
  // An exchanger's address, remembered 5 minutes (a failed lookup, 30 seconds), as the MX itself is.
  const addresses = new Map<string, { until: number; address: Promise<string | undefined> }>();
  const addressOf = (host: string): Promise<string | undefined> => {
    if (isIP(host)) return Promise.resolve(host);
    const hit = addresses.get(host);
    if (hit && Date.now() < hit.until) return hit.address;
    if (addresses.size >= 10_000) addresses.clear();
    const entry = { until: Infinity, address: Promise.resolve<string | undefined>(undefined) };
    entry.address = opts.resolver.resolve4(host).then(
      (list) => {
        entry.until = Date.now() + (list.length ? 300_000 : 30_000);
        return list[0];
      },
      () => {
        entry.until = Date.now() + 30_000;
        return undefined;
      },
    );
    addresses.set(host, entry);
    return entry.address;
  };
  const noExchanger = (domain: string) => Object.assign(new Error(`no mail exchanger answers for ${domain}`), { code: 'EDNS' });
  return {
    kind: 'smtp',
    async send(msg) {
      const to = msg.envelope.to[0] ?? '';
      const domain = to.slice(to.lastIndexOf('@') + 1);
      // Account mail comes without a route: looked up here.
      const route = msg.route ?? (await opts.routes.route(domain));
      const raw = await builder.build(msg);
      let last: unknown = noExchanger(domain);
      for (const host of route.hosts) {
        // An exchanger that cannot be reached gives way to the next; one that answers decides.
        const address = await addressOf(host);
        if (!address) continue;
        try {
          const response = await poolOf(address, host, route.provider).send(msg.envelope, raw);
          return { messageId: String(msg.mail.messageId), response };
        } catch (err) {
          last = err;
          if (typeof (err as { responseCode?: unknown }).responseCode === 'number') throw err;
        }
      }
      throw last;
    },
    close: () => {
      for (const pool of pools.values()) pool.close();
      builder.close().catch(() => undefined);
    },
  };
}

/** No SMTP_URL (development): render the full message and keep it for GET /dev/mailbox. */
export function devMailer(): Mailer {
  return {
    kind: 'dev',
    async send(msg) {
      const raw = (await compose({ mail: msg.mail, dkim: msg.dkim, textFrom: msg.textFrom })).toString('utf8').replace(/\r\n/g, '\n');
      return { messageId: String(msg.mail.messageId), response: 'stored in the dev mailbox', raw };
    },
    close: () => undefined,
  };
}
