/**
 * A stand-in for Amazon SNS in tests: it owns an RSA key and a self-signed X.509 certificate,
 * serves the certificate on loopback (as SNS does at SigningCertURL), serves a SubscribeURL that
 * records confirmations, and signs envelopes exactly as SNS does (SignatureVersion 1 = SHA1withRSA,
 * 2 = SHA256withRSA). Point SNS_CERT_URL_PATTERN at `certUrlPattern` and SNS_SUBSCRIBE_URL_PATTERN
 * at `subscribeUrlPattern`.
 *
 * The string-to-sign is implemented here independently of services/messaging so the tests
 * check Herald's implementation against a second one written from the AWS docs.
 *
 *   const sns = await SnsSimulator.start();
 *   const body = sns.sign('Notification', { Message: sns.sesBounce(messageId, 'a@b.co', 'Permanent') });
 *   await fetch(`${base}/webhooks/mail`, { method: 'POST', headers: sns.headers(body), body });
 *   await sns.close();
 */
import { createSign, randomUUID } from 'node:crypto';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

export type SnsType = 'Notification' | 'SubscriptionConfirmation' | 'UnsubscribeConfirmation';

export interface SnsSignFields {
  /** A string, or an object that is JSON-encoded (as SNS carries SES notifications). */
  Message?: string | object;
  MessageId?: string;
  TopicArn?: string;
  Timestamp?: string;
  Subject?: string;
  Token?: string;
  SubscribeURL?: string;
  UnsubscribeURL?: string;
  /** Override the advertised certificate URL (e.g. to test a disallowed one). */
  SigningCertURL?: string;
}

export const TEST_TOPIC_ARN = 'arn:aws:sns:us-east-1:123456789012:herald-ses-events';
const CERT_PATH = '/SimpleNotificationService-test.pem';

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const strip = (id: string) => id.trim().replace(/^<(.*)>$/, '$1');

/** The canonical string SNS signs (AWS docs), written independently of the service's copy. */
export function snsStringToSign(env: Record<string, unknown>): string {
  const keys =
    env.Type === 'Notification'
      ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  return keys
    .filter((k) => env[k] !== undefined)
    .map((k) => `${k}\n${env[k]}\n`)
    .join('');
}

export class SnsSimulator {
  /** SubscribeURL tokens that were confirmed (GET on the subscribe URL), in order. */
  readonly confirmations: string[] = [];

  private constructor(
    private readonly server: Server,
    readonly privateKeyPem: string,
    readonly certPem: string,
    readonly baseUrl: string,
  ) {}

  /** Generates the key and certificate and starts serving on 127.0.0.1:<random port>. */
  static async start(): Promise<SnsSimulator> {
    const pems = await generate([{ name: 'commonName', value: 'sns.test.amazonaws.com' }], { keySize: 2048, algorithm: 'sha256' });
    let sim: SnsSimulator | undefined;
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method === 'GET' && url.pathname === CERT_PATH) {
        res.writeHead(200, { 'content-type': 'application/x-x509-ca-cert' });
        res.end(pems.cert);
        return;
      }
      if (req.method === 'GET' && url.pathname === '/' && url.searchParams.get('Action') === 'ConfirmSubscription') {
        const token = url.searchParams.get('Token') ?? '';
        sim?.confirmations.push(token);
        const arn = `${url.searchParams.get('TopicArn') ?? TEST_TOPIC_ARN}:${randomUUID()}`;
        res.writeHead(200, { 'content-type': 'text/xml' });
        res.end(
          `<ConfirmSubscriptionResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><ConfirmSubscriptionResult>` +
            `<SubscriptionArn>${arn}</SubscriptionArn></ConfirmSubscriptionResult>` +
            `<ResponseMetadata><RequestId>${randomUUID()}</RequestId></ResponseMetadata></ConfirmSubscriptionResponse>`,
        );
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const port = (server.address() as AddressInfo).port;
    sim = new SnsSimulator(server, pems.private, pems.cert, `http://127.0.0.1:${port}`);
    return sim;
  }

  /** Where the certificate is served: the SigningCertURL of every signed message. */
  get certUrl(): string {
    return this.baseUrl + CERT_PATH;
  }

  /** A regular-expression source matching exactly `certUrl` (for SNS_CERT_URL_PATTERN). */
  get certUrlPattern(): string {
    return `^${escapeRegex(this.certUrl)}$`;
  }

  /** A regular-expression source matching this server's SubscribeURLs (for SNS_SUBSCRIBE_URL_PATTERN). */
  get subscribeUrlPattern(): string {
    return `^${escapeRegex(this.baseUrl + '/')}`;
  }

