import { projectOf, type Api, type Handlers } from '../../../../libs/contracts/src';
import { badRequest, isUuid, newId } from '../../../../libs/kit/src';
import type { BillingGate, CampaignEmail, EmailsStore, Units } from './ports';
import { contactVars, queuedOrSuppressed, type Tracking } from './send';

export interface CampaignDeps {
  repo: EmailsStore & Pick<Units, 'outbox'>;
  contacts: () => Api<'contacts'>;
  billing: BillingGate;
}

/** The most contacts one EnqueueCampaign call takes (BatchGetContacts answers them in one call). */
export const MAX_CAMPAIGN_PAGE = 1000;
/** How long CancelCampaign waits for the emails senders hold. */
const CANCEL_WAIT_MS = 15_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The campaign fan-out's side of messaging: one page of recipients at a time, and cancel. */
export function campaignHandlers(d: CampaignDeps): Pick<Handlers<'messaging'>, 'EnqueueCampaign' | 'CancelCampaign' | 'CampaignProgress'> {
  return {
    async EnqueueCampaign(req, meta) {
      const projectId = projectOf(meta);
      const c = req.content;
      if (!c || !isUuid(c.campaign_id)) throw badRequest('content.campaign_id must be a campaign id');
      const ids = [...new Set(req.contact_ids.filter((id) => isUuid(id)).map((id) => id.toLowerCase()))];
      if (ids.length > MAX_CAMPAIGN_PAGE) throw badRequest(`at most ${MAX_CAMPAIGN_PAGE} contacts per call`);
      // A blocked category: the campaign's fan-out waits and goes on once it is open again.
      d.billing.check(projectId, 'campaigns');

      // The contacts as they are now: one deleted or unsubscribed since the audience was frozen gets nothing.
      const contacts = ids.length ? (await d.contacts().BatchGetContacts({ ids })).contacts : [];
      const live = contacts.filter((k) => k.subscribed);
      const emails: CampaignEmail[] = live.map((k) => ({
        id: newId(),
        contactId: k.id,
        toEmail: k.email,
        // As /v1/send stores them: the contact's data once (delivery lays it out at the top level too).
        vars: contactVars(k, JSON.parse(k.data_json || '{}')),
      }));
      const tracking = (c.tracking || 'ENABLED') as Tracking;
      const content = {
        campaignId: c.campaign_id,
        subject: c.subject,
        body: c.body,
        fromEmail: c.from,
        fromName: c.from_name || undefined,
        replyTo: c.reply_to || undefined,
        templateId: c.template_id || undefined,
        tracking: tracking !== 'DISABLED',
      };
      const events = emails.map((e) =>
        queuedOrSuppressed(d.repo, projectId, 'bulk', {
          id: e.id,
          contact_id: e.contactId,
          message_id: null,
          subject: c.subject,
          from_email: c.from,
          template_id: content.templateId ?? null,
          campaign_id: c.campaign_id,
          source_type: 'campaign',
        }),
      );
      const { created, cancelled } = await d.repo.insertCampaignEmails(projectId, content, emails, events);
      if (cancelled) return { created: 0, existing: 0, skipped: 0, cancelled: true };
      // Every contact asked for is created, there already (a page sent again: whatever the
      // contact became since, its email exists), or skipped.
      const existing = ids.length ? (await d.repo.campaignEmailsOf(projectId, c.campaign_id, ids)) - created : 0;
      return { created, existing, skipped: req.contact_ids.length - created - existing, cancelled: false };
    },

    async CancelCampaign(req, meta) {
      const projectId = projectOf(meta);
      if (!isUuid(req.campaign_id)) throw badRequest('campaign_id must be a campaign id');
      const removed = await d.repo.cancelCampaign(projectId, req.campaign_id);
      // What senders hold goes out (or fails) within a moment: wait for it, so that nothing of
      // the campaign leaves after the caller has its answer.
      const until = Date.now() + CANCEL_WAIT_MS;
      let inFlight = (await d.repo.campaignPending(projectId, req.campaign_id)).sending;
      while (inFlight > 0 && Date.now() < until) {
        await sleep(100);
        inFlight = (await d.repo.campaignPending(projectId, req.campaign_id)).sending;
      }
      // A sender that met a temporary failure meanwhile put its email back in the queue: gone too.
      return { removed: removed + (await d.repo.cancelCampaign(projectId, req.campaign_id)), in_flight: inFlight };
    },

    async CampaignProgress(req, meta) {
      if (!isUuid(req.campaign_id)) throw badRequest('campaign_id must be a campaign id');
      return d.repo.campaignPending(projectOf(meta), req.campaign_id);
    },
  };
}
