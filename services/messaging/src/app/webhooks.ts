import type { NewEvent } from '../../../../libs/bus/src';
import type { Api } from '../../../../libs/contracts/src';
import { AppError, logger, metrics } from '../../../../libs/kit/src';
import { parseSesNotification, parseSnsEnvelope, verifySignature, type SesNotification } from '../domain/sns';
import type { EmailStatus } from '../domain/status';
import type { EmailRow, EmailsStore, EngagementsStore, SnsCertificates, SnsSubscriptions, SuppressionsStore, Units } from './ports';
import { trackEngagement } from './engagement';
import { statusEvent } from './send';
import { bareAddress } from '../domain/inbound';
import { domainRoutes, projectsOf, receive, receiveUnsubscribe, type InboundDeps } from './inbound';
import { domainOf, judgeComplaint, type GuardrailDeps } from './guardrails';
import { reputation } from './reputation';

export interface WebhookDeps {
  repo: EmailsStore & SuppressionsStore & EngagementsStore & Units;
  /** The keyed digest engagements know a client by (TokenSigner.digest). */
  digest: (text: string) => string;
  contacts: () => Api<'contacts'>;
  certs: SnsCertificates;
  subscriptions: SnsSubscriptions;
  /** Disable a project whose bounce or complaint level turns critical (Plunk's reputation rule). */
  enforceReputation: boolean;
  /** SNS_TOPIC_ARNS: the only topics whose messages are accepted (anyone can sign for their own topic). */
  topicArns: string[];
  /** Received notifications (inbound mail). */
  inbound: InboundDeps;
  /** A complaint is judged against its sending domain's guardrails. */
  guardrails: GuardrailDeps;
}

const STATUS_OF: Record<string, EmailStatus | undefined> = { delivery: 'delivered', open: 'opened', click: 'clicked', complaint: 'complained' };

/**
 * POST /webhooks/mail: an SNS message carrying an SES notification. The signature is checked
 * against the signing certificate (from allowed URLs only), subscriptions are confirmed, and the
 * notification is applied once (by SNS message id) to the email it names.
 */
/** What was done with a notification (NotificationResponse): the fields its outcome has. */
export interface MailOutcome {
  outcome: string;
  subscriptionArn?: string | null;
  kind?: string;
  emailId?: string;
  inboundIds?: string[];
}

