import type { PoolClient } from 'pg';
import { z } from 'zod';
import { AppError, forbidden, isUuid, newId, notFound, validationError } from '../../../../libs/kit/src';
import { enqueue, NewEvent } from '../../../../libs/bus/src';
import type { ContactsApi, DomainsApi } from '../../../../libs/contracts/src';
import { createSendRequestSchema, MAX_MESSAGE_BYTES, normalizeRecipients, parseAddress } from '../domain/send';
import type { MessagingRepo, NewEmail, EmailRow } from '../adapters/repo';
import { SCHEMA } from '../migrations';

export type Tracking = 'ENABLED' | 'DISABLED' | 'MARKETING_ONLY';

const schemas = new Map<number, ReturnType<typeof createSendRequestSchema>>();
const schemaFor = (maxAttachmentBytes: number) => {
  if (!schemas.has(maxAttachmentBytes)) schemas.set(maxAttachmentBytes, createSendRequestSchema({ maxAttachmentBytes }));
  return schemas.get(maxAttachmentBytes)!;
};

const zodErrors = (e: z.ZodError) =>
  e.issues.map((i) => ({ field: i.path.map(String).join('.') || 'body', message: i.message, code: i.code === 'invalid_format' ? 'invalid_string' : i.code }));

type StatusSource = Pick<EmailRow, 'id' | 'contact_id' | 'message_id' | 'subject' | 'from_email' | 'template_id' | 'campaign_id' | 'source_type'>;

/** The status-change domain event of an email (the events service records the public email.* event). */
export function statusEvent(projectId: string, e: StatusSource, status: EmailRow['status'], extra: { link?: string; bounceType?: string; reason?: string } = {}): NewEvent {
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
 * POST /v1/send (SPEC §4.1, COMPAT "Public API"): validate, resolve template and sender, upsert
 * each recipient's contact in turn, then persist every email and queue it in one transaction.
 * Delivery happens behind the response.
 */
export async function send(
  deps: { repo: MessagingRepo; contacts: () => ContactsApi; domains: () => DomainsApi; maxAttachmentBytes: number; devMailbox: boolean },
  projectId: string,
  requestJson: string,
  tracking: Tracking,
) {
  let raw: unknown;
  try {
    raw = JSON.parse(requestJson);
  } catch {
    throw validationError([{ field: 'body', message: 'must be a JSON object', code: 'invalid_type' }]);
  }
  const parsed = schemaFor(deps.maxAttachmentBytes).safeParse(raw);
  if (!parsed.success) throw validationError(zodErrors(parsed.error));
  const body = parsed.data;

  const template = body.template ? (isUuid(body.template) ? await deps.repo.template(projectId, body.template) : undefined) : undefined;
  if (body.template && !template) throw notFound('Template', 'TEMPLATE_NOT_FOUND');

  const subject = body.subject ?? template?.subject;
  const html = body.body ?? template?.body;
  if (!subject || !html) {
    throw validationError([{ field: 'template', message: 'send a template id, or both subject and body', code: 'invalid_type' }]);
  }
  const fromInput = body.from ?? (template?.from_email ? { email: template.from_email, name: template.from_name ?? undefined } : undefined);
  if (!fromInput) {
    throw validationError([{ field: 'from', message: 'a sender is required (in the request or the template)', code: 'invalid_type' }], 'Pass from: "you@your-verified-domain.com".');
  }
  const from = parseAddress(fromInput, body.name);
  const replyTo = body.reply ?? template?.reply_to ?? undefined;
  const type = template?.type ?? 'TRANSACTIONAL';

  const sender = await deps.domains().CheckSender({ project_id: projectId, email: from.email });
  // The dev mailbox keeps mail on this machine, so a newcomer can send before owning a domain.
  if (!sender.verified && !deps.devMailbox) {
    throw forbidden(`The sender domain of ${from.email} is not verified for this project`, 'DOMAIN_NOT_VERIFIED', 'Add the domain (POST /domains), publish its DNS records and verify it.');
  }

  const attachments = (body.attachments ?? []).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    contentId: a.contentId,
    disposition: a.disposition ?? 'attachment',
    content: Buffer.from(a.content, 'base64'),
  }));
  if (Buffer.byteLength(html) + Buffer.byteLength(subject) + attachments.reduce((n, a) => n + a.content.length, 0) > MAX_MESSAGE_BYTES) {
    throw new AppError({ code: 'PAYLOAD_TOO_LARGE', status: 413, message: 'The message exceeds 40 MB', suggestion: 'Send smaller attachments or link to the files.' });
  }

  const recipients = normalizeRecipients(body.to);
  const suppressed = await deps.repo.suppressed(projectId, recipients.map((r) => r.email));
  const trackThis = tracking === 'ENABLED' || (tracking === 'MARKETING_ONLY' && type === 'MARKETING');
  const emails: NewEmail[] = [];
  const results: Array<{ contact_id: string; contact_email: string; email_id: string }> = [];

  // SPEC §4.1 rule 2: one recipient after another, each with its own contact upsert.
  for (const r of recipients) {
    const data = { ...(body.data ?? {}), ...(r.name ? { name: r.name } : {}) };
    const { contact, transient_json } = await deps.contacts().UpsertContact({
      project_id: projectId,
      email: r.email,
      subscribed: body.subscribed,
      default_subscribed: false,
      data_json: JSON.stringify(data),
    });
    const stored = JSON.parse(contact!.data_json || '{}');
    const transient = JSON.parse(transient_json || '{}');
    const merged = { ...stored, ...transient };
    const isSuppressed = suppressed.has(contact!.email);
    const id = newId();
    emails.push({
      id,
      contactId: contact!.id,
      toEmail: contact!.email,
      toName: r.name,
      fromEmail: from.email,
      fromName: from.name,
      replyTo,
      subject,
      body: html,
      templateId: template?.id,
      type,
      headers: body.headers ?? {},
      vars: { ...merged, data: merged, email: contact!.email, id: contact!.id, subscribed: contact!.subscribed },
      tracking: trackThis,
      status: isSuppressed ? 'failed' : 'queued',
      lastError: isSuppressed ? 'suppressed: the address bounced or complained before' : undefined,
      attachments,
    });
    results.push({ contact_id: contact!.id, contact_email: contact!.email, email_id: id });
  }

  await deps.repo.db.tx(async (tx: PoolClient) => {
    await deps.repo.insertEmails(tx, projectId, emails);
    await enqueue(
      tx,
      SCHEMA,
      emails.map((e) =>
        e.status === 'queued'
          ? { type: 'messaging.email.queued.v1', projectId, data: { emailId: e.id, lane: 'transactional' } }
          : statusEvent(
              projectId,
              { id: e.id, contact_id: e.contactId, message_id: null, subject: e.subject, from_email: e.fromEmail, template_id: e.templateId ?? null, campaign_id: null, source_type: 'transactional' },
              'failed',
              { reason: 'suppressed' },
            ),
      ),
    );
  });
  return { emails: results, timestamp: new Date().toISOString() };
}
