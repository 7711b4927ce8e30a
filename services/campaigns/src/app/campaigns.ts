import type { NewEvent } from '../../../../libs/bus/src';
import { projectOf, type Api, type Handlers } from '../../../../libs/contracts/src';
import type { Campaign as CampaignMsg } from '../../../../libs/contracts/src/generated/herald/campaigns/v1/Campaign';
import type { CampaignWrite__Output as CampaignWrite } from '../../../../libs/contracts/src/generated/herald/campaigns/v1/CampaignWrite';
import type { Work } from '../../../../libs/db/src';
import { AppError, badRequest, fromBatchReply, isAppError, isUuid, logger, newId, notFound, validationError } from '../../../../libs/kit/src';
import { scheduleProblem, type AudienceType, type CampaignFields } from '../domain/campaign';
import { refusal, type CampaignAction } from '../domain/status';
import type { CampaignRow, CampaignsStore } from './ports';

export interface CampaignsDeps {
  store: CampaignsStore;
  contacts: () => Api<'contacts'>;
  messaging: () => Api<'messaging'>;
}

const campaignNotFound = () => notFound('Campaign', 'CAMPAIGN_NOT_FOUND');
/** Counting an audience (create, replace, send) may scan every contact of a large project. */
const COUNT_DEADLINE_MS = 30_000;
/** How many of the audience's first contacts a preview lists by default, and at most. */
const PREVIEW_SAMPLE = 5;
const PREVIEW_SAMPLE_MAX = 10;
const previewContact = (x: { id: string; email: string; subscribed: boolean; data_json: string }) => ({
  id: x.id,
  email: x.email,
  subscribed: x.subscribed,
  data_json: x.data_json || '{}',
});
/** Messaging's cancel waits up to 15 s for the emails its senders hold. */
const CANCEL_DEADLINE_MS = 30_000;
/** A campaign's expected finish is an extra of its answer: messaging gets this long for it. */
const FINISH_DEADLINE_MS = 3000;
/** What a route gives the calls that count an audience or cancel (beyond the calls they make). */
export const SLOW_CALL_DEADLINE_MS = 60_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const orUndefined = <T>(v: T | null) => v ?? undefined;

/** The campaign's message (contracts' Campaign): a null column is an unset optional field. */
function msg(c: Omit<CampaignRow, 'body'> & { body?: string }): CampaignMsg {
  return {
    id: c.id,
    name: c.name,
    description: orUndefined(c.description),
    subject: c.subject,
    body: c.body,
    from_email: c.from_email,
    from_name: orUndefined(c.from_name),
    reply_to: orUndefined(c.reply_to),
    template_id: orUndefined(c.template_id),
    audience_type: c.audience_type,
    segment_id: orUndefined(c.segment_id),
    audience_filter_json: c.audience_filter ? JSON.stringify(c.audience_filter) : undefined,
    status: c.status,
    scheduled_at: c.scheduled_at?.toISOString(),
    started_at: c.started_at?.toISOString(),
    sent_at: c.sent_at?.toISOString(),
    cancelled_at: c.cancelled_at?.toISOString(),
    status_reason: orUndefined(c.status_reason),
    total_recipients: c.total_recipients,
    sent_count: c.sent_count,
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
  };
}

/** The read model other services keep (analytics, template usage, segment deletes). */
export function changedEvent(c: Omit<CampaignRow, 'body'>): NewEvent {
  return {
    type: 'campaigns.campaign.changed.v1',
    projectId: c.project_id,
    data: {
      campaignId: c.id,
      name: c.name,
      subject: c.subject,
      status: c.status,
      audienceType: c.audience_type,
      segmentId: c.segment_id,
      audienceFilter: c.audience_filter,
      templateId: c.template_id,
      scheduledAt: iso(c.scheduled_at),
      sentAt: iso(c.sent_at),
      totalRecipients: c.total_recipients,
      version: Number(c.version),
    },
  };
}

/** Writes a change with its event, in the unit of work. */
export async function change(
  store: CampaignsStore,
  work: Work,
  c: Pick<CampaignRow, 'project_id' | 'id'>,
  set: Parameters<CampaignsStore['update']>[3],
): Promise<CampaignRow> {
  const row = await store.update(work, c.project_id, c.id, set);
  await store.outbox.enqueue(work, [changedEvent(row)]);
  return row;
}

