import { projectOf, type Api, type Handlers } from '../../../../libs/contracts/src';
import { AppError, badRequest, inSpan, isUuid, notFound, runWithContext, toBatchReply } from '../../../../libs/kit/src';
import { complianceChecks } from '../domain/compliance';
import { verifyEmail } from '../domain/verify';
import type { TokenPayload, TokenSigner } from '../domain/tokens';
import type { TrackRequest__Output as TrackRequest } from '../../../../libs/contracts/src/generated/herald/messaging/v1/TrackRequest';
import type { BillingGate, MessagingStore, ShapingGate, SigningKeys, VerifyDns, WarmupStore } from './ports';
import { deliverabilityView } from './shaping';
import { campaignHandlers } from './campaigns';
import { trackEngagement } from './engagement';
import { workflowHandlers } from './workflows';
import { sender, Tracking } from './send';
import { templateMsg, templatesApp } from './templates';
import { handleMailNotification, WebhookDeps } from './webhooks';
import { reputation } from './reputation';
import { guardrailsView, resumeDomain } from './guardrails';
import { campaignFinishView, warmupView } from './warmup';
import type { UploadRpcs } from './uploads';
import { getInbound, getInboundRaw } from './inbound';
import { SYSTEM_PROJECT } from './system-mail';

export interface MessagingDeps {
  repo: MessagingStore;
  contacts: () => Api<'contacts'>;
  domains: () => Api<'domains'>;
  signingKeys: SigningKeys;
  tokens: TokenSigner;
  dns: VerifyDns;
  webhooks: Omit<WebhookDeps, 'repo' | 'contacts' | 'digest'>;
  maxAttachmentBytes: number;
  devMailbox: boolean;
  billing: BillingGate;
  /** UNSUBSCRIBE_MAILTO is set (the compliance check reports it). */
  unsubscribeMailto?: boolean;
  warmup: { store: WarmupStore; scale: number };
  shaping: ShapingGate;
}

const badToken = () => notFound('Link', 'INVALID_TOKEN');

