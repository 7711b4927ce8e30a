/**
 * POST /v1/send request body, as Plunk clients send it. Pure: validation and address
 * helpers only. Every problem becomes a zod issue with a path (`to.2.email`, `headers.X-Bad`,
 * `attachments.1.content`) so the gateway answers a field-level 422.
 *
 * Decisions:
 * - `to`: an email, `"Name <email>"`, `{ name?, email }`, or a non-empty array of those, at most
 *   {@link MAX_RECIPIENTS}. No de-duplication: each entry is processed in turn.
 * - `from` accepts the same forms; `reply` is a bare email. Display names: ≤ 256 chars, no CR/LF.
 * - `headers`: names are RFC 5322 field-names (printable ASCII 33–126 except ':', ≤ 128 chars);
 *   values ≤ 998 chars without CR, LF or NUL; numbers are accepted and stringified; at most 50
 *   headers; a name may appear once regardless of case. Headers the service owns are refused
 *   (see {@link RESERVED_HEADERS}) — they would duplicate or contradict what it writes.
 * - `attachments`: ≤ 10; `content` is standard base64 (whitespace/line breaks tolerated and
 *   stripped; URL-safe alphabet and `data:` URLs refused; must not be empty); `contentType` is
 *   `type/subtype` with optional `; key=value` parameters; inline needs `contentId` (surrounding
 *   `<>` stripped); decoded total ≤ the configured limit (10 MiB default).
 * - The whole message (subject + body + headers + encoded attachments) must stay ≤ 40 MiB.
 * - Unknown top-level keys are ignored (Plunk clients send extras).
 */
import { z } from 'zod';
import { isValidEmail } from '../../../../libs/kit/src/email';
import { AppError } from '../../../../libs/kit/src/errors';

export const MAX_RECIPIENTS = 100;
export const MAX_ATTACHMENTS = 10;
export const DEFAULT_MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const MAX_MESSAGE_BYTES = 40 * 1024 * 1024;
/** A send's `data` is stored once per recipient (contact and email): size × recipients is bounded. */
export const MAX_SEND_DATA_BYTES = 100 * 1024 * 1024;
export const MAX_SUBJECT_LENGTH = 998;
export const MAX_HEADER_VALUE_LENGTH = 998;
export const MAX_HEADER_NAME_LENGTH = 128;
export const MAX_HEADERS = 50;
export const MAX_DISPLAY_NAME_LENGTH = 256;

/** Lower-case header names the request may not set, with what to use instead. */
export const RESERVED_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  from: 'use the `from` field',
  sender: 'the service sets it',
  to: 'use the `to` field',
  cc: 'not supported; send to each recipient with `to`',
  bcc: 'not supported; send to each recipient with `to`',
  subject: 'use the `subject` field',
  'reply-to': 'use the `reply` field',
  date: 'the service sets it',
  'message-id': 'the service sets it',
  'mime-version': 'the service sets it',
  'content-type': 'the service sets it',
  'content-transfer-encoding': 'the service sets it',
  'content-disposition': 'the service sets it',
  'dkim-signature': 'the service signs messages itself',
  'arc-seal': 'the service sets it',
  'arc-message-signature': 'the service sets it',
  'arc-authentication-results': 'the service sets it',
  'authentication-results': 'set by receiving servers',
  received: 'set by mail servers',
  'return-path': 'the service sets the bounce address',
  'list-unsubscribe': 'the service manages unsubscribe headers',
  'list-unsubscribe-post': 'the service manages unsubscribe headers',
});

export interface Address {
  email: string;
  name?: string;
}

const CRLF = /[\r\n]/;

// ---------------------------------------------------------------------------------------------
// Addresses
// ---------------------------------------------------------------------------------------------

/** `Name <email>` or `"Quoted, Name" <email>`. */
const ANGLE_ADDRESS = /^\s*(?:"((?:[^"\\]|\\.)*)"|([^<>"]*?))\s*<([^<>]*)>\s*$/;

function cleanName(name: string | undefined | null): string | undefined {
  const n = name?.trim();
  return n ? n : undefined;
}

