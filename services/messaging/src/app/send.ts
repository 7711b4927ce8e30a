import type { EngagementClass } from '../domain/engagement';
import { z } from 'zod';
import { zodToFieldErrors } from '../../../../libs/edge/src';
import {
  AppError,
  BatchOutcome,
  Batcher,
  fromBatchReply,
  isUuid,
  newId,
  notFound,
  OVERLAP_AFTER_MS,
  traceparentOf,
  validationError,
} from '../../../../libs/kit/src';
import type { NewEvent } from '../../../../libs/bus/src';
import type { Api, DomainEvent } from '../../../../libs/contracts/src';
import {
  createSendRequestSchema,
  MAX_MESSAGE_BYTES,
  MAX_SEND_DATA_BYTES,
  normalizeRecipients,
  parseAddress,
  sendBody,
  senderNotVerified,
  type SendFields,
} from '../domain/send';
import type { BillingGate, EmailRow, EmailsStore, NewEmail, SigningKeys, TemplatesStore, Units } from './ports';

/**
 * The project's tracking policy, as the gateway forwards it: its tracking setting, where ENABLED
 * becomes ENABLED_EXCEPT_TRANSACTIONAL_OPENS unless the project turned transactional opens on.
 */
export type Tracking = 'ENABLED' | 'ENABLED_EXCEPT_TRANSACTIONAL_OPENS' | 'DISABLED' | 'MARKETING_ONLY';
export const TRACKING_POLICIES: ReadonlySet<string> = new Set<Tracking>(['ENABLED', 'ENABLED_EXCEPT_TRANSACTIONAL_OPENS', 'DISABLED', 'MARKETING_ONLY']);

const schemas = new Map<number, ReturnType<typeof createSendRequestSchema>>();
const schemaFor = (maxAttachmentBytes: number) => {
  if (!schemas.has(maxAttachmentBytes)) schemas.set(maxAttachmentBytes, createSendRequestSchema({ maxAttachmentBytes }));
  return schemas.get(maxAttachmentBytes)!;
};

type StatusSource = Pick<EmailRow, 'id' | 'contact_id' | 'message_id' | 'subject' | 'from_email' | 'template_id' | 'campaign_id' | 'source_type'>;

/** The status-change domain event of an email (the events service records the public email.* event). */
export function statusEvent(
  projectId: string,
  e: StatusSource,
  status: EmailRow['status'],
  extra: {
    link?: string;
    bounceType?: string;
    reason?: string;
    engagement?: { class: EngagementClass; reasons: string[] };
    human?: boolean;
    raw?: boolean;
  } = {},
): NewEvent {
  return {
    type: 'messaging.email.status_changed.v1',
    projectId,
    data: {
      emailId: e.id,
      contactId: e.contact_id,
      status,
      messageId: e.message_id,
      subject: e.subject,
      from: e.from_email,
      templateId: e.template_id,
      campaignId: e.campaign_id,
      sourceType: e.source_type,
      ...extra,
    },
  };
}

/**
 * The two events of a new email, of which the insert writes one: its work item on its lane, or —
 * if the address is suppressed when the email is stored — its failure.
 */
export function queuedOrSuppressed(repo: Pick<Units, 'outbox'>, projectId: string, lane: 'transactional' | 'bulk', email: StatusSource, traceparent?: string) {
  const [queued, suppressed] = repo.outbox.envelopes([
    { type: 'messaging.email.queued.v1', projectId, data: { emailId: email.id, lane }, traceparent },
    { ...statusEvent(projectId, email, 'failed', { reason: 'suppressed' }), traceparent },
  ]);
  return { queued, suppressed };
}

/** The tracking an email of this type gets under the project's policy: `tracking` (clicks) and `trackOpens` (the pixel). */
export function trackingOf(policy: Tracking, type: 'TRANSACTIONAL' | 'MARKETING'): { tracking: boolean; trackOpens: boolean } {
  const clicks = policy === 'ENABLED' || policy === 'ENABLED_EXCEPT_TRANSACTIONAL_OPENS' || (policy === 'MARKETING_ONLY' && type === 'MARKETING');
  return { tracking: clicks, trackOpens: clicks && !(policy === 'ENABLED_EXCEPT_TRANSACTIONAL_OPENS' && type === 'TRANSACTIONAL') };
}

/** An email's template variables of its contact, as stored on the row (delivery lays `data` out at the top level too; see compose). */
export const contactVars = (contact: { id: string; email: string; subscribed: boolean }, data: Record<string, unknown>) => ({
  data,
  email: contact.email,
  id: contact.id,
  subscribed: contact.subscribed,
});

/**
 * Who may send for a project: an address of a verified domain (one with a signing key; cached,
 * see SigningKeys) — or, while mail stays in the dev mailbox on this machine, anyone, so a
 * newcomer can send before owning a domain.
 */