export function messagingHandlers(d: MessagingDeps): Omit<Handlers<'messaging'>, UploadRpcs | 'SendSystemEmail'> {
  const templates = templatesApp(d.repo, d.domains, d.devMailbox);
  const send = sender({
    repo: d.repo,
    contacts: d.contacts,
    signingKeys: d.signingKeys,
    maxAttachmentBytes: d.maxAttachmentBytes,
    devMailbox: d.devMailbox,
    billing: d.billing,
  });

  async function domainOfProject(projectId: string, id: string) {
    const domain = isUuid(id) ? (await d.domains().ListDomains({}, { projectId })).domains.find((x) => x.id === id) : undefined;
    if (!domain) throw notFound('Domain', 'DOMAIN_NOT_FOUND');
    return domain;
  }

  /** An open or click from a tracked request (app/engagement.ts), in its own unit of work. */
  async function track(kind: 'open' | 'click', t: TokenPayload, req: TrackRequest) {
    const emailId = t.e!;
    if (!isUuid(emailId)) return;
    await d.repo.uow.run(async (work) => {
      const events = await trackEngagement(
        { repo: d.repo, digest: (text) => d.tokens.digest(text) },
        work,
        { projectId: t.p, emailId, kind, link: kind === 'click' && !t.t ? t.u : undefined, trap: t.t === 1 },
        { ip: req.ip, userAgent: req.user_agent, method: req.method, purpose: req.purpose },
      );
      await d.repo.outbox.enqueue(work, events);
    });
  }

  async function subscription(token: string, subscribed?: boolean) {
    const t = d.tokens.verify(token, 's');
    if (!t || !t.c) throw badToken();
    // The project is the signed token's (a public page: the request has none).
    const res =
      subscribed === undefined
        ? await d.contacts().GetContact({ id: t.c }, { projectId: t.p })
        : await d.contacts().UpdateContact({ id: t.c, subscribed, data_json: '' }, { projectId: t.p });
    // An unsubscribe from a campaign's email counts in that campaign's stats.
    if (subscribed === false && t.m && isUuid(t.m)) {
      await d.repo.publish([{ type: 'messaging.campaign.unsubscribed.v1', projectId: t.p, data: { campaignId: t.m, contactId: t.c } }]);
    }
    return { email: res.contact!.email, subscribed: res.contact!.subscribed, project_id: t.p };
  }

  return {
    ...campaignHandlers({ repo: d.repo, contacts: d.contacts, billing: d.billing }),
    ...workflowHandlers({ repo: d.repo, contacts: d.contacts, signingKeys: d.signingKeys, devMailbox: d.devMailbox, billing: d.billing }),

    // Each send on its own (its own outcome, project and request id in the logs, its request's trace);
    // together they batch in `sender`. The batch exception: each item names its project (see messaging.proto).
    async SendMany(req) {
      const outcomes = await Promise.all(
        req.items.map((i) =>
          runWithContext({ requestId: i.request_id || 'send.batch', projectId: i.project_id }, () =>
            inSpan('messaging send', 'server', () => send(i.project_id, i, (i.tracking || 'ENABLED') as Tracking), {
              parent: i.traceparent || undefined,
            }),
          ).then(
            (value) => ({ ok: true as const, value }),
            (error: unknown) => ({ ok: false as const, error }),
          ),
        ),
      );
      return { results: toBatchReply(outcomes) };
    },

    async CreateTemplate(req, meta) {
      return { template: templateMsg(await templates.create(projectOf(meta), req)) };
    },
    async UpdateTemplate(req, meta) {
      return { template: templateMsg(await templates.update(projectOf(meta), req.id, req)) };
    },
    async GetTemplate(req, meta) {
      return { template: templateMsg(await templates.get(projectOf(meta), req.id)) };
    },
    async ListTemplates(req, meta) {
      const projectId = projectOf(meta);
      const page = Math.max(1, req.page || 1);
      const pageSize = Math.min(Math.max(1, req.page_size || 20), 100);
      const { rows, total } = await d.repo.listTemplates(projectId, { page, pageSize, search: req.search || undefined, type: req.type || undefined });
      return { templates: rows.map(templateMsg), total: String(total), page, page_size: pageSize, total_pages: Math.ceil(total / pageSize) };
    },
    async DeleteTemplate(req, meta) {
      await templates.remove(projectOf(meta), req.id);
      return {};
    },
    async DuplicateTemplate(req, meta) {
      return { template: templateMsg(await templates.duplicate(projectOf(meta), req.id)) };
    },
    async CheckSender(req, meta) {
      await templates.checkFrom(projectOf(meta), req.email);
      return {};
    },

    async TemplateUsage(req, meta) {
      const projectId = projectOf(meta);
      await templates.get(projectId, req.id);
      const [campaigns, steps] = await Promise.all([d.repo.templateCampaigns(projectId, req.id), d.repo.templateWorkflowSteps(projectId, req.id)]);
      return { campaigns, workflow_steps: steps.map((s) => ({ workflow_id: s.workflow_id, step_id: s.step_id, name: s.name })) };
    },

    async Verify(req) {
      const result = await verifyEmail(req.email, {
        resolveMx: (domain) => d.dns.resolveMx(domain),
        resolveA: (domain) => d.dns.resolve4(domain),
        resolveAaaa: (domain) => d.dns.resolve6(domain),
      });
      return {
        email: result.email,
        valid: result.valid,
        is_disposable: result.isDisposable,
        is_alias: result.isAlias,
        is_typo: result.isTypo,
        is_plus_addressed: result.isPlusAddressed,
        is_personal_email: result.isPersonalEmail,
        domain_exists: result.domainExists,
        has_mx_records: result.hasMxRecords,
        suggested_email: result.suggestedEmail,
        reasons: result.reasons,
      };
    },

    async RecordOpen(req) {
      const t = d.tokens.verify(req.token, 'o');
      if (!t || !t.e) throw badToken();
      await track('open', t, req);
      return {};
    },
    async RecordClick(req) {
      const t = d.tokens.verify(req.token, 'c');
      if (!t || !t.e || !t.u) throw badToken();
      await track('click', t, req);
      return { url: t.u };
    },
    GetSubscription: (req) => subscription(req.token),
    SetSubscription: (req) => subscription(req.token, req.subscribed),

    async HandleMailNotification(req) {
      const r = await handleMailNotification({ ...d.webhooks, repo: d.repo, contacts: d.contacts, digest: (text) => d.tokens.digest(text) }, req.body);
      return {
        outcome: r.outcome,
        subscription_arn: r.subscriptionArn ?? undefined,
        kind: r.kind,
        email_id: r.emailId,
        inbound: r.inboundIds ? { ids: r.inboundIds } : null,
      };
    },

    async GetInbound(req, meta) {
      const r = await getInbound(d.repo, projectOf(meta), req.id);
      return {
        id: r.id,
        via: r.via,
        contact_id: r.contact_id,
        from: r.from_email,
        to: r.to_emails,
        subject: r.subject,
        message_id: r.message_id ?? undefined,
        snippet: r.snippet,
        attachments: r.attachments,
        auto_reply: r.auto_reply,
        in_reply_to: r.reply_to_email_id
          ? { email_id: r.reply_to_email_id, campaign_id: r.campaign_id ?? undefined, template_id: r.template_id ?? undefined }
          : null,
        size: r.size,
        raw_available: r.raw_kept,
        received_at: r.created_at.toISOString(),
      };
    },

    async GetInboundRaw(req, meta) {
      return { raw: await getInboundRaw(d.repo, projectOf(meta), req.id) };
    },

    async DevMailbox(req, meta) {
      const projectId = projectOf(meta);
      if (!d.devMailbox)
        throw new AppError({
          code: 'NOT_FOUND',
          status: 404,
          message: 'The dev mailbox is disabled',
          suggestion: 'It exists only when no SMTP_URL is set, outside production.',
        });
      const rows = await d.repo.devMail([projectId, SYSTEM_PROJECT], Math.min(Math.max(req.limit || 50, 1), 200));
      return {
        messages: rows.map((r) => ({
          id: r.id,
          email_id: r.email_id,
          to: r.recipient,
          from: r.sender,
          subject: r.subject,
          raw: r.raw,
          received_at: r.created_at.toISOString(),
        })),
      };
    },
    async DomainCompliance(req, meta) {
      const projectId = projectOf(meta);
      const domain = await domainOfProject(projectId, req.id);
      const volume = await d.repo.sentFromDomain(projectId, domain.domain, 24 * 3_600_000);
      const found = Object.fromEntries(domain.records.map((r) => [r.purpose, r.found]));
      const checks = complianceChecks({
        domain: domain.domain,
        found,
        checked: domain.last_checked_at !== '',
        dmarcReportEmail: domain.dmarc_report_email || null,
        mailto: d.unsubscribeMailto === true,
        sent24h: volume.sent,
        marketing24h: volume.marketing,
      });
      return { domain: domain.domain, checks, sent_24h: volume.sent, marketing_24h: volume.marketing, checked_at: domain.last_checked_at };
    },
    async DomainGuardrails(req, meta) {
      const projectId = projectOf(meta);
      const domain = await domainOfProject(projectId, req.id);
      return guardrailsMsg(await guardrailsView(d.webhooks.guardrails, projectId, domain.domain));
    },
    async ResumeDomain(req, meta) {
      const projectId = projectOf(meta);
      const domain = await domainOfProject(projectId, req.id);
      return guardrailsMsg(await resumeDomain({ ...d.webhooks.guardrails, repo: d.repo }, projectId, domain.domain));
    },
    async DomainWarmup(req, meta) {
      const projectId = projectOf(meta);
      const domain = await domainOfProject(projectId, req.id);
      return warmupMsg(await warmupView(d.warmup.store, projectId, domain.domain.toLowerCase(), d.warmup.scale));
    },
    async Deliverability(_req, meta) {
      const { providers } = await deliverabilityView(d.shaping, projectOf(meta));
      return {
        providers: providers.map((p) => ({
          domain: p.domain,
          provider: p.provider,
          connections: p.connections,
          per_connection: p.perConnection,
          window: p.window ?? undefined,
          in_flight: p.inFlight,
          state: p.state,
          reason: p.reason ?? '',
          reply: p.reply ?? '',
          rate_per_minute: p.ratePerMinute ?? undefined,
          until: iso(p.until),
          changed_at: iso(p.changedAt),
        })),
      };
    },
    async UpdateWarmup(req, meta) {
      const projectId = projectOf(meta);
      const domain = await domainOfProject(projectId, req.id);
      const patch = {
        ...(req.enabled !== undefined && { enabled: req.enabled }),
        ...(req.start_per_hour !== undefined && { startPerHour: req.start_per_hour }),
        ...(req.growth !== undefined && { growth: req.growth }),
        ...(req.max_per_hour !== undefined && { maxPerHour: req.max_per_hour }),
        ...(req.exempt_transactional !== undefined && { exemptTransactional: req.exempt_transactional }),
      };
      await d.warmup.store.setPlan(projectId, domain.domain.toLowerCase(), patch);
      return warmupMsg(await warmupView(d.warmup.store, projectId, domain.domain.toLowerCase(), d.warmup.scale));
    },
    async CampaignFinish(req, meta) {
      if (!isUuid(req.campaign_id)) throw badRequest('campaign_id must be a campaign id');
      const f = await campaignFinishView(d.warmup.store, projectOf(meta), req.campaign_id.toLowerCase(), Number(req.not_dispatched), d.warmup.scale);
      return {
        expected_finish_at: iso(f.expectedFinishAt),
        held_by: f.heldBy.map((h) => ({
          domain: h.domain,
          provider: h.provider,
          waiting: h.waiting,
          cap: h.cap,
          expected_done_at: h.expectedDoneAt.toISOString(),
        })),
      };
    },
    async Security(_req, meta) {
      const { sevenDay, allTime, levels } = reputation(await d.repo.reputation(projectOf(meta)));
      const counts = (w: typeof sevenDay) => ({ total: w.total, bounces: w.bounces, complaints: w.complaints });
      return {
        seven_day: counts(sevenDay),
        all_time: counts(allTime),
        levels: {
          bounce_7_day: levels.bounce7Day,
          bounce_all_time: levels.bounceAllTime,
          complaint_7_day: levels.complaint7Day,
          complaint_all_time: levels.complaintAllTime,
        },
      };
    },
  };
}