/** Parses an address without throwing; `null` when the email part is not a valid address. */
export function tryParseAddress(input: unknown, fallbackName?: string): Address | null {
  let email: string;
  let name: string | undefined;
  if (typeof input === 'string') {
    const m = ANGLE_ADDRESS.exec(input);
    if (m) {
      email = m[3];
      name = m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2];
    } else {
      email = input;
    }
  } else if (input && typeof input === 'object' && typeof (input as Address).email === 'string') {
    email = (input as Address).email;
    const n = (input as Address).name;
    name = typeof n === 'string' ? n : undefined;
  } else {
    return null;
  }
  email = email.trim().toLowerCase();
  if (!isValidEmail(email)) return null;
  const finalName = cleanName(name) ?? cleanName(fallbackName);
  return finalName === undefined ? { email } : { email, name: finalName };
}

/**
 * `from` (or any address) → `{ email, name? }`: trimmed, lower-cased email; the name from the
 * object or the `Name <email>` form, else `fallbackName` (the deprecated `name` field). Throws a
 * TypeError when there is no valid email (callers validate with the schema first).
 */
export function parseAddress(from: string | { name?: string; email: string }, fallbackName?: string): Address {
  const a = tryParseAddress(from, fallbackName);
  if (!a) throw new TypeError(`not a valid address: ${typeof from === 'string' ? from : from?.email}`);
  return a;
}

export type RecipientInput = string | { name?: string; email: string };

/** `to` in any accepted form → one `{ email, name? }` per entry, in order, duplicates kept. */
export function normalizeRecipients(to: RecipientInput | RecipientInput[]): Address[] {
  const list = Array.isArray(to) ? to : [to];
  return list.map((r) => parseAddress(r));
}

function displayName(field: string) {
  return z
    .string()
    .max(MAX_DISPLAY_NAME_LENGTH, `${field} must be at most ${MAX_DISPLAY_NAME_LENGTH} characters`)
    .refine((s) => !CRLF.test(s), `${field} must not contain line breaks`);
}

const emailString = z
  .string()
  .trim()
  .refine((s) => isValidEmail(s), 'must be a valid email address');

/** An email or `Name <email>`; display names are checked like the object form. */
const addressString = z.string().superRefine((s, ctx) => {
  if (CRLF.test(s)) {
    ctx.addIssue({ code: 'custom', message: 'must not contain line breaks' });
    return;
  }
  const a = tryParseAddress(s);
  if (!a) ctx.addIssue({ code: 'invalid_format', format: 'email', message: 'must be a valid email address or "Name <email>"' });
  else if (a.name && a.name.length > MAX_DISPLAY_NAME_LENGTH)
    ctx.addIssue({ code: 'too_big', origin: 'string', maximum: MAX_DISPLAY_NAME_LENGTH, message: 'the display name is too long' });
});

const addressObject = z.object({
  name: displayName('name')
    .optional()
    .nullable()
    .transform((n) => cleanName(n)),
  email: emailString,
});

const address = z.union([addressString, addressObject], {
  error: (iss) => (iss.input === undefined ? 'required' : 'must be an email address, "Name <email>" or { name?, email }'),
});

// ---------------------------------------------------------------------------------------------
// Headers
// ---------------------------------------------------------------------------------------------

/** RFC 5322 field-name: printable US-ASCII except ':'. */
const FIELD_NAME = /^[\x21-\x39\x3b-\x7e]+$/;