/** A create or replace as the route validated it (domain campaignFields): an unset optional field is one left out or null. */
const fieldsOf = (w: CampaignWrite): CampaignFields => ({
  name: w.name,
  description: w.description,
  subject: w.subject,
  body: w.body,
  from: w.from_email,
  fromName: w.from_name,
  replyTo: w.reply_to,
  templateId: w.template_id,
  audienceType: w.audience_type as AudienceType,
  segmentId: w.segment_id,
  audienceFilter: w.audience_filter_json ? (JSON.parse(w.audience_filter_json) as Record<string, unknown>) : null,
});

/** A campaign's audience as contacts' CountAudience and AudienceIds take it. */
export const audienceOf = (c: Pick<CampaignRow, 'audience_type' | 'segment_id' | 'audience_filter'>) => ({
  type: c.audience_type,
  segment_id: c.segment_id ?? '',
  condition_json: c.audience_filter ? JSON.stringify(c.audience_filter) : '',
});

export function campaignsHandlers(d: CampaignsDeps): Handlers<'campaigns'> {
  const { store } = d;

  async function load(projectId: string, id: string) {
    const c = isUuid(id) ? await store.get(projectId, id.toLowerCase()) : undefined;
    if (!c) throw campaignNotFound();
    return c;
  }

  /** A contact of the project (contacts answers 404 CONTACT_NOT_FOUND for another project's), named `contactId` when it is not an id. */
  async function contactOf(id: string) {
    if (!isUuid(id))
      throw validationError(
        [{ field: 'contactId', message: 'must be a contact id (a UUID)', code: 'invalid_string' }],
        "Pass the id of one of the project's contacts (GET /contacts).",
      );
    return (await d.contacts().GetContact({ id: id.toLowerCase() })).contact!;
  }

  async function loadForUpdate(work: Work, projectId: string, id: string) {
    const c = isUuid(id) ? await store.getForUpdate(work, projectId, id.toLowerCase()) : undefined;
    if (!c) throw campaignNotFound();
    return c;
  }

  /**
   * The fields of a create or replace, settled: the template's content where the body has none,
   * the sender checked (a verified domain, as /v1/send), the audience validated by contacts (its
   * 422 names segmentId or audienceFilter.…) and the filter normalised.
   */
  async function settle(projectId: string, w: CampaignWrite) {
    const f = fieldsOf(w);
    let template: { subject: string; body: string; from: string; from_name: string; reply_to: string } | undefined;
    if (f.templateId) {
      template =
        (
          await d
            .messaging()
            .GetTemplate({ id: f.templateId })
            .catch((err) => {
              if (isAppError(err) && err.status === 404)
                throw validationError(
                  [{ field: 'templateId', message: 'no template of this project has this id', code: 'not_found' }],
                  "Pass the id of one of the project's templates (GET /templates).",
                );
              throw err;
            })
        ).template ?? undefined;
    }
    const subject = f.subject ?? template?.subject;
    const body = f.body ?? template?.body;
    const from = f.from ?? (template?.from || undefined);
    const missing = [!subject && 'subject', !body && 'body', !from && 'from'].filter((x): x is string => !!x);
    if (missing.length) {
      throw validationError(missing.map((field) => ({ field, message: `required (or a templateId whose template has a ${field})`, code: 'invalid_type' })));
    }
    const audience = {
      audience_type: f.audienceType,
      segment_id: f.audienceType === 'SEGMENT' ? f.segmentId!.toLowerCase() : null,
      audience_filter: f.audienceType === 'FILTERED' ? f.audienceFilter : null,
    };
    const counted = await d.contacts().CountAudience({ audience: audienceOf(audience) }, { deadlineMs: COUNT_DEADLINE_MS });
    await d.messaging().CheckSender({ email: from! });
    return {
      name: f.name,
      description: f.description ?? null,
      subject: subject!,
      body: body!,
      from_email: from!,
      from_name: f.fromName ?? (template?.from_name || null),
      reply_to: f.replyTo ?? (template?.reply_to || null),
      template_id: f.templateId ? f.templateId.toLowerCase() : null,
      ...audience,
      audience_filter: counted.condition_json ? (JSON.parse(counted.condition_json) as Record<string, unknown>) : null,
    };
  }

  /**
   * While a campaign sends, when its last email is expected out if the warm-up holds some of it
   * (messaging's CampaignFinish, told the recipients not handed over yet). An extra: should
   * messaging not answer in time, the campaign is answered without it.
   */
  async function finishOf(c: CampaignRow): Promise<Pick<CampaignMsg, 'expected_finish_at' | 'held_by'>> {
    if (c.status !== 'SENDING' || (c.phase !== 'dispatch' && c.phase !== 'drain')) return {};
    const notDispatched = c.phase === 'dispatch' ? Math.max(0, c.total_recipients - c.dispatched - c.skipped) : 0;
    try {
      const f = await d
        .messaging()
        .CampaignFinish({ campaign_id: c.id, not_dispatched: notDispatched }, { projectId: c.project_id, deadlineMs: FINISH_DEADLINE_MS });
      return f.expected_finish_at ? { expected_finish_at: f.expected_finish_at, held_by: f.held_by } : {};
    } catch (err) {
      logger.warn({ campaignId: c.id, err: (err as Error).message }, "a campaign's expected finish could not be read; answered without it");
      return {};
    }
  }

  return {
    async CreateCampaign(req, meta) {
      const projectId = projectOf(meta);
      const fields = await settle(projectId, req);
      return store.uow.run(async (work) => {
        const row = await store.insert(work, { project_id: projectId, id: newId(), ...fields, status: 'DRAFT' });
        await store.outbox.enqueue(work, [changedEvent(row)]);
        return msg(row);
      });
    },

    async UpdateCampaign(req, meta) {
      const projectId = projectOf(meta);
      await load(projectId, req.id);
      const fields = await settle(projectId, req);
      return store.uow.run(async (work) => {
        const c = await loadForUpdate(work, projectId, req.id);
        refuseUnless(c, 'edit');
        return msg(await change(store, work, c, fields));
      });
    },

    async GetCampaign(req, meta) {
      const c = await load(projectOf(meta), req.id);
      return { ...msg(c), ...(await finishOf(c)) };
    },

    async ListCampaigns(req, meta) {
      const { rows, total } = await store.list(projectOf(meta), { page: req.page || 1, pageSize: req.page_size || 20, status: req.status || undefined });
      return { campaigns: rows.map(msg), total: String(total) };
    },

    async DeleteCampaign(req, meta) {
      const projectId = projectOf(meta);
      const id = await store.uow.run(async (work) => {
        const c = await loadForUpdate(work, projectId, req.id);
        refuseUnless(c, 'delete');
        await store.delete(work, projectId, c.id);
        await store.outbox.enqueue(work, [{ type: 'campaigns.campaign.deleted.v1', projectId, data: { campaignId: c.id } }]);
        return c.id;
      });
      // Its recipients (a million rows, maybe) after, in batches: the campaign is gone already.
      await store.deleteRecipients(projectId, id);
      return {};
    },

    async DuplicateCampaign(req, meta) {
      const projectId = projectOf(meta);
      const c = await load(projectId, req.id);
      return store.uow.run(async (work) => {
        const row = await store.insert(work, {
          project_id: projectId,
          id: newId(),
          name: `${c.name} (Copy)`.slice(0, 200),
          description: c.description,
          subject: c.subject,
          body: c.body,
          from_email: c.from_email,
          from_name: c.from_name,
          reply_to: c.reply_to,
          template_id: c.template_id,
          audience_type: c.audience_type,
          segment_id: c.segment_id,
          audience_filter: c.audience_filter,
          status: 'DRAFT',
        });
        await store.outbox.enqueue(work, [changedEvent(row)]);
        return msg(row);
      });
    },

    async SendCampaign(req, meta) {
      const projectId = projectOf(meta);
      const problem = scheduleProblem(req.scheduled_for || undefined, new Date());
      if (problem)
        throw new AppError({
          code: 'BAD_REQUEST', // 400, not 422: Plunk's answer to a past date
          status: 400,
          message: `scheduledFor ${problem}`,
          errors: [{ field: 'scheduledFor', message: problem, code: 'invalid_schedule' }],
          suggestion: 'Pass a future ISO 8601 time, e.g. 2030-01-01T09:00:00Z, or leave it out to send now.',
        });
      const c = await load(projectId, req.id);
      refuseUnless(c, 'send');
      // Checked again at send time: the domain may have lost its verification, the audience its members.
      await d.messaging().CheckSender({ email: c.from_email });
      const { count } = await d.contacts().CountAudience({ audience: audienceOf(c) }, { deadlineMs: COUNT_DEADLINE_MS });
      if (Number(count) === 0) throw badRequest("The campaign's audience has no subscribed contacts", 'Pick an audience with subscribed contacts.');
      return store.uow.run(async (work) => {
        const locked = await loadForUpdate(work, projectId, req.id);
        refuseUnless(locked, 'send');
        const tracking = req.tracking || 'ENABLED';
        const row = req.scheduled_for
          ? await change(store, work, locked, { status: 'SCHEDULED', scheduled_at: new Date(req.scheduled_for), tracking })
          : await change(store, work, locked, { status: 'SENDING', phase: 'freeze', scheduled_at: null, started_at: new Date(), next_step_at: null, tracking });
        return msg(row);
      });
    },

    async CancelCampaign(req, meta) {
      const projectId = projectOf(meta);
      const row = await store.uow.run(async (work) => {
        const c = await loadForUpdate(work, projectId, req.id);
        // Cancelled already: answered again (a cancel whose answer was lost is retried safely).
        if (c.status === 'CANCELLED') return c;
        refuseUnless(c, 'cancel');
        return change(store, work, c, { status: 'CANCELLED', cancelled_at: new Date(), phase: null });
      });
      // The fan-out holds the row's lock while it hands a page to messaging: once the status is
      // CANCELLED no page follows, and messaging drops what it has not sent yet.
      await d.messaging().CancelCampaign({ campaign_id: row.id }, { deadlineMs: CANCEL_DEADLINE_MS });
      return msg(row);
    },

    async TestCampaign(req, meta) {
      const projectId = projectOf(meta);
      const c = await load(projectId, req.id);
      // The chosen contact's data renders this email only ({ value, persistent: false }): the test
      // address's own contact is not patched with it.
      const chosen = req.contact_id ? await contactOf(req.contact_id) : undefined;
      const data = chosen
        ? Object.fromEntries(
            Object.entries(JSON.parse(chosen.data_json || '{}') as Record<string, unknown>).map(([k, v]) => [k, { value: v, persistent: false }]),
          )
        : undefined;
      // One email through the transactional path: marked as a test, never counted in the campaign's stats.
      const out = await d.messaging().SendMany({
        items: [
          {
            project_id: projectId,
            to: [{ email: req.email }],
            subject: `[TEST] ${c.subject}`,
            body: c.body,
            from: { email: c.from_email, name: c.from_name ?? '' },
            ...(c.reply_to ? { reply: c.reply_to } : {}),
            headers: { 'X-Herald-Test': 'true', 'X-Herald-Campaign': c.id },
            tracking: req.tracking || 'ENABLED',
            request_id: `campaign.test.${c.id}`,
            ...(data ? { data_json: JSON.stringify(data) } : {}),
          },
        ],
      });
      const [sent] = fromBatchReply(out.results, 1);
      if (!sent.ok) throw sent.error;
      return {};
    },

    async PreviewCampaign(req, meta) {
      const projectId = projectOf(meta);
      const c = await load(projectId, req.id);
      const sample = req.sample > 0 ? Math.min(req.sample, PREVIEW_SAMPLE_MAX) : PREVIEW_SAMPLE;
      const [ids, chosen] = await Promise.all([
        d
          .contacts()
          .AudienceIds({ audience: audienceOf(c), after_id: '', limit: sample }, { deadlineMs: COUNT_DEADLINE_MS })
          .then((r) => r.ids),
        req.contact_id ? contactOf(req.contact_id) : undefined,
      ]);
      const found = ids.length ? (await d.contacts().BatchGetContacts({ ids })).contacts : [];
      const byId = new Map(found.map((x) => [x.id, x]));
      const contacts = ids.flatMap((id) => byId.get(id) ?? []).map(previewContact);
      return {
        subject: c.subject,
        body: c.body,
        from_email: c.from_email,
        ...(c.from_name ? { from_name: c.from_name } : {}),
        contacts,
        ...(chosen ? { contact: previewContact(chosen) } : contacts[0] ? { contact: contacts[0] } : {}),
      };
    },

    async CampaignStats(req, meta) {
      const c = await load(projectOf(meta), req.id);
      return {
        total_recipients: c.total_recipients,
        sent: c.sent_count,
        delivered: c.delivered_count,
        opened: c.opened_count,
        clicked: c.clicked_count,
        bounced: c.bounced_count,
        complained: c.complained_count,
        unsubscribed: c.unsubscribed_count,
        failed: c.failed_count,
        replied: c.replied_count,
        human_opened: c.human_opened_count,
        human_clicked: c.human_clicked_count,
      };
    },
  };
}

/**
 * A campaign in a status that does not allow the action (domain/status.ts): one code, CAMPAIGN_STATE;
 * 409 for a delete and 400 otherwise, the statuses Plunk answers with.
 */
function refuseUnless(c: CampaignRow, action: CampaignAction) {
  const no = refusal(c.status, action);
  if (no) throw new AppError({ code: 'CAMPAIGN_STATE', status: action === 'delete' ? 409 : 400, ...no, details: { status: c.status, action } });
}