export async function checkSender(deps: { signingKeys: SigningKeys; devMailbox: boolean }, projectId: string, email: string) {
  const key = await deps.signingKeys.get(projectId, email.split('@')[1] ?? '');
  if (!key.found && !deps.devMailbox) {
    throw senderNotVerified(email);
  }
}

export interface SendDeps {
  repo: EmailsStore & TemplatesStore & Units;
  contacts: () => Api<'contacts'>;
  signingKeys: SigningKeys;
  maxAttachmentBytes: number;
  devMailbox: boolean;
  billing: BillingGate;
}

type SendResult = { emails: Array<{ contact_id: string; contact_email: string; email_id: string }>; timestamp: string };

/** A validated request whose template and sender are settled: what is left needs the database. */
interface PreparedSend {
  projectId: string;
  body: z.infer<ReturnType<typeof createSendRequestSchema>>;
  template?: { id: string };
  subject: string;
  html: string;
  from: { email: string; name?: string };
  replyTo?: string;
  type: 'TRANSACTIONAL' | 'MARKETING';
  tracking: boolean;
  trackOpens: boolean;
  attachments: NewEmail['attachments'];
  recipients: Array<{ email: string; name?: string }>;
  /** About what the send weighs in a batch: the request, and its data once per recipient. */
  bytes: number;
  /** The request's trace: its emails' events continue it (they are written in a batch's flush). */
  traceparent?: string;
}

/**
 * POST /v1/send, as Plunk clients call it: validate, resolve template and sender, then —
 * together with the other sends in flight (see `Batcher`) — upsert every recipient's contact in
 * request order, and persist every email with its queue event in one statement, which also fails
 * the emails to suppressed addresses. Delivery happens behind the response.
 */
export function sender(deps: SendDeps) {
  const batch = new Batcher<PreparedSend, SendResult>((sends) => persist(deps, sends), {
    name: 'send',
    maxBatch: 100,
    concurrency: 2,
    overlapAfterMs: OVERLAP_AFTER_MS,
    // Bounded by bytes too (attachments, bodies, per-recipient data), so large sends go alone.
    weigh: (s) => s.bytes,
    maxWeight: 16 * 1024 * 1024,
  });
  return async (projectId: string, fields: SendFields, tracking: Tracking): Promise<SendResult> =>
    batch.submit(await prepare(deps, projectId, fields, tracking));
}

/** Validates a send again (the caller did, except for the attachment total: see messaging.proto) and settles its template and sender. */
async function prepare(deps: SendDeps, projectId: string, fields: SendFields, tracking: Tracking): Promise<PreparedSend> {
  const parsed = schemaFor(deps.maxAttachmentBytes).safeParse(sendBody(fields));
  if (!parsed.success) throw validationError(zodToFieldErrors(parsed.error));
  const body = parsed.data;
  deps.billing.check(projectId, 'transactional');

  const template = body.template ? (isUuid(body.template) ? await deps.repo.template(projectId, body.template) : undefined) : undefined;
  if (body.template && !template) throw notFound('Template', 'TEMPLATE_NOT_FOUND');

  const subject = body.subject ?? template?.subject;
  const html = body.body ?? template?.body;
  if (!subject || !html) {
    throw validationError([{ field: 'template', message: 'send a template id, or both subject and body', code: 'invalid_type' }]);
  }
  const fromInput = body.from ?? (template?.from_email ? { email: template.from_email, name: template.from_name ?? undefined } : undefined);
  if (!fromInput) {
    throw validationError(
      [{ field: 'from', message: 'a sender is required (in the request or the template)', code: 'invalid_type' }],
      'Pass from: "you@your-verified-domain.com".',
    );
  }
  const from = parseAddress(fromInput, body.name);
  const type = template?.type ?? 'TRANSACTIONAL';

  await checkSender(deps, projectId, from.email);

  // In the body's order, decoded: the fields' own buffers.
  const attachments = (body.attachments ?? []).map((a, i) => ({
    filename: a.filename,
    contentType: a.contentType,
    contentId: a.contentId,
    disposition: a.disposition ?? 'attachment',
    content: fields.attachments[i].content,
  }));
  if (Buffer.byteLength(html) + Buffer.byteLength(subject) + attachments.reduce((n, a) => n + a.content.length, 0) > MAX_MESSAGE_BYTES) {
    throw new AppError({
      code: 'PAYLOAD_TOO_LARGE',
      status: 413,
      message: 'The message exceeds 40 MB',
      suggestion: 'Send smaller attachments or link to the files.',
    });
  }
  const recipients = normalizeRecipients(body.to);
  const dataBytes = JSON.stringify(body.data ?? {}).length;
  if (dataBytes * recipients.length > MAX_SEND_DATA_BYTES) {
    throw new AppError({
      code: 'PAYLOAD_TOO_LARGE',
      status: 413,
      message: `data is stored for each recipient: ${recipients.length} recipients × ${Math.ceil(dataBytes / 1024)} KB exceeds 100 MB`,
      errors: [{ field: 'data', message: 'too large for this many recipients', code: 'too_big' }],
      suggestion: 'Send to fewer recipients per request, or keep large values out of data.',
    });
  }
  return {
    projectId,
    body,
    template,
    subject,
    html,
    from,
    replyTo: body.reply ?? template?.reply_to ?? undefined,
    type,
    ...trackingOf(tracking, type),
    attachments,
    recipients,
    bytes: Buffer.byteLength(subject) + Buffer.byteLength(html) + attachments.reduce((n, a) => n + a.content.length, 0) + recipients.length * dataBytes,
    traceparent: traceparentOf(),
  };
}