const iso = (d: Date | null) => d?.toISOString() ?? '';

function guardrailsMsg(v: Awaited<ReturnType<typeof guardrailsView>>) {
  const t = v.thresholds;
  return {
    domain: v.domain,
    thresholds: {
      min_volume: t.minVolume,
      bounce_warn: t.bounceWarn,
      bounce_high: t.bounceHigh,
      complaint_warn: t.complaintWarn,
      complaint_pause: t.complaintPause,
    },
    windows: v.windows.map((w) => ({
      window: w.window,
      provider: w.provider ?? '',
      sent: w.sent,
      bounces: w.bounces,
      complaints: w.complaints,
      bounce_rate: w.bounceRate,
      complaint_rate: w.complaintRate,
      bounce_level: w.bounceLevel,
      complaint_level: w.complaintLevel,
    })),
    paused_at: iso(v.pausedAt),
    pause_reason: v.pauseReason ?? '',
    warned_at: iso(v.warnedAt),
    resumed_at: iso(v.resumedAt),
    held: v.held,
  };
}

function warmupMsg(v: Awaited<ReturnType<typeof warmupView>>) {
  const p = v.plan;
  return {
    domain: v.domain,
    plan: { enabled: p.enabled, start_per_hour: p.startPerHour, growth: p.growth, max_per_hour: p.maxPerHour, exempt_transactional: p.exemptTransactional },
    providers: v.providers.map((x) => ({
      provider: x.provider,
      cap: x.cap,
      sent_this_hour: x.sentThisHour,
      step: x.step,
      next_step_at: x.nextStepAt.toISOString(),
      held_back: x.heldBack,
      done: x.done,
      waiting: x.waiting,
      expected_done_at: iso(x.expectedDoneAt),
    })),
  };
}