  /** The SubscribeURL SNS would send for `token`. */
  subscribeUrl(token: string, topicArn = TEST_TOPIC_ARN): string {
    const q = new URLSearchParams({ Action: 'ConfirmSubscription', TopicArn: topicArn, Token: token });
    return `${this.baseUrl}/?${q}`;
  }

  /** The envelope SNS would POST, as an object (signed). */
  envelope(type: SnsType, fields: SnsSignFields = {}, version: '1' | '2' = '1'): Record<string, string> {
    const topicArn = fields.TopicArn ?? TEST_TOPIC_ARN;
    const message =
      fields.Message === undefined
        ? type === 'Notification'
          ? '{}'
          : `You have chosen to subscribe to the topic ${topicArn}.\nTo confirm the subscription, visit the SubscribeURL included in this message.`
        : typeof fields.Message === 'string'
          ? fields.Message
          : JSON.stringify(fields.Message);
    const env: Record<string, string> = {
      Type: type,
      MessageId: fields.MessageId ?? randomUUID(),
      TopicArn: topicArn,
      Message: message,
      Timestamp: fields.Timestamp ?? new Date().toISOString(),
    };
    if (type === 'Notification') {
      if (fields.Subject !== undefined) env.Subject = fields.Subject;
    } else {
      env.Token = fields.Token ?? randomUUID().replace(/-/g, '').repeat(4);
      env.SubscribeURL = fields.SubscribeURL ?? this.subscribeUrl(env.Token, topicArn);
    }
    env.SignatureVersion = version;
    env.Signature = this.signString(snsStringToSign(env), version);
    env.SigningCertURL = fields.SigningCertURL ?? this.certUrl;
    if (type === 'Notification') {
      env.UnsubscribeURL = fields.UnsubscribeURL ?? `${this.baseUrl}/?Action=Unsubscribe&SubscriptionArn=${encodeURIComponent(topicArn + ':sub')}`;
    }
    return env;
  }

  /** The full JSON body SNS would POST. */
  sign(type: SnsType, fields: SnsSignFields = {}, version: '1' | '2' = '1'): string {
    return JSON.stringify(this.envelope(type, fields, version));
  }

  /** Signs an arbitrary string with this simulator's key (base64), as SNS does. */
  signString(data: string, version: '1' | '2' = '1'): string {
    const s = createSign(version === '1' ? 'RSA-SHA1' : 'RSA-SHA256');
    s.update(data, 'utf8');
    s.end();
    return s.sign(this.privateKeyPem, 'base64');
  }

  /** The headers SNS sends with a POST of `body`. */
  headers(body: string): Record<string, string> {
    const env = JSON.parse(body) as Record<string, string>;
    return {
      'content-type': 'text/plain; charset=UTF-8',
      'x-amz-sns-message-type': env.Type,
      'x-amz-sns-message-id': env.MessageId,
      'x-amz-sns-topic-arn': env.TopicArn,
      'user-agent': 'Amazon Simple Notification Service Agent',
    };
  }

  // --- SES notification builders (the SNS `Message`), shaped as SES sends them ---------------

  /** SES "notification" shape of a bounce (`notificationType: Bounce`). */
  sesBounce(messageId: string, recipient: string, bounceType: 'Permanent' | 'Transient' | 'Undetermined' = 'Permanent', opts: SesBuildOptions = {}): string {
    const ts = opts.timestamp ?? new Date().toISOString();
    const subType = opts.bounceSubType ?? (bounceType === 'Permanent' ? 'General' : bounceType === 'Transient' ? 'MailboxFull' : 'Undetermined');
    const status = bounceType === 'Permanent' ? '5.1.1' : '4.2.2';
    const diag = bounceType === 'Permanent' ? 'smtp; 550 5.1.1 user unknown' : 'smtp; 452 4.2.2 mailbox full';
    return JSON.stringify({
      notificationType: 'Bounce',
      bounce: {
        feedbackId: `${randomHex(16)}-${randomUUID()}-000000`,
        bounceType,
        bounceSubType: subType,
        bouncedRecipients: [{ emailAddress: recipient, action: 'failed', status, diagnosticCode: diag }],
        timestamp: ts,
        remoteMtaIp: '127.0.2.1',
        reportingMTA: 'dsn; a1-23.smtp-out.amazonses.com',
      },
      mail: sesMail(messageId, recipient, ts, opts),
    });
  }