/** Request bytes of contact data per UpsertContacts call: with the answers, far below the 64 MB RPC limit. */
const UPSERT_CALL_BYTES = 8 * 1024 * 1024;

/**
 * Upserts in request order, in as many calls as it takes to keep each under UPSERT_CALL_BYTES (an
 * item alone always goes): 100 recipients sharing megabytes of data would not fit in one message.
 */
async function upsertInCalls(contacts: Api<'contacts'>, items: Array<NonNullable<Parameters<Api<'contacts'>['UpsertContacts']>[0]['items']>[number]>) {
  const size = (i: number) => items[i].data_json?.length ?? 0;
  const out: Array<BatchOutcome<Awaited<ReturnType<Api<'contacts'>['UpsertContact']>>>> = [];
  for (let start = 0; start < items.length;) {
    let end = start + 1;
    let bytes = size(start);
    while (end < items.length && bytes + size(end) <= UPSERT_CALL_BYTES) bytes += size(end++);
    const call = items.slice(start, end);
    // Remote calls: at least a second per MB of data (an item alone may be large).
    out.push(...fromBatchReply((await contacts.UpsertContacts({ items: call }, { deadlineMs: Math.ceil(bytes / 1024) })).results, call.length));
    start = end;
  }
  return out;
}

/** The database half of many sends: one contacts call (more for megabytes of data), one write (which checks suppressions). */
async function persist(deps: SendDeps, sends: PreparedSend[]): Promise<Array<BatchOutcome<SendResult>>> {
  const out: Array<BatchOutcome<SendResult>> = new Array(sends.length);
  // No batch semantics for `to`: one recipient after another, each with its own contact upsert (in order).
  const items = sends.flatMap((s) =>
    s.recipients.map((r) => ({
      project_id: s.projectId,
      email: r.email,
      subscribed: s.body.subscribed,
      default_subscribed: false,
      data_json: JSON.stringify({ ...(s.body.data ?? {}), ...(r.name ? { name: r.name } : {}) }),
    })),
  );
  const upserts = await upsertInCalls(deps.contacts(), items);

  const emails: NewEmail[] = [];
  const events: Array<{ queued: DomainEvent; suppressed: DomainEvent }> = [];
  let k = 0;
  sends.forEach((s, i) => {
    const mine = upserts.slice(k, (k += s.recipients.length));
    const failed = mine.find((u) => !u.ok);
    if (failed) {
      out[i] = failed;
      return;
    }
    const contacts = mine.flatMap((u) => (u.ok ? [u.value] : []));
    const result: SendResult = { emails: [], timestamp: new Date().toISOString() };
    s.recipients.forEach((r, j) => {
      const { contact, transient_json } = contacts[j];
      const stored = JSON.parse(contact!.data_json || '{}');
      const transient = JSON.parse(transient_json || '{}');
      const merged = { ...stored, ...transient };
      const email: NewEmail = {
        projectId: s.projectId,
        id: newId(),
        contactId: contact!.id,
        toEmail: contact!.email,
        toName: r.name,
        fromEmail: s.from.email,
        fromName: s.from.name,
        replyTo: s.replyTo,
        subject: s.subject,
        body: s.html,
        templateId: s.template?.id,
        type: s.type,
        headers: s.body.headers ?? {},
        // The contact's data once; delivery also lays it out at the top level (see compose).
        vars: contactVars(contact!, merged),
        tracking: s.tracking,
        trackOpens: s.trackOpens,
        textBody: s.body.text,
        attachments: s.attachments,
      };
      emails.push(email);
      events.push(
        queuedOrSuppressed(
          deps.repo,
          s.projectId,
          'transactional',
          {
            id: email.id,
            contact_id: email.contactId,
            message_id: null,
            subject: email.subject,
            from_email: email.fromEmail,
            template_id: email.templateId ?? null,
            campaign_id: null,
            source_type: 'transactional',
          },
          s.traceparent,
        ),
      );
      result.emails.push({ contact_id: contact!.id, contact_email: contact!.email, email_id: email.id });
    });
    out[i] = { ok: true, value: result };
  });

  await deps.repo.insertEmails(emails, events);
  return out;
}
