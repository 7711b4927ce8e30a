import type { Api } from '../../../../libs/contracts/src';
import { isUuid, logger, metrics, newId, notFound, runWithContext, ttlMemo } from '../../../../libs/kit/src';
import { bareAddress, domainOf, summarize, type InboundSummary } from '../domain/inbound';
import { mailtoUnsubscribeToken } from '../domain/mail-format';
import type { InboundStore, Units } from './ports';

export interface InboundDeps {
  repo: InboundStore & Units;
  contacts: () => Api<'contacts'>;
  domains: () => Api<'domains'>;
  /** INBOUND_MAX_BYTES: the largest raw message kept (the SMTP listener refuses larger ones). */
  maxBytes: number;
  /** UNSUBSCRIBE_MAILTO: the address List-Unsubscribe's mailto names, and what unsubscribes a signed subscription token. */
  unsubscribe?: { address: string; apply(token: string): Promise<void> };
}

/** A message as it arrived, before anyone looked inside. */
export interface ArrivedMail {
  via: 'ses' | 'smtp';
  /** What makes a replay the same message: the SNS message id, or the SMTP transaction's id. */
  sourceKey: string;
  /** Envelope sender (MAIL FROM, SES mail.source). */
  envelopeFrom?: string;
  /** The raw message, or only its header section when SES did not include it (an S3 action). */
  raw: Buffer;
  /** `raw` is only the header section: read it, never keep it. */
  headersOnly?: boolean;
  /** The raw message's size (as SES or the listener counted it; 0 when unknown). */
  size: number;
}

export interface Recorded {
  projectId: string;
  inboundId: string;
  duplicate: boolean;
}

/** The projects that verified a domain (domains' InboundDomain), and whether its MX names Herald in each. */
export type DomainRoutes = (domain: string) => Promise<Array<{ project_id: string; mx_found: boolean }>>;

export const domainRoutes =
  (domains: () => Api<'domains'>): DomainRoutes =>
  async (domain) =>
    (await domains().InboundDomain({ domain })).routes;

/**
 * `domainRoutes` remembered `ttlMs` per domain (at most `max` domains): the SMTP listener asks at
 * every RCPT, and mail for one domain (or spam for one that is not served) comes in bursts.
 */
export function cachedRoutes(routes: DomainRoutes, ttlMs: number, max = 10_000): DomainRoutes {
  const memo = ttlMemo<Awaited<ReturnType<DomainRoutes>>>({ ttlMs, max });
  return (domain) => memo(domain, () => routes(domain));
}

/**
 * The projects a message goes to, each with its recipients: every project that verified a
 * recipient's domain (and, for the SMTP listener, whose MX names Herald: `requireMx`).
 */
export async function projectsOf(routesOf: DomainRoutes, recipients: string[], requireMx: boolean): Promise<Map<string, string[]>> {
  const byDomain = new Map<string, string[]>();
  for (const r of recipients) {
    const a = bareAddress(r);
    if (!a) continue;
    byDomain.set(domainOf(a), [...(byDomain.get(domainOf(a)) ?? []), a]);
  }
  const out = new Map<string, string[]>();
  await Promise.all(
    [...byDomain].map(async ([domain, addresses]) => {
      for (const route of await routesOf(domain)) {
        if (requireMx && !route.mx_found) continue;
        out.set(route.project_id, [...(out.get(route.project_id) ?? []), ...addresses]);
      }
    }),
  );
  return out;
}

/**
 * Records a received message in every project it is for: the sender's contact (created if new,
 * not subscribed; an existing one keeps its state), the message (raw kept when within
 * INBOUND_MAX_BYTES) and its messaging.email.received.v1 event, once per (project, source key).
 * Callers pass at least one project (they refuse mail for none first).
 */
