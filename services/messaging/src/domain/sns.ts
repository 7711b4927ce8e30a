/**
 * Amazon SNS envelopes and the SES notifications they carry — pure: parsing, the string SNS signs,
 * signature verification against a PEM certificate, and normalisation of SES bounce / complaint /
 * delivery / open / click / received messages (both the "notification" shape with
 * `notificationType` and the "event publishing" shape with `eventType`).
 *
 * Fetching the certificate and confirming subscriptions (I/O) live in adapters/sns-certs.ts.
 */
import { createVerify, X509Certificate } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../../../libs/kit/src/errors';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../../../../libs/kit/src/json';

// ---------------------------------------------------------------------------------------------
// Envelope
// ---------------------------------------------------------------------------------------------

export const SNS_MESSAGE_TYPES = ['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation'] as const;
export type SnsMessageType = (typeof SNS_MESSAGE_TYPES)[number];

export interface SnsMessage {
  Type: SnsMessageType;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: '1' | '2';
  Signature: string;
  SigningCertURL: string;
  /** Notification only, and only when the publisher set one. */
  Subject?: string;
  /** Confirmation types only. */
  Token?: string;
  /** Confirmation types only. */
  SubscribeURL?: string;
  /** Notification only. */
  UnsubscribeURL?: string;
}

/** A body that is not a well-formed SNS envelope. A 400 `BAD_REQUEST` when rendered. */
export class SnsEnvelopeError extends AppError {
  constructor(message: string, errors?: { field: string; message: string; code: string }[]) {
    super({
      code: 'BAD_REQUEST',
      status: 400,
      message,
      errors,
      suggestion: 'POST the JSON document Amazon SNS sends (Type, MessageId, TopicArn, Message, Timestamp, SignatureVersion, Signature, SigningCertURL).',
    });
    this.name = 'SnsEnvelopeError';
  }
}

const nonEmpty = z.string().min(1);

/** An SNS message as POSTed to /webhooks/mail (the API reference documents it from here). */
export const snsEnvelopeSchema = z
  .object({
    Type: z.enum(SNS_MESSAGE_TYPES),
    MessageId: nonEmpty,
    TopicArn: nonEmpty,
    Message: z.string(),
    Timestamp: nonEmpty.refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO 8601 timestamp'),
    SignatureVersion: z.enum(['1', '2']),
    Signature: nonEmpty,
    SigningCertURL: nonEmpty,
    // SNS omits Subject when the publisher set none; a null is treated the same way.
    Subject: z.string().nullish(),
    Token: z.string().nullish(),
    SubscribeURL: z.string().nullish(),
    UnsubscribeURL: z.string().nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.Type !== 'Notification') {
      if (!v.Token) ctx.addIssue({ code: 'custom', path: ['Token'], message: `is required for ${v.Type}` });
      if (!v.SubscribeURL) ctx.addIssue({ code: 'custom', path: ['SubscribeURL'], message: `is required for ${v.Type}` });
    }
  });

/** Parses and validates the raw POST body. Throws SnsEnvelopeError (400) on anything malformed. */
export function parseSnsEnvelope(body: string): SnsMessage {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new SnsEnvelopeError('Body is not valid JSON');
  }
  if (nestsDeeperThan(json)) throw new SnsEnvelopeError(`Not an SNS message: it nests deeper than ${MAX_JSON_DEPTH} levels`);
  const r = snsEnvelopeSchema.safeParse(json);
  if (!r.success) {
    const errors = r.error.issues.map((i) => ({
      field: i.path.map(String).join('.') || '(root)',
      message: i.message,
      code: i.code,
    }));
    throw new SnsEnvelopeError(`Not an SNS message: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`, errors);
  }
  const v = r.data;
  const msg: SnsMessage = {
    Type: v.Type,
    MessageId: v.MessageId,
    TopicArn: v.TopicArn,
    Message: v.Message,
    Timestamp: v.Timestamp,
    SignatureVersion: v.SignatureVersion,
    Signature: v.Signature,
    SigningCertURL: v.SigningCertURL,
  };
  if (typeof v.Subject === 'string') msg.Subject = v.Subject;
  if (typeof v.Token === 'string') msg.Token = v.Token;
  if (typeof v.SubscribeURL === 'string') msg.SubscribeURL = v.SubscribeURL;
  if (typeof v.UnsubscribeURL === 'string') msg.UnsubscribeURL = v.UnsubscribeURL;
  return msg;
}

// ---------------------------------------------------------------------------------------------
// Signature
// ---------------------------------------------------------------------------------------------

const NOTIFICATION_KEYS = ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const;
const CONFIRMATION_KEYS = ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'] as const;

/**
 * The canonical string SNS signs (AWS docs, "Verifying the signatures of Amazon SNS messages"):
 * each key followed by a newline, its value, a newline, in byte order of key names. Notification:
 * Message, MessageId, Subject (only if present), Timestamp, TopicArn, Type. Subscription and
 * unsubscribe confirmations: Message, MessageId, SubscribeURL, Timestamp, Token, TopicArn, Type.
 */
