/**
 * Component test: the sender's SMTP connections (SMTP_URL) against real SMTP servers on loopback
 * (smtp-server): plain, STARTTLS, implicit TLS, AUTH; connections kept and reused up to the pool
 * size; a refused recipient leaves the connection usable; a connection the server closed is
 * replaced; errors keep nodemailer's reply codes, so a 4xx is retried and a 5xx is final.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer, SMTPServerOptions } from 'smtp-server';
import { generate } from 'selfsigned';
import { smtpMailer } from '../../src/adapters/mailer';
import type { Mailer, Outgoing } from '../../src/app/ports';
import { isTemporary } from '../../src/domain/smtp';

interface Received {
  to: string[];
  raw: string;
  secure: boolean;
  user?: string;
}

interface TestServer {
  port: number;
  /** Connections the server accepted. */
  connections: number;
  received: Received[];
  close(): Promise<void>;
}

let tls: { key: string; cert: string };

beforeAll(async () => {
  const pems = await generate([{ name: 'commonName', value: 'smtp.test' }], { keySize: 2048, algorithm: 'sha256' });
  tls = { key: pems.private, cert: pems.cert };
});

async function startServer(options: Partial<SMTPServerOptions> = {}, listenPort = 0): Promise<TestServer> {
  const state = { connections: 0, received: [] as Received[] };
  const server = new SMTPServer({
    authOptional: true,
    disableReverseLookup: true,
    logger: false,
    key: tls.key,
    cert: tls.cert,
    onConnect(_session, cb) {
      state.connections++;
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        state.received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          secure: session.secure,
          user: session.user as string | undefined,
        });
        cb();
      });
    },
    ...options,
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
  });
  return {
    port,
    get connections() {
      return state.connections;
    },
    received: state.received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function message(to: string, n = 0): Outgoing {
  return {
    mail: { messageId: `<m${n}@sender.test>`, from: 'news@sender.test', to, subject: `Hello ${n}`, html: `<p>message ${n}</p>` },
    envelope: { from: 'bounces@sender.test', to: [to] },
  };
}

/** Errors from Node's own modules are not `instanceof` the Error of jest's sandbox. */
const isError = (e: unknown) => Object.prototype.toString.call(e) === '[object Error]';

const open: Array<{ close(): unknown }> = [];
function mailer(url: string, size = 2): Mailer {
  const m = smtpMailer(url, size, 0);
  open.push(m);
  return m;
}
const servers: TestServer[] = [];
async function server(options: Partial<SMTPServerOptions> = {}, port = 0) {
  const s = await startServer(options, port);
  servers.push(s);
  return s;
}

afterEach(async () => {
  open.splice(0).forEach((m) => m.close());
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

describe('SMTP connections (SMTP_URL)', () => {
  it('delivers 20 messages sent at once over no more connections than the pool size, and reuses them', async () => {
    const s = await server({ disabledCommands: ['STARTTLS'] });
    const m = mailer(`smtp://127.0.0.1:${s.port}`, 3);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => m.send(message(`to${i}@example.test`, i))));
    expect(results.every((r) => /^250/.test(r.response))).toBe(true);
    expect(results.map((r) => r.messageId)).toEqual(Array.from({ length: 20 }, (_, i) => `<m${i}@sender.test>`));
    expect(s.received.map((r) => r.to[0]).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `to${i}@example.test`).sort());
    expect(s.received.find((r) => r.to[0] === 'to7@example.test')!.raw).toContain('Subject: Hello 7');
    expect(s.connections).toBeLessThanOrEqual(3);
    await m.send(message('later@example.test', 99));
    expect(s.connections).toBeLessThanOrEqual(3);
    expect(s.received).toHaveLength(21);
  });

  it('upgrades with STARTTLS when the server offers it (tlsRejectUnauthorized=false for a self-signed certificate)', async () => {
    const s = await server();
    const m = mailer(`smtp://127.0.0.1:${s.port}?tlsRejectUnauthorized=false`);
    await m.send(message('tls@example.test'));
    expect(s.received[0].secure).toBe(true);
  });

  it('refuses a certificate it cannot verify unless told otherwise, as a temporary failure', async () => {
    const s = await server();
    const m = mailer(`smtp://127.0.0.1:${s.port}`);
    const err = await m.send(message('tls@example.test')).catch((e: unknown) => e);
    expect(isError(err)).toBe(true);
    expect(isTemporary(err)).toBe(true);
    expect(s.received).toHaveLength(0);
  });

  it('speaks implicit TLS for smtps://', async () => {
    const s = await server({ secure: true });
    const m = mailer(`smtps://127.0.0.1:${s.port}?tlsRejectUnauthorized=false`);
    await m.send(message('smtps@example.test'));
    expect(s.received[0]).toMatchObject({ secure: true, to: ['smtps@example.test'] });
  });

  it('logs in with the user and password of the URL (percent-decoded); a wrong password is a final failure', async () => {
    const onAuth: SMTPServerOptions['onAuth'] = (auth, _session, cb) =>
      auth.username === 'mailer' && auth.password === 'p@ss:word' ? cb(null, { user: auth.username }) : cb(new Error('Invalid credentials'));
    const s = await server({ authOptional: false, disabledCommands: ['STARTTLS'], allowInsecureAuth: true, onAuth });
    const ok = mailer(`smtp://mailer:${encodeURIComponent('p@ss:word')}@127.0.0.1:${s.port}`);
    await ok.send(message('auth@example.test'));
    expect(s.received[0].user).toBe('mailer');

    const bad = mailer(`smtp://mailer:wrong@127.0.0.1:${s.port}`);
    const err = (await bad.send(message('auth@example.test', 2)).catch((e: unknown) => e)) as { responseCode?: number };
    expect(err.responseCode).toBe(535);
    expect(isTemporary(err)).toBe(false);
    expect(s.received).toHaveLength(1);
  });

  it('keeps a connection after a refused recipient (550, final), a 451 or a 503 (temporary), and sends the next message on it', async () => {
    const onRcptTo: SMTPServerOptions['onRcptTo'] = (address, _session, cb) => {
      if (address.address.startsWith('gone')) return cb(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      if (address.address.startsWith('later')) return cb(Object.assign(new Error('try again later'), { responseCode: 451 }));
      if (address.address.startsWith('sequence')) return cb(Object.assign(new Error('bad sequence of commands'), { responseCode: 503 }));
      cb();
    };
    const s = await server({ disabledCommands: ['STARTTLS'], onRcptTo });
    const m = mailer(`smtp://127.0.0.1:${s.port}`, 1);
    await m.send(message('first@example.test', 1));

    const gone = (await m.send(message('gone@example.test', 2)).catch((e: unknown) => e)) as { responseCode?: number };
    expect(gone.responseCode).toBe(550);
    expect(isTemporary(gone)).toBe(false);
    const later = (await m.send(message('later@example.test', 3)).catch((e: unknown) => e)) as { responseCode?: number };
    expect(later.responseCode).toBe(451);
    expect(isTemporary(later)).toBe(true);
    const sequence = (await m.send(message('sequence@example.test', 4)).catch((e: unknown) => e)) as { responseCode?: number };
    expect(sequence.responseCode).toBe(503);
    expect(isTemporary(sequence)).toBe(true);

    await m.send(message('next@example.test', 5));
    expect(s.received.map((r) => r.to[0])).toEqual(['first@example.test', 'next@example.test']);
    expect(s.connections).toBe(1);
  });

  it('opens a new connection when the server closed an idle one', async () => {
    const s = await server({ disabledCommands: ['STARTTLS'], socketTimeout: 200 });
    const m = mailer(`smtp://127.0.0.1:${s.port}`, 1);
    await m.send(message('one@example.test', 1));
    await new Promise((r) => setTimeout(r, 600));
    await m.send(message('two@example.test', 2));
    expect(s.received.map((r) => r.to[0])).toEqual(['one@example.test', 'two@example.test']);
    expect(s.connections).toBe(2);
  });

  it('fails every waiting message temporarily when nothing listens, and sends once the server is back', async () => {
    const s = await server({ disabledCommands: ['STARTTLS'] });
    const port = s.port;
    await s.close();
    servers.splice(servers.indexOf(s), 1);
    const m = mailer(`smtp://127.0.0.1:${port}`, 2);
    const errors = await Promise.all(
      [1, 2, 3].map((n) =>
        m.send(message(`down${n}@example.test`, n)).then(
          () => undefined,
          (e: unknown) => e,
        ),
      ),
    );
    expect(errors.every((e) => isError(e) && isTemporary(e))).toBe(true);

    const back = await server({ disabledCommands: ['STARTTLS'] }, port);
    await m.send(message('up@example.test'));
    expect(back.received.map((r) => r.to[0])).toEqual(['up@example.test']);
  });

  it('refuses messages after close, as a temporary failure (another replica or the next start sends them)', async () => {
    const s = await server({ disabledCommands: ['STARTTLS'] });
    const m = mailer(`smtp://127.0.0.1:${s.port}`);
    await m.send(message('before@example.test'));
    m.close();
    const err = await m.send(message('after@example.test')).catch((e: unknown) => e);
    expect(isError(err)).toBe(true);
    expect(isTemporary(err)).toBe(true);
    expect(s.received).toHaveLength(1);
  });
});