  /** SES "notification" shape of a complaint (`notificationType: Complaint`). */
  sesComplaint(messageId: string, recipient: string, opts: SesBuildOptions = {}): string {
    const ts = opts.timestamp ?? new Date().toISOString();
    return JSON.stringify({
      notificationType: 'Complaint',
      complaint: {
        feedbackId: `${randomHex(16)}-${randomUUID()}-000000`,
        complaintSubType: null,
        complainedRecipients: [{ emailAddress: recipient }],
        timestamp: ts,
        userAgent: 'Yahoo!-Mail-Feedback/2.0',
        complaintFeedbackType: 'abuse',
        arrivalDate: ts,
      },
      mail: sesMail(messageId, recipient, ts, opts),
    });
  }

  /** SES "notification" shape of a delivery (`notificationType: Delivery`). */
  sesDelivery(messageId: string, recipient: string, opts: SesBuildOptions = {}): string {
    const ts = opts.timestamp ?? new Date().toISOString();
    return JSON.stringify({
      notificationType: 'Delivery',
      delivery: {
        timestamp: ts,
        processingTimeMillis: 546,
        recipients: [recipient],
        smtpResponse: '250 ok:  Message 64111812 accepted',
        remoteMtaIp: '127.0.2.0',
        reportingMTA: 'a8-70.smtp-out.amazonses.com',
      },
      mail: sesMail(messageId, recipient, ts, opts),
    });
  }

  /** SES "event publishing" shape of an open (`eventType: Open`). */
  sesOpen(messageId: string, recipient: string, opts: SesBuildOptions = {}): string {
    const ts = opts.timestamp ?? new Date().toISOString();
    return JSON.stringify({
      eventType: 'Open',
      mail: sesMail(messageId, recipient, ts, opts),
      open: { ipAddress: '192.0.2.1', timestamp: ts, userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)' },
    });
  }

  /** SES "event publishing" shape of a click (`eventType: Click`). */
  sesClick(messageId: string, recipient: string, link: string, opts: SesBuildOptions = {}): string {
    const ts = opts.timestamp ?? new Date().toISOString();
    return JSON.stringify({
      eventType: 'Click',
      click: { ipAddress: '192.0.2.1', link, linkTags: { campaign: ['welcome'] }, timestamp: ts, userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)' },
      mail: sesMail(messageId, recipient, ts, opts),
    });
  }

  /** SES receipt-rule SNS action (`notificationType: Received`) carrying the raw MIME message. */
  sesReceived(recipient: string, mime: string, opts: SesBuildOptions & { encoding?: 'UTF8' | 'BASE64' } = {}): string {
    const ts = opts.timestamp ?? new Date().toISOString();
    const encoding = opts.encoding ?? 'UTF8';
    const pass = { status: 'PASS' };
    return JSON.stringify({
      notificationType: 'Received',
      receipt: {
        timestamp: ts,
        processingTimeMillis: 420,
        recipients: [recipient],
        spamVerdict: pass,
        virusVerdict: pass,
        spfVerdict: pass,
        dkimVerdict: pass,
        dmarcVerdict: pass,
        action: { type: 'SNS', topicArn: TEST_TOPIC_ARN, encoding },
      },
      mail: sesMail(opts.messageId ?? randomHex(32), recipient, ts, { from: opts.from ?? 'sender@example.org', subject: opts.subject }),
      content: encoding === 'BASE64' ? Buffer.from(mime, 'utf8').toString('base64') : mime,
    });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections?.();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export interface SesBuildOptions {
  timestamp?: string;
  from?: string;
  subject?: string;
  bounceSubType?: string;
  /** Received only: SES's id for the inbound mail. */
  messageId?: string;
}

function randomHex(n: number): string {
  return randomUUID().replace(/-/g, '').repeat(2).slice(0, n);
}

/**
 * The `mail` object SES attaches to every notification. `messageId` is put in mail.messageId as
 * given (so tests can send it with or without angle brackets); the Message-ID header carries it
 * in angle brackets, as on the wire.
 */
function sesMail(messageId: string, recipient: string, ts: string, opts: SesBuildOptions) {
  const from = opts.from ?? 'hello@herald.test';
  const subject = opts.subject ?? 'Hello from Herald';
  const headerId = `<${strip(messageId)}>`;
  return {
    timestamp: ts,
    source: from,
    sourceArn: 'arn:aws:ses:us-east-1:123456789012:identity/herald.test',
    sourceIp: '127.0.3.0',
    sendingAccountId: '123456789012',
    messageId,
    destination: [recipient],
    headersTruncated: false,
    headers: [
      { name: 'From', value: from },
      { name: 'To', value: recipient },
      { name: 'Subject', value: subject },
      { name: 'Message-ID', value: headerId },
      { name: 'MIME-Version', value: '1.0' },
      { name: 'Content-Type', value: 'text/html; charset=UTF-8' },
    ],
    commonHeaders: {
      from: [from],
      to: [recipient],
      date: new Date(ts).toUTCString(),
      messageId: headerId,
      subject,
    },
  };
}
