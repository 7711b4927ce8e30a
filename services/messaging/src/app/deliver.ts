import { Batcher, inSpan, LimitVerdict, logger, metrics, newId, OVERLAP_AFTER_MS, traceparentOf, uuidv7Ms } from '../../../../libs/kit/src';
import { withTrapLink } from '../domain/engagement';
import { hasUnsubscribeLink, listHeaders, pixelFits, withUnsubscribeFooter } from '../domain/mail-format';
import { render } from '../domain/render';
import { isRecipientRefusal, isTemporary } from '../domain/smtp';
import type { TokenSigner } from '../domain/tokens';
import { domainOf } from './guardrails';
import type {
  EmailRow,
  EmailsStore,
  GuardrailsStore,
  Mailer,
  MxRoute,
  MxRoutes,
  Outgoing,
  ShapingGate,
  ShapingOutcome,
  SigningKeys,
  Units,
  WarmupStore,
} from './ports';
import { paceChanged } from './shaping';
import { warmupWait } from './warmup';
import { statusEvent } from './send';

export interface DeliveryDeps {
  repo: EmailsStore & Units;
  writes: DeliveryWrites;
  mailer: Mailer;
  /** The recipient domain's MX and provider (cached lookups through DNS_SERVERS). */
  routes: MxRoutes;
  signingKeys: SigningKeys;
  tokens: TokenSigner;
  publicUrl: string;
  /** UNSUBSCRIBE_MAILTO: an address Herald receives, offered as List-Unsubscribe's mailto alternative. */
  unsubscribeMailto?: string;
  /** Takes one point of the project's sending rate (see `batchedLimiter`). */
  throttle: (projectId: string) => Promise<LimitVerdict>;
  maxAttempts: number;
  /** Marketing from a paused domain waits; a refused recipient counts as its hard bounce. */
  guardrails: GuardrailsStore;
  /** Mail over a warming domain's hourly cap for the recipient's provider waits for the next hour. */
  warmup: WarmupStore;
  /** The pace per (domain, provider), adapted to what the provider answers: mail over it waits in the queue. */
  shaping: ShapingGate;
}

/** Marketing held by a paused domain is looked at again this much later (a resume makes it due at once). */
export const PAUSED_HOLD_MS = 3_600_000;

/** Signed headers: nodemailer's defaults plus List-Unsubscribe-Post (RFC 8058 requires it be signed) and Feedback-ID (Gmail asks for it signed). */
const DKIM_HEADERS = [
  'From',
  'Sender',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'Content-ID',
  'Content-Description',
  'In-Reply-To',
  'References',
  'List-Id',
  'List-Help',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
  'List-Subscribe',
  'List-Post',
  'List-Owner',
  'List-Archive',
  'Feedback-ID',
].join(':');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Backoff for temporary failures: 5 s, 10 s, 20 s … capped at 10 minutes. */
export const backoffMs = (attempt: number) => Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 600_000);

/** The hosted-page links of a contact (signed: no bare ids). */
export function subscriptionUrls(tokens: TokenSigner, publicUrl: string, projectId: string, contactId: string, email: string, campaignId?: string | null) {
  const t = tokens.sign({ k: 's', p: projectId, c: contactId, e: email, ...(campaignId ? { m: campaignId } : {}) });
  return { unsubscribeUrl: `${publicUrl}/unsubscribe/${t}`, subscribeUrl: `${publicUrl}/subscribe/${t}`, manageUrl: `${publicUrl}/manage/${t}` };
}

/**
 * Link rewriting through signed gateway URLs, with the hidden trap link when any was rewritten, and
 * the open pixel unless `opens` is false. Our own hosted-page links stay as they are.
 */
