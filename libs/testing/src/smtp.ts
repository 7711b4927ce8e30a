import { SMTPServer } from 'smtp-server';
import { simpleParser, ParsedMail } from 'mailparser';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  raw: string;
  parsed: ParsedMail;
  /** Date.now() when the message's data ended. */
  receivedAt: number;
}

/**
 * A real SMTP server on loopback (smtp-server) standing in for the outside world: it accepts every
 * message and keeps the raw source and the parsed form. `failNext(n, code)` answers the next n
 * messages with an SMTP error (4xx temporary, 5xx permanent); `holdReplies()` keeps messages but
 * holds their 250 until released, as a slow server does (the recipient may read one before the
 * sender learns it was accepted).
 */
export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  /** Every message's data as it ended, with the code answered (250 for those kept in `messages`). */
  readonly answers: Array<{ at: number; code: number }> = [];
  /** Answers every message from now on, while set: a reply to give instead of 250, or undefined to accept it. */
  answer?: () => { code: number; message: string } | undefined;
  private failures: Array<{ code: number; message: string }> = [];
  private waiters: Array<() => void> = [];
  private held?: Promise<void>;

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
  ) {}

  /** Listens on `host` (any loopback address: 127.0.0.1 unless told) and `port` (any free one unless told). */
  static async start(opts: { host?: string; port?: number } = {}): Promise<SmtpSink> {
    let sink!: SmtpSink;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      size: 64 * 1024 * 1024,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', async () => {
          const receivedAt = Date.now();
          const failure = sink.failures.shift() ?? sink.answer?.();
          sink.answers.push({ at: receivedAt, code: failure?.code ?? 250 });
          if (failure) {
            const err = Object.assign(new Error(failure.message), { responseCode: failure.code });
            return callback(err);
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          const parsed = await simpleParser(raw);
          sink.messages.push({
            envelope: { from: (session.envelope.mailFrom as any)?.address ?? '', to: session.envelope.rcptTo.map((r) => r.address) },
            raw,
            parsed,
            receivedAt,
          });
          sink.waiters.splice(0).forEach((w) => w());
          await sink.held;
          callback();
        });
      },
    });
    const port = await new Promise<number>((resolve, reject) => {
      server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => resolve((server.server.address() as any).port));
      server.on('error', reject);
    });
    sink = new SmtpSink(server, port);
    return sink;
  }

  get url() {
    return `smtp://${(this.server.server.address() as { address: string }).address}:${this.port}`;
  }

  failNext(n: number, code: number, message = code >= 500 ? 'mailbox unavailable' : 'try again later') {
    for (let i = 0; i < n; i++) this.failures.push({ code, message });
  }

  /** Holds the reply to every message received from now on until the returned release is called. */
  holdReplies(): () => void {
    let release!: () => void;
    this.held = new Promise<void>((r) => (release = r));
    return () => {
      this.held = undefined;
      release();
    };
  }

  /** Messages whose Message-ID contains the email id Herald returned. */
  byEmailId(emailId: string) {
    return this.messages.filter((m) => (m.parsed.messageId ?? '').includes(emailId));
  }

  async waitFor(pred: (m: ReceivedMail) => boolean, timeoutMs = 15_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(pred);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching message after ${timeoutMs} ms (${this.messages.length} received)`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  /**
   * This sink as seen by one test file of many sharing it: only the messages `mine` keeps, and
   * none of the switches that change what every sender meets (failNext, holdReplies, close).
   */
  view(mine: (m: ReceivedMail) => boolean): SmtpSink {
    const shared = () => {
      throw new Error('this SMTP sink is shared by other test files: a test that makes it fail, hold or close needs a sink of its own');
    };
    return Object.create(this, {
      messages: { get: () => this.messages.filter(mine) },
      failNext: { value: shared },
      holdReplies: { value: shared },
      close: { value: async () => undefined },
    });
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