const headers = z
  .record(z.string(), z.union([z.string(), z.number()]), { error: 'must be an object of header names to values' })
  .superRefine((h, ctx) => {
    const names = Object.keys(h);
    if (names.length > MAX_HEADERS) {
      ctx.addIssue({ code: 'too_big', origin: 'object', maximum: MAX_HEADERS, message: `at most ${MAX_HEADERS} headers` });
    }
    const seen = new Set<string>();
    for (const name of names) {
      const lower = name.toLowerCase();
      const value = h[name];
      const path = [name];
      if (CRLF.test(name)) {
        ctx.addIssue({ code: 'custom', path, message: 'header injection: header names must not contain CR or LF', params: { reason: 'header_injection' } });
        continue;
      }
      if (!FIELD_NAME.test(name) || name.length > MAX_HEADER_NAME_LENGTH) {
        ctx.addIssue({
          code: 'custom',
          path,
          message: `invalid header name: use 1–${MAX_HEADER_NAME_LENGTH} printable ASCII characters without spaces or ':'`,
        });
        continue;
      }
      if (lower in RESERVED_HEADERS) {
        ctx.addIssue({ code: 'custom', path, message: `the ${name} header cannot be set: ${RESERVED_HEADERS[lower]}`, params: { reason: 'reserved_header' } });
        continue;
      }
      if (seen.has(lower)) {
        ctx.addIssue({ code: 'custom', path, message: `the ${name} header is given more than once` });
        continue;
      }
      seen.add(lower);
      if (typeof value === 'number' && !Number.isFinite(value)) {
        ctx.addIssue({ code: 'custom', path, message: 'header values must be strings' });
        continue;
      }
      const text = String(value);
      if (CRLF.test(text)) {
        ctx.addIssue({ code: 'custom', path, message: 'header injection: header values must not contain CR or LF', params: { reason: 'header_injection' } });
      } else if (text.includes('\0')) {
        ctx.addIssue({ code: 'custom', path, message: 'header values must not contain NUL' });
      } else if (text.length > MAX_HEADER_VALUE_LENGTH) {
        ctx.addIssue({
          code: 'too_big',
          origin: 'string',
          maximum: MAX_HEADER_VALUE_LENGTH,
          path,
          message: `header values must be at most ${MAX_HEADER_VALUE_LENGTH} characters`,
        });
      }
    }
  })
  .transform((h) => Object.fromEntries(Object.entries(h).map(([k, v]) => [k, String(v)])) as Record<string, string>);

// ---------------------------------------------------------------------------------------------
// Attachments
// ---------------------------------------------------------------------------------------------

/** Standard, padded base64 (checked without a backtracking regex: contents may be megabytes). */
export function isBase64(s: string): boolean {
  return s.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(s);
}
const TOKEN = '[A-Za-z0-9!#$&^_.+-]';
const CONTENT_TYPE = new RegExp(`^[A-Za-z0-9]${TOKEN}{0,126}/[A-Za-z0-9]${TOKEN}{0,126}` + `(?:\\s*;\\s*${TOKEN}+=(?:${TOKEN}+|"[^"\\\\\\r\\n]*"))*\\s*$`);

/** Bytes a base64 string decodes to (whitespace ignored), without decoding it. */
export function base64DecodedLength(content: string): number {
  const s = content.replace(/\s+/g, '');
  if (!s) return 0;
  const padding = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  return Math.floor((s.length * 3) / 4) - padding;
}

/** Total decoded size of the attachments, in bytes. */
export function attachmentBytes(attachments: ReadonlyArray<{ content: string }> | undefined | null): number {
  return (attachments ?? []).reduce((n, a) => n + base64DecodedLength(a.content), 0);
}

const attachment = z
  .object({
    filename: z
      .string()
      .min(1, 'filename must not be empty')
      .max(255, 'filename must be at most 255 characters')
      .refine((s) => !/[\r\n\0]/.test(s), 'filename must not contain line breaks')
      .refine((s) => !/[/\\]/.test(s), 'filename must not contain path separators')
      .refine((s) => s !== '.' && s !== '..', 'invalid filename'),
    content: z
      .string()
      .transform((s) => s.replace(/\s+/g, ''))
      .refine((s) => s.length > 0, 'content must not be empty')
      .refine((s) => isBase64(s), 'content must be base64'),
    contentType: z.string().regex(CONTENT_TYPE, 'contentType must be a MIME type such as application/pdf'),
    contentId: z
      .string()
      .transform((s) => s.trim().replace(/^<(.*)>$/, '$1'))
      .refine((s) => /^[\x21-\x3b\x3d\x3f-\x7e]{1,255}$/.test(s), 'contentId must be 1–255 printable ASCII characters without spaces or <>')
      .optional(),
    disposition: z.enum(['attachment', 'inline']).optional(),
  })
  .superRefine((a, ctx) => {
    if (a.disposition === 'inline' && !a.contentId) {
      ctx.addIssue({ code: 'custom', path: ['contentId'], message: 'inline attachments need a contentId' });
    }
  });