export async function handleMailNotification(deps: WebhookDeps, body: string): Promise<MailOutcome> {
  const msg = parseSnsEnvelope(body);
  if (!deps.topicArns.includes(msg.TopicArn)) {
    throw new AppError({
      code: 'FORBIDDEN',
      status: 403,
      message: `SNS topic ${msg.TopicArn} is not accepted`,
      suggestion: 'List the SES notification topic in SNS_TOPIC_ARNS (comma-separated ARNs).',
    });
  }
  const cert = await deps.certs.get(msg.SigningCertURL);
  if (!verifySignature(msg, cert)) {
    throw new AppError({
      code: 'INVALID_SIGNATURE',
      status: 403,
      message: 'The SNS signature does not verify',
      suggestion: 'Only Amazon SNS (or the configured signer) may post here.',
    });
  }
  if (msg.Type === 'SubscriptionConfirmation') {
    const r = await deps.subscriptions.confirm(msg);
    return { outcome: 'subscription_confirmed', subscriptionArn: r.subscriptionArn };
  }
  if (msg.Type !== 'Notification') return { outcome: 'ignored' };

  const n = parseSesNotification(msg.Message);
  if (n.kind === 'received') return received(deps.inbound, msg.MessageId, n);
  let email;
  for (const id of n.messageIds) if ((email = await deps.repo.byMessageId(id))) break;
  if (!email) return { outcome: 'unknown_email' };
  const projectId = email.project_id;

  const permanent = n.kind === 'complaint' || (n.kind === 'bounce' && n.bounceType === 'Permanent');
  let moved: { lane: EmailRow['lane']; status: EmailStatus } | undefined;
  const applied = await deps.repo.uow.run(async (work) => {
    if (!(await deps.repo.firstNotification(work, msg.MessageId))) return false;
    const events: NewEvent[] = [];
    const status = n.kind === 'bounce' ? (n.bounceType === 'Permanent' ? 'bounced' : undefined) : STATUS_OF[n.kind];
    if (n.kind === 'open' || n.kind === 'click') {
      // The provider's own tracking: classified as Herald's (the address and user agent it reports).
      const ip = typeof n.details.ipAddress === 'string' ? n.details.ipAddress : undefined;
      const tracked = await trackEngagement(
        { repo: deps.repo, digest: deps.digest },
        work,
        { projectId, emailId: email!.id, kind: n.kind, link: n.link },
        { ip, userAgent: n.userAgent, method: 'GET' },
      );
      if (tracked.some((e) => (e.data as { status?: string; raw?: boolean }).status === status && (e.data as { raw?: boolean }).raw !== false))
        moved = { lane: email!.lane, status: status! };
      events.push(...tracked);
    } else if (status) {
      const row = await deps.repo.advance(work, projectId, email!.id, status);
      if (row) {
        moved = { lane: row.lane, status };
        events.push(statusEvent(projectId, row, status, { link: n.link, bounceType: n.bounceType }));
      }
    } else if (n.kind === 'bounce') {
      // A transient bounce changes nothing but is worth seeing on the contact's timeline.
      events.push(statusEvent(projectId, email!, 'bounced', { bounceType: n.bounceType ?? 'Transient', reason: 'transient' }));
    }
    // A complaint is judged by its domain's guardrails first; the project-level rule (the last line)
    // disables the project for complaints only once they go on past the domain's pause.
    let pausedBefore = false;
    if (n.kind === 'complaint' && moved) {
      const judged = await judgeComplaint(deps.guardrails, work, projectId, domainOf(email!.from_email));
      events.push(...judged.events);
      pausedBefore = judged.pausedBefore;
    }
    if (permanent) {
      await deps.repo.suppress(work, projectId, email!.to_email, n.kind === 'complaint' ? 'complaint' : 'bounce');
      if (deps.enforceReputation) {
        const rep = reputation(await deps.repo.reputation(projectId, work));
        const critical = Object.entries(rep.levels).filter(([name, l]) => l === 'critical' && (!name.startsWith('complaint') || pausedBefore));
        if (critical.length) {
          events.push({
            type: 'messaging.project.reputation_critical.v1',
            projectId,
            data: { levels: rep.levels, bounceRate7Day: rep.sevenDay.bounceRate, complaintRate7Day: rep.sevenDay.complaintRate },
          });
        }
      }
    }
    await deps.repo.outbox.enqueue(work, events);
    return true;
  });
  // A notification that moved the email or recorded a step of it (delivered, bounced, complained), counted once committed.
  if (applied && moved) metrics.emails.inc({ lane: moved.lane, outcome: moved.status });
  if (applied && permanent) {
    // Bounced or complained: never mail marketing to this contact again.
    await deps
      .contacts()
      .UpdateContact({ id: email.contact_id, subscribed: false, data_json: '' }, { projectId })
      .catch((err) => logger.warn({ err: err.message, contactId: email!.contact_id }, 'could not unsubscribe the contact'));
  }
  return { outcome: applied ? 'applied' : 'duplicate', kind: n.kind, emailId: email.id };
}

/**
 * A Received notification: mail SES accepted for a recipient on a verified domain of one or more
 * projects is recorded there (SES already took it, so a message over INBOUND_MAX_BYTES is
 * recorded without its raw message). A replay of the SNS message records nothing again.
 */
async function received(deps: InboundDeps, snsMessageId: string, n: SesNotification): Promise<MailOutcome> {
  const projects = await projectsOf(domainRoutes(deps.domains), n.recipients, false);
  const source = typeof n.details.source === 'string' ? n.details.source : undefined;
  const mail = {
    via: 'ses' as const,
    sourceKey: snsMessageId,
    envelopeFrom: source,
    raw: n.content ?? n.headerSection!, // a Received notification without content always has its header section
    headersOnly: !n.content,
    size: n.content?.length ?? 0,
  };
  const unsubscribed =
    deps.unsubscribe && n.recipients.some((r) => bareAddress(r) === deps.unsubscribe!.address) ? await receiveUnsubscribe(deps, mail) : false;
  if (projects.size === 0) return { outcome: unsubscribed ? 'applied' : 'unknown_recipient', kind: n.kind };
  const recorded = await receive(deps, mail, projects);
  if (recorded.length === 0) return { outcome: 'no_sender', kind: n.kind };
  return {
    outcome: recorded.every((r) => r.duplicate) ? 'duplicate' : 'applied',
    kind: n.kind,
    inboundIds: recorded.filter((r) => !r.duplicate).map((r) => r.inboundId),
  };
}