export function stringToSign(msg: SnsMessage): string {
  const keys = msg.Type === 'Notification' ? NOTIFICATION_KEYS : CONFIRMATION_KEYS;
  let out = '';
  for (const k of keys) {
    const value = (msg as unknown as Record<string, unknown>)[k];
    if (value === undefined || value === null) {
      if (k === 'Subject') continue; // optional on notifications
      return ''; // a required field is missing: nothing valid can be signed
    }
    out += `${k}\n${String(value)}\n`;
  }
  return out;
}

/**
 * Verifies the envelope's signature with the certificate's public key: SignatureVersion 1 is
 * SHA1withRSA, 2 is SHA256withRSA. Any failure (bad PEM, wrong key, tampered field) is `false`.
 */
export function verifySignature(msg: SnsMessage, certPem: string): boolean {
  try {
    const algorithm = msg.SignatureVersion === '1' ? 'RSA-SHA1' : msg.SignatureVersion === '2' ? 'RSA-SHA256' : null;
    if (!algorithm) return false;
    const data = stringToSign(msg);
    if (!data) return false;
    const cert = new X509Certificate(certPem);
    const verifier = createVerify(algorithm);
    verifier.update(data, 'utf8');
    verifier.end();
    return verifier.verify(cert.publicKey, msg.Signature, 'base64');
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// SES payloads
// ---------------------------------------------------------------------------------------------

export type SesKind = 'delivery' | 'bounce' | 'complaint' | 'open' | 'click' | 'received' | 'unknown';
export type SesBounceType = 'Permanent' | 'Transient' | 'Undetermined';

export interface SesNotification {
  kind: SesKind;
  /** The raw `eventType` / `notificationType` as sent ("Bounce", "Rendering Failure", …); '' if none. */
  sesType: string;
  /** mail.messageId without angle brackets ('' when absent). */
  messageId: string;
  /**
   * Every id the mail can be matched on, angle brackets stripped, de-duplicated, in order:
   * mail.messageId, mail.commonHeaders.messageId, the Message-ID entry of mail.headers.
   * SES's own mail.messageId differs from the Message-ID header Herald set, so match on any.
   */
  messageIds: string[];
  bounceType?: SesBounceType;
  bounceSubType?: string;
  /** Lower-cased bare addresses the event concerns. */
  recipients: string[];
  /** When the event happened (event timestamp, else mail.timestamp). */
  timestamp?: string;
  /** Click only. */
  link?: string;
  /** Open, click, complaint (feedback report) when known. */
  userAgent?: string;
  /** Received only: the raw MIME message when SES included it (SNS action), as its bytes. */
  content?: Buffer;
  /** Received only, without `content` (an S3 action): the message's header section rebuilt from mail.headers. */
  headerSection?: Buffer;
  /** A small, JSON-safe summary for event data (no full headers, no content). */
  details: Record<string, unknown>;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown): Obj => (isObj(v) ? v : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** `<abc@x>` → `abc@x`; trims whitespace. */
export function stripAngleBrackets(id: string): string {
  const t = id.trim();
  return t.startsWith('<') && t.endsWith('>') ? t.slice(1, -1).trim() : t;
}

/** `"Jane" <Jane@X.com>` or ` Jane@X.com ` → `jane@x.com`. */
function bareAddress(v: unknown): string | undefined {
  const s = str(v)?.trim();
  if (!s) return undefined;
  const m = /<([^<>]+)>\s*$/.exec(s);
  return (m ? m[1] : s).trim().toLowerCase() || undefined;
}

function addresses(list: unknown, key?: string): string[] {
  const out: string[] = [];
  for (const item of arr(list)) {
    const a = bareAddress(key ? obj(item)[key] : item);
    if (a && !out.includes(a)) out.push(a);
  }
  return out;
}

const KIND_BY_TYPE: Record<string, SesKind> = {
  delivery: 'delivery',
  bounce: 'bounce',
  complaint: 'complaint',
  open: 'open',
  click: 'click',
  received: 'received',
};

/** Drops undefined values so the summary stays compact and JSON-clean. */
function compact(o: Obj): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v;
  return out;
}

/**
 * Normalises the SNS `Message` of an SES notification. Never throws: a message that is not JSON
 * or not a recognised SES shape comes back as kind 'unknown' (SNS also sends e.g.
 * "AmazonSnsSubscriptionSucceeded" test messages to the same endpoint).
 */
export function parseSesNotification(message: string): SesNotification {
  let root: unknown;
  try {
    root = JSON.parse(message);
  } catch {
    root = undefined;
  }
  // Too deep to be SES's: read as unknown, before anything recursive walks it.
  if (nestsDeeperThan(root)) root = undefined;
  const o = obj(root);
  const sesType = str(o.eventType) ?? str(o.notificationType) ?? '';
  const kind: SesKind = KIND_BY_TYPE[sesType.toLowerCase()] ?? 'unknown';

  const mail = obj(o.mail);
  const common = obj(mail.commonHeaders);
  const ids: string[] = [];
  const addId = (v: unknown) => {
    const s = str(v);
    if (!s) return;
    const id = stripAngleBrackets(s);
    if (id && !ids.includes(id)) ids.push(id);
  };
  addId(mail.messageId);
  addId(common.messageId);
  for (const h of arr(mail.headers)) {
    const hh = obj(h);
    if (str(hh.name)?.toLowerCase() === 'message-id') addId(hh.value);
  }
  const messageId = str(mail.messageId) ? stripAngleBrackets(mail.messageId as string) : '';
  const mailTimestamp = str(mail.timestamp);
  const destination = addresses(mail.destination);

  const result: SesNotification = { kind, sesType, messageId, messageIds: ids, recipients: [], details: {} };
  const mailSummary = compact({ source: str(mail.source), subject: str(common.subject), messageId: messageId || undefined });

  switch (kind) {
    case 'bounce': {
      const b = obj(o.bounce);
      const t = str(b.bounceType);
      result.bounceType = t === 'Permanent' || t === 'Transient' ? t : 'Undetermined';
      result.bounceSubType = str(b.bounceSubType);
      result.recipients = addresses(b.bouncedRecipients, 'emailAddress');
      result.timestamp = str(b.timestamp) ?? mailTimestamp;
      const first = obj(arr(b.bouncedRecipients)[0]);
      result.details = compact({
        bounceType: result.bounceType,
        bounceSubType: result.bounceSubType,
        feedbackId: str(b.feedbackId),
        reportingMTA: str(b.reportingMTA),
        status: str(first.status),
        action: str(first.action),
        diagnosticCode: str(first.diagnosticCode),
      });
      break;
    }
    case 'complaint': {
      const c = obj(o.complaint);
      result.recipients = addresses(c.complainedRecipients, 'emailAddress');
      result.timestamp = str(c.timestamp) ?? mailTimestamp;
      result.userAgent = str(c.userAgent);
      result.details = compact({
        complaintFeedbackType: str(c.complaintFeedbackType),
        complaintSubType: str(c.complaintSubType),
        feedbackId: str(c.feedbackId),
        userAgent: result.userAgent,
        arrivalDate: str(c.arrivalDate),
      });
      break;
    }
    case 'delivery': {
      const d = obj(o.delivery);
      const r = addresses(d.recipients);
      result.recipients = r.length ? r : destination;
      result.timestamp = str(d.timestamp) ?? mailTimestamp;
      result.details = compact({
        smtpResponse: str(d.smtpResponse),
        processingTimeMillis: typeof d.processingTimeMillis === 'number' ? d.processingTimeMillis : undefined,
        reportingMTA: str(d.reportingMTA),
        remoteMtaIp: str(d.remoteMtaIp),
      });
      break;
    }
    case 'open': {
      const e = obj(o.open);
      result.recipients = destination;
      result.timestamp = str(e.timestamp) ?? mailTimestamp;
      result.userAgent = str(e.userAgent);
      result.details = compact({ ipAddress: str(e.ipAddress), userAgent: result.userAgent });
      break;
    }
    case 'click': {
      const e = obj(o.click);
      result.recipients = destination;
      result.timestamp = str(e.timestamp) ?? mailTimestamp;
      result.userAgent = str(e.userAgent);
      result.link = str(e.link);
      result.details = compact({
        link: result.link,
        linkTags: isObj(e.linkTags) ? e.linkTags : undefined,
        ipAddress: str(e.ipAddress),
        userAgent: result.userAgent,
      });
      break;
    }
    case 'received': {
      const rc = obj(o.receipt);
      const r = addresses(rc.recipients);
      result.recipients = r.length ? r : destination;
      result.timestamp = str(rc.timestamp) ?? mailTimestamp;
      const action = obj(rc.action);
      const verdict = (v: unknown) => str(obj(v).status);
      const raw = str(o.content);
      if (raw) result.content = str(action.encoding)?.toUpperCase() === 'BASE64' ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8');
      else {
        const lines = arr(mail.headers).flatMap((h) => {
          const name = str(obj(h).name);
          const value = typeof obj(h).value === 'string' ? (obj(h).value as string) : undefined;
          return name && value !== undefined && /^[!-9;-~]+$/.test(name) ? [`${name}: ${value.replace(/[\r\n]+/g, ' ')}`] : [];
        });
        result.headerSection = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8');
      }
      result.details = compact({
        actionType: str(action.type),
        spamVerdict: verdict(rc.spamVerdict),
        virusVerdict: verdict(rc.virusVerdict),
        spfVerdict: verdict(rc.spfVerdict),
        dkimVerdict: verdict(rc.dkimVerdict),
        dmarcVerdict: verdict(rc.dmarcVerdict),
      });
      break;
    }
    default:
      result.recipients = destination;
      result.timestamp = mailTimestamp;
  }
  result.details = { ...mailSummary, ...result.details };
  if (result.bounceSubType === undefined) delete result.bounceSubType;
  if (result.userAgent === undefined) delete result.userAgent;
  if (result.link === undefined) delete result.link;
  if (result.timestamp === undefined) delete result.timestamp;
  return result;
}