export function addTracking(html: string, tokens: TokenSigner, publicUrl: string, projectId: string, emailId: string, opens = true): string {
  const rewritten = html.replace(/(<a\b[^>]*?\bhref\s*=\s*)(["'])(https?:\/\/[^"']+)\2/gi, (m, pre: string, q: string, url: string) => {
    if (url.startsWith(`${publicUrl}/unsubscribe/`) || url.startsWith(`${publicUrl}/manage/`) || url.startsWith(`${publicUrl}/subscribe/`)) return m;
    const decoded = url.replace(/&amp;/g, '&');
    return `${pre}${q}${publicUrl}/t/c/${tokens.sign({ k: 'c', p: projectId, e: emailId, u: decoded })}${q}`;
  });
  const trapped =
    rewritten === html ? rewritten : withTrapLink(rewritten, tokens.sign({ k: 'c', p: projectId, e: emailId, u: `${publicUrl}/`, t: 1 }), publicUrl);
  if (!opens) return trapped;
  const pixel = `<img src="${publicUrl}/t/o/${tokens.sign({ k: 'o', p: projectId, e: emailId })}.gif" width="1" height="1" alt="" style="display:none">`;
  return /<\/body>/i.test(trapped) ? trapped.replace(/<\/body>/i, `${pixel}</body>`) : trapped + pixel;
}

/**
 * The sender's two writes per email — the claim and the "sent" record — batched across the
 * workers of this process: one statement claims many emails, one transaction records many sent
 * (with their status events). See `Batcher`.
 */
type Sent = { email: EmailRow; messageId: string; delivered: boolean; traceparent?: string };

export class DeliveryWrites {
  private claims: Batcher<{ projectId: string; id: string; redelivered: boolean }, EmailRow | undefined>;
  private sents: Batcher<Sent, void>;
  private providers: Batcher<{ projectId: string; id: string; provider: string }, void>;

  constructor(repo: EmailsStore) {
    this.claims = new Batcher(
      async (items) => {
        const rows = new Map((await repo.claim(items)).map((r) => [r.id, r]));
        // A row goes to one worker only, also when two copies of a work item meet in one batch.
        return items.map((i) => {
          const row = rows.get(i.id);
          rows.delete(i.id);
          return { ok: true, value: row };
        });
      },
      { name: 'deliver.claim', maxBatch: 200, concurrency: 2, overlapAfterMs: OVERLAP_AFTER_MS },
    );
    this.sents = new Batcher<Sent, void>(
      async (items) => {
        const byId = new Map(items.map((i) => [i.email.id, i]));
        const event = (status: 'sent' | 'delivered') => (m: { id: string; messageId?: string }) => {
          const { email, traceparent } = byId.get(m.id)!;
          return { ...statusEvent(email.project_id, { ...email, message_id: m.messageId ?? null }, status), traceparent };
        };
        await repo.advanceWithEvents(
          'sent',
          items.map((i) => ({ projectId: i.email.project_id, id: i.email.id, messageId: i.messageId })),
          event('sent'),
        );
        // The dev mailbox is the final destination: that mail is delivered as well.
        const dev = items.filter((i) => i.delivered);
        if (dev.length)
          await repo.advanceWithEvents(
            'delivered',
            dev.map((i) => ({ projectId: i.email.project_id, id: i.email.id, messageId: i.messageId })),
            event('delivered'),
          );
        return items.map(() => ({ ok: true as const, value: undefined }));
      },
      // Recording "sent" is not on the way to the recipient: under load, one flush per 20 ms.
      { name: 'deliver.sent', maxBatch: 200, concurrency: 2, spacingMs: 20 },
    );
    this.providers = new Batcher<{ projectId: string; id: string; provider: string }, void>(
      async (items) => {
        await repo.setProviders(items);
        return items.map(() => ({ ok: true as const, value: undefined }));
      },
      { name: 'deliver.provider', maxBatch: 200, concurrency: 1 },
    );
  }

  /** Records the recipient's provider on the email row (batched: one statement for the emails of many workers). */
  provider(projectId: string, id: string, provider: string) {
    return this.providers.submit({ projectId, id, provider });
  }

  claim(projectId: string, id: string, redelivered: boolean) {
    return this.claims.submit({ projectId, id, redelivered });
  }

  /** Records that SMTP accepted the email (and, for the dev mailbox, that it arrived); its events continue the sender's trace. */
  sent(email: EmailRow, messageId: string, delivered: boolean) {
    return this.sents.submit({ email, messageId, delivered, traceparent: traceparentOf() });
  }
}

/**
 * A sender worker's job for one email: claim it, wait for the project's throttle, render, DKIM-sign
 * and hand it to SMTP; then record sent (or retry later, or failed) with a status event.
 */
export async function deliver(deps: DeliveryDeps, projectId: string, emailId: string, redelivered: boolean): Promise<void> {
  const email = await deps.writes.claim(projectId, emailId, redelivered);
  if (!email) return; // done already, not due yet, cancelled, or another worker has it

  if (email.type === 'MARKETING' && deps.guardrails.isPaused(email.project_id, domainOf(email.from_email)))
    return holdBack(deps, email, PAUSED_HOLD_MS, 'paused', 'held: marketing mail from this domain is paused by its guardrails');

  // The recipient's provider, from its domain's MX: recorded on the row (stats group by it).
  const route: MxRoute = await deps.routes.route(email.to_email.slice(email.to_email.lastIndexOf('@') + 1));
  // Not waited for: it is not on the way to the recipient.
  if (email.provider !== route.provider)
    deps.writes
      .provider(projectId, email.id, route.provider)
      .catch((err: unknown) => logger.warn({ err, emailId }, 'the recipient provider could not be recorded'));

  // Traffic shaping: a place in the (domain, provider) pace, or the email waits queued (no attempt spent).
  const key = { projectId: email.project_id, domain: domainOf(email.from_email), provider: route.provider };
  const slot = await deps.shaping.acquire(key);
  if (!slot.ok) return holdBack(deps, email, slot.waitMs, 'shaping', slot.reason);
  // The place is given back as soon as SMTP answers (not after the status is written): the answer adjusts the pace.
  let released = false;
  const release = (outcome: ShapingOutcome) => {
    if (released) return;
    released = true;
    const change = slot.release(outcome);
    if (change) paceChanged(deps, key, change).catch((err: unknown) => logger.warn({ err, emailId }, 'a change of pace could not be recorded'));
  };
  try {
    // Warm-up: over this hour's cap for the provider, the email waits queued for the next hour (no attempt spent).
    const over = await warmupWait(deps.warmup, email, route.provider).catch((err: unknown) => {
      logger.warn({ err, emailId }, 'the warm-up cap could not be checked; sending');
      return undefined;
    });
    if (over) return holdBack(deps, email, over.waitMs, 'warmup', `held: the warm-up cap for ${route.provider} (${over.cap} an hour) is reached`);
    await handOff(deps, email, route, release);
  } finally {
    release({ kind: 'other' });
  }
}

/** The project's throttle, the message built and signed, SMTP's answer recorded; `answered` tells the pace how the handoff ended. */
async function handOff(deps: DeliveryDeps, email: EmailRow, route: MxRoute, answered: (outcome: ShapingOutcome) => void): Promise<void> {
  const projectId = email.project_id;
  const emailId = email.id;
  for (;;) {
    let v: LimitVerdict;
    try {
      v = await deps.throttle(projectId);
    } catch {
      break; // limiter store down: do not block sending
    }
    if (v.allowed) break;
    metrics.rateLimited.inc({ scope: 'send' });
    await sleep(Math.max(10, v.msBeforeNext));
  }

  let msg: Outgoing;
  try {
    msg = { ...(await compose(deps, email)), route };
  } catch (err) {
    // Rendering does not throw; what fails here is the signing key (the domains service down, or
    // mid-upgrade an older replica handing out a key it cannot decrypt): retried like a 4xx reply.
    return retryOrFail(deps, email, `compose failed: ${(err as Error).message}`, true);
  }

  let sent = false;
  try {
    const result = await inSpan('smtp send', 'client', () => deps.mailer.send(msg), {
      attributes: { 'herald.lane': email.lane, 'herald.mailer': deps.mailer.kind },
    });
    sent = true;
    answered({ kind: 'accepted' });
    handedOff(email, '2xx');
    try {
      await deps.writes.sent(email, msg.mail.messageId as string, deps.mailer.kind === 'dev');
    } catch (err) {
      // SMTP has the message: never retry it from here. The row stays "sending"; the sweep takes
      // it up again 2 to 2.5 minutes later if it is still there (at least once, as after a crash).
      logger.error({ err, emailId }, 'email sent but its status could not be recorded');
      return;
    }
    if (result.raw !== undefined) {
      await deps.repo.saveDevMail(projectId, {
        id: newId(),
        emailId: email.id,
        recipient: email.to_email,
        sender: email.from_email,
        subject: msg.mail.subject as string,
        raw: result.raw,
      });
    }
  } catch (err) {
    if (!sent) {
      handedOff(email, smtpClass(err));
      answered(smtpClass(err) === '4xx' ? { kind: 'deferred', reply: replyOf(err) } : { kind: 'other' });
    }
    await retryOrFail(deps, email, (err as Error).message ?? String(err), isTemporary(err), isRecipientRefusal(err), smtpClass(err) === '4xx');
  }
}

/** Back to the queue, due in `ms`, without spending the attempt: what holds it (a pause, the pace, a cap) and why (decision 0341). */
function holdBack(deps: DeliveryDeps, email: EmailRow, ms: number, by: 'paused' | 'shaping' | 'warmup', reason: string) {
  metrics.emails.inc({ lane: email.lane, outcome: 'held' });
  return deps.repo.hold(email.project_id, email.id, ms, by, reason);
}

/** The text of an SMTP reply a send failed with (its code and enhanced status included). */
function replyOf(err: unknown): string {
  const e = err as { response?: unknown; message?: unknown };
  return String(e.response ?? e.message ?? err);
}

/** The class of an SMTP server's answer to a failed handoff: its reply code's, or `error` when there is none (connection, TLS, timeout). */
export function smtpClass(err: unknown): '4xx' | '5xx' | 'error' {
  const code = (err as { responseCode?: unknown } | undefined)?.responseCode;
  if (typeof code === 'number' && code >= 400 && code < 500) return '4xx';
  if (typeof code === 'number' && code >= 500 && code < 600) return '5xx';
  return 'error';
}

/** The SMTP server answered a handoff (or the connection failed): its class, and the time since the email was accepted. */
function handedOff(email: EmailRow, cls: '2xx' | '4xx' | '5xx' | 'error') {
  metrics.smtpResponses.inc({ lane: email.lane, class: cls });
  const acceptedAt = uuidv7Ms(email.id);
  if (acceptedAt !== undefined) metrics.emailHandoff.observe({ lane: email.lane }, Math.max(0, Date.now() - acceptedAt) / 1000);
}

/** A temporary failure is retried with backoff until SEND_MAX_ATTEMPTS; anything else fails the email. */
async function retryOrFail(deps: DeliveryDeps, email: EmailRow, message: string, temporary: boolean, refused = false, deferred = false) {
  if (temporary && email.attempts < deps.maxAttempts) {
    metrics.emails.inc({ lane: email.lane, outcome: 'retried' });
    logger.warn({ emailId: email.id, attempt: email.attempts, err: message }, 'temporary delivery failure; will retry');
    await deps.repo.retryLater(email.project_id, email.id, backoffMs(email.attempts), message, deferred);
  } else {
    logger.warn({ emailId: email.id, err: message }, 'delivery failed permanently');
    await fail(deps, email, message, refused);
  }
}

async function fail(deps: DeliveryDeps, email: EmailRow, reason: string, refused: boolean) {
  const moved = await deps.repo.uow.run(async (work) => {
    const row = await deps.repo.advance(work, email.project_id, email.id, 'failed', { error: reason.slice(0, 500) });
    if (row && refused) await deps.guardrails.refused(work, email.project_id, email.id);
    if (row) await deps.repo.outbox.enqueue(work, [statusEvent(email.project_id, row, 'failed', { reason: reason.slice(0, 200) })]);
    return row !== undefined;
  });
  if (moved) metrics.emails.inc({ lane: email.lane, outcome: 'failed' });
}

async function compose(deps: DeliveryDeps, email: EmailRow): Promise<Outgoing> {
  const domain = email.from_email.split('@')[1];
  const key = await deps.signingKeys.get(email.project_id, domain);
  // Not a PEM key (mid-rollout, a domains replica older than ENCRYPTION_KEY hands out the stored,
  // encrypted form): fail here, where it is retried, not while signing, where it would be final.
  if (key.found && !key.private_key_pem.startsWith('-----BEGIN ')) throw new Error(`the signing key of ${domain} is not a PEM key`);
  const urls = subscriptionUrls(deps.tokens, deps.publicUrl, email.project_id, email.contact_id, email.to_email, email.campaign_id);
  // Data keys at the top level ({{plan}}) and under data ({{data.plan}}); the built-ins win. Rows
  // stored by earlier builds hold the top-level copy already, which this repeats harmlessly.
  const vars = { ...(email.vars.data as Record<string, unknown> | undefined), ...email.vars, ...urls };
  const subject = render(email.subject, vars, { escape: false }).replace(/[\r\n]+/g, ' ');
  let html = render(email.body, vars);
  const headers: Record<string, string> = { ...email.headers };
  if (email.type === 'MARKETING') {
    if (!hasUnsubscribeLink(html, [urls.unsubscribeUrl, urls.manageUrl])) html = withUnsubscribeFooter(html, urls.unsubscribeUrl);
    // The sender's own List-* headers give way to the ones Herald's pages and feedback loops answer.
    for (const name of Object.keys(headers)) if (/^(list-unsubscribe(-post)?|list-id|feedback-id)$/i.test(name)) delete headers[name];
    Object.assign(
      headers,
      listHeaders({
        projectId: email.project_id,
        domain,
        campaignId: email.campaign_id,
        sourceType: email.source_type,
        unsubscribeUrl: urls.unsubscribeUrl,
        mailto: deps.unsubscribeMailto
          ? { address: deps.unsubscribeMailto, token: urls.unsubscribeUrl.slice(urls.unsubscribeUrl.lastIndexOf('/') + 1) }
          : undefined,
      }),
    );
  }
  // The text part: the sender's, or written from the HTML as the recipient reads it (before tracking rewrites its links).
  const text = email.text_body !== null ? render(email.text_body, vars, { escape: false }) : undefined;
  const textFrom = text === undefined ? html : undefined;
  if (email.tracking) html = addTracking(html, deps.tokens, deps.publicUrl, email.project_id, email.id, (email.track_opens ?? true) && pixelFits(html));

  const attachments = email.attachment_count > 0 ? await deps.repo.attachments(email.project_id, email.id) : [];
  return {
    mail: {
      messageId: `<${email.id}@${domain}>`,
      from: email.from_name ? { name: email.from_name, address: email.from_email } : email.from_email,
      to: email.to_name ? { name: email.to_name, address: email.to_email } : email.to_email,
      replyTo: email.reply_to ?? undefined,
      subject,
      html,
      text,
      headers,
      attachments: attachments.map((a) => ({
        filename: a.filename,
        content: a.content,
        contentType: a.content_type,
        cid: a.content_id ?? undefined,
        contentDisposition: a.disposition === 'inline' ? 'inline' : 'attachment',
      })),
    },
    textFrom,
    envelope: { from: key.found && key.return_path_domain ? `bounces@${key.return_path_domain}` : email.from_email, to: [email.to_email] },
    dkim: key.found ? { domainName: key.domain, keySelector: key.selector, privateKeyPem: key.private_key_pem, headerFieldNames: DKIM_HEADERS } : undefined,
  };
}