export async function receive(deps: InboundDeps, mail: ArrivedMail, projects: Map<string, string[]>): Promise<Recorded[]> {
  const summary = await summarize(mail.raw, mail.envelopeFrom);
  if (!summary.from) {
    // A bounce (null sender) with no From: there is no one to record it on.
    metrics.inbound.inc({ via: mail.via, outcome: 'dropped' });
    logger.info({ via: mail.via, size: mail.size }, 'inbound message without a sender address dropped');
    return [];
  }
  const raw = !mail.headersOnly && mail.raw.length <= deps.maxBytes ? mail.raw : null;
  const out: Recorded[] = [];
  for (const [projectId, to] of projects) {
    out.push(await runWithContext({ requestId: `inbound.${mail.via}`, projectId }, () => recordIn(deps, projectId, mail, summary, to, raw)));
  }
  return out;
}

async function recordIn(deps: InboundDeps, projectId: string, mail: ArrivedMail, s: InboundSummary, to: string[], raw: Buffer | null): Promise<Recorded> {
  const { contact } = await deps.contacts().UpsertContact({ email: s.from, default_subscribed: false, data_json: '' }, { projectId });
  const replied = await deps.repo.repliedEmail(projectId, { emailIds: s.threadEmailIds, messageIds: s.threadMessageIds });
  const id = newId();
  const row = {
    id,
    via: mail.via,
    contact_id: contact!.id,
    from_email: s.from,
    to_emails: to,
    subject: s.subject,
    message_id: s.messageId,
    snippet: s.snippet,
    attachments: s.attachments,
    auto_reply: s.autoReply,
    reply_to_email_id: replied?.id ?? null,
    campaign_id: replied?.campaign_id ?? null,
    template_id: replied?.template_id ?? null,
    size: mail.size,
  };
  const stored = await deps.repo.uow.run(async (work) => {
    if (!(await deps.repo.insertInbound(work, { ...row, projectId, sourceKey: `${mail.via}:${mail.sourceKey}`, raw }))) return false;
    await deps.repo.outbox.enqueue(work, [
      {
        type: 'messaging.email.received.v1',
        projectId,
        data: {
          inboundId: id,
          contactId: row.contact_id,
          from: s.from,
          to,
          subject: s.subject,
          messageId: s.messageId,
          snippet: s.snippet,
          attachments: s.attachments,
          autoReply: s.autoReply,
          inReplyTo: replied ? { emailId: replied.id, campaignId: replied.campaign_id, templateId: replied.template_id } : null,
          via: mail.via,
        },
      },
    ]);
    return true;
  });
  metrics.inbound.inc({ via: mail.via, outcome: stored ? 'recorded' : 'duplicate' });
  return { projectId, inboundId: id, duplicate: !stored };
}

/**
 * Mail to UNSUBSCRIBE_MAILTO (a List-Unsubscribe mailto): its subject carries the signed token of
 * the hosted unsubscribe page, and applying it is what the page's button does. A subject without
 * a valid token changes nothing (the message is not kept either: it is a command, not mail).
 */
export async function receiveUnsubscribe(deps: InboundDeps, mail: ArrivedMail): Promise<boolean> {
  const token = mailtoUnsubscribeToken((await summarize(mail.raw, mail.envelopeFrom)).subject);
  if (!token || !deps.unsubscribe) return false;
  try {
    await deps.unsubscribe.apply(token);
  } catch (err) {
    // A forged or stale token, or a contact deleted since: nothing to unsubscribe.
    const status = (err as { status?: number }).status;
    if (status !== undefined && status < 500) return false;
    throw err;
  }
  metrics.inbound.inc({ via: mail.via, outcome: 'unsubscribed' });
  return true;
}

const inboundNotFound = () => notFound('Inbound message', 'INBOUND_NOT_FOUND');

/** GET /inbound/:id: what was received (no body; the raw message is at /inbound/:id/raw). */
export async function getInbound(repo: InboundStore, projectId: string, id: string) {
  const row = isUuid(id) ? await repo.inbound(projectId, id) : undefined;
  if (!row) throw inboundNotFound();
  return row;
}

export async function getInboundRaw(repo: InboundStore, projectId: string, id: string): Promise<Buffer> {
  const raw = isUuid(id) ? await repo.inboundRaw(projectId, id) : undefined;
  if (!raw) throw inboundNotFound();
  return raw;
}