// ---------------------------------------------------------------------------------------------
// The request
// ---------------------------------------------------------------------------------------------

export interface SendSchemaOptions {
  /** Decoded attachment total in bytes (10 MB by default). */
  maxAttachmentBytes?: number;
  maxRecipients?: number;
}

const utf8 = (s: string | undefined) => (s ? Buffer.byteLength(s, 'utf8') : 0);

export function createSendRequestSchema(opts: SendSchemaOptions = {}) {
  const maxAttachmentBytes = opts.maxAttachmentBytes ?? DEFAULT_MAX_ATTACHMENT_BYTES;
  const maxRecipients = opts.maxRecipients ?? MAX_RECIPIENTS;
  return z
    .object({
      to: z
        .union(
          [address, z.array(address).min(1, 'to must name at least one recipient').max(maxRecipients, `at most ${maxRecipients} recipients per request`)],
          {
            error: (iss) => (iss.input === undefined ? 'to is required' : 'to must be an email address, { name?, email } or a non-empty array of them'),
          },
        )
        .describe('The recipient: an email, "Name <email>", { name?, email }, or an array of them (each its own contact and email).'),
      subject: z
        .string()
        .min(1, 'subject must not be empty')
        .max(MAX_SUBJECT_LENGTH, `subject must be at most ${MAX_SUBJECT_LENGTH} characters`)
        .refine((s) => !CRLF.test(s), 'subject must not contain line breaks')
        .optional()
        .describe('Required without a template; no line breaks.'),
      body: z.string().min(1, 'body must not be empty').optional().describe('HTML; required without a template.'),
      text: z
        .string()
        .min(1, 'text must not be empty')
        .optional()
        .describe('The plain-text part (template variables work as in body); without it, one is generated from the HTML.'),
      template: z
        .string()
        .trim()
        .min(1, 'template must not be empty')
        .max(255)
        .optional()
        .describe("A template's id: its subject, body, from and reply-to, which the request's own fields override."),
      subscribed: z.boolean().optional().describe('New contacts default to false; an existing contact keeps its state unless this is given.'),
      name: displayName('name').optional().describe('Deprecated: the sender name when `from` is a bare address (use from: { name, email }).'),
      from: address.optional().describe('The sender, on a verified domain of the project; required unless the template has one.'),
      reply: emailString.optional().describe('The Reply-To address.'),
      headers: headers.optional().describe('Extra headers, name to value; no line breaks, values at most 998 characters.'),
      data: z
        .record(z.string(), z.unknown(), { error: 'data must be an object' })
        .optional()
        .describe('Template variables and contact data (patched: null deletes a key; { value, persistent: false } for this email only).'),
      attachments: z
        .array(attachment)
        .max(MAX_ATTACHMENTS, `at most ${MAX_ATTACHMENTS} attachments`)
        .optional()
        .describe('{ filename, content (base64), contentType, contentId?, disposition? }; 10 MB in all by default.'),
    })
    .superRefine((req, ctx) => {
      if (!req.template && (req.subject === undefined || req.body === undefined)) {
        ctx.addIssue({ code: 'custom', path: ['template'], message: 'send a template id, or both subject and body' });
      }
      const attachmentTotal = attachmentBytes(req.attachments);
      if (attachmentTotal > maxAttachmentBytes) {
        ctx.addIssue({
          code: 'too_big',
          origin: 'array',
          maximum: maxAttachmentBytes,
          path: ['attachments'],
          message: `attachments total ${attachmentTotal} bytes; the limit is ${maxAttachmentBytes}`,
        });
      }
      const headerBytes = Object.entries(req.headers ?? {}).reduce((n, [k, v]) => n + utf8(k) + utf8(v) + 4, 0);
      const encodedAttachments = (req.attachments ?? []).reduce((n, a) => n + a.content.length, 0);
      const total = utf8(req.subject) + utf8(req.body) + utf8(req.text) + headerBytes + encodedAttachments;
      if (total > MAX_MESSAGE_BYTES) {
        ctx.addIssue({ code: 'too_big', origin: 'string', maximum: MAX_MESSAGE_BYTES, path: [], message: `the message exceeds ${MAX_MESSAGE_BYTES} bytes` });
      }
    });
}

/** The /v1/send body with the default limits. */
export const sendRequestSchema = createSendRequestSchema();

export type SendRequest = z.infer<typeof sendRequestSchema>;
export type SendAttachment = NonNullable<SendRequest['attachments']>[number];

/**
 * A validated body in the one form a send travels in to messaging (the fields of messaging.proto's
 * SendRequest): addresses resolved from the forms they may take, header values as text, data as
 * JSON, attachments decoded. {@link sendBody} is its way back, for messaging to validate again.
 */
export interface SendFields {
  to: Array<{ email: string; name: string }>;
  subject?: string;
  body?: string;
  text?: string;
  template?: string;
  subscribed?: boolean;
  from: { email: string; name: string } | null;
  name?: string;
  reply?: string;
  headers: Record<string, string>;
  data_json?: string;
  attachments: Array<{ filename: string; content: Buffer; content_type: string; content_id: string; disposition: string }>;
}

const named = (a: Address) => ({ email: a.email, name: a.name ?? '' });

export function sendFields(req: SendRequest): SendFields {
  return {
    to: normalizeRecipients(req.to).map(named),
    subject: req.subject,
    body: req.body,
    text: req.text,
    template: req.template,
    subscribed: req.subscribed,
    from: req.from === undefined ? null : named(parseAddress(req.from)),
    name: req.name,
    reply: req.reply,
    headers: Object.fromEntries(Object.entries(req.headers ?? {}).map(([k, v]) => [k, String(v)])),
    data_json: req.data === undefined ? undefined : JSON.stringify(req.data),
    attachments: (req.attachments ?? []).map((a) => ({
      filename: a.filename,
      content: Buffer.from(a.content, 'base64'),
      content_type: a.contentType,
      content_id: a.contentId ?? '',
      disposition: a.disposition ?? 'attachment',
    })),
  };
}

/** A send's fields back in the /v1/send body's form (unvalidated: `data_json` may not parse, the schema tells). */
export function sendBody(f: SendFields): Record<string, unknown> {
  const unnamed = (a: { email: string; name: string }) => (a.name ? { email: a.email, name: a.name } : { email: a.email });
  let data: unknown;
  if (f.data_json !== undefined) {
    try {
      data = JSON.parse(f.data_json);
    } catch {
      data = f.data_json;
    }
  }
  const body: Record<string, unknown> = {
    to: f.to.map(unnamed),
    subject: f.subject,
    body: f.body,
    text: f.text,
    template: f.template,
    subscribed: f.subscribed,
    from: f.from ? unnamed(f.from) : undefined,
    name: f.name,
    reply: f.reply,
    headers: Object.keys(f.headers).length ? f.headers : undefined,
    data,
    attachments: f.attachments.length
      ? f.attachments.map((a) => ({
          filename: a.filename,
          content: a.content.toString('base64'),
          contentType: a.content_type,
          ...(a.content_id ? { contentId: a.content_id } : {}),
          disposition: a.disposition,
        }))
      : undefined,
  };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}

/** A sender whose domain the project has not verified: a 403 that names `from`, where a form shows it. */
export function senderNotVerified(email: string) {
  const message = `The domain of ${email} is not verified for this project`;
  return new AppError({
    code: 'DOMAIN_NOT_VERIFIED',
    status: 403,
    message,
    errors: [{ field: 'from', message: 'its domain is not verified for this project', code: 'domain_not_verified' }],
    suggestion: 'Add the domain (POST /domains), publish its DNS records and verify it (GET /domains/:id/verify).',
  });
}
