import type { Api } from '../../../../libs/contracts/src';
import type { Work } from '../../../../libs/db/src';
import { isAppError, logger, runWithContext } from '../../../../libs/kit/src';
import { audienceOf, change, changedEvent } from './campaigns';
import type { CampaignRow, CampaignsStore } from './ports';

export interface FanoutDeps {
  store: CampaignsStore;
  contacts: () => Api<'contacts'>;
  messaging: () => Api<'messaging'>;
  settings: FanoutSettings;
}

export interface FanoutSettings {
  /** Contact ids a freeze turn copies from the audience. */
  freezePage: number;
  /** Recipients a dispatch turn hands to messaging (at most). */
  dispatchPage: number;
  /** A project's emails handed to messaging and not yet settled, at most: what keeps the bulk queue fair. */
  window: number;
  /** Turns one run takes at most before it lets the timer breathe. */
  turnsPerRun: number;
}

/** How long a campaign whose project's window is full waits before its next turn. */
const FULL_WINDOW_WAIT_MS = 200;
/** How long a campaign whose turn failed waits before the next. */
const RETRY_WAIT_MS = 1000;
/** How long a campaign whose project is over its billing limit for campaigns waits before trying again. */
const BLOCKED_WAIT_MS = 2000;
/** How long a draining campaign goes between asking messaging what is pending. */
const DRAIN_CHECK_MS = 30_000;
/** A turn's calls (a page of ids, a page of emails) get this long. */
const CALL_DEADLINE_MS = 30_000;

/**
 * The campaign fan-out, a Timer's run: scheduled campaigns that came due start, then SENDING
 * campaigns take turns, least recently served first, one page each. A turn runs in one
 * transaction holding the campaign's row lock (another replica skips it; a cancel waits for it),
 * and records its progress (the cursor) with what it did, so a crash repeats at most the page it
 * was on — and messaging creates at most one email per campaign and contact, whatever repeats.
 *
 * A send goes through three phases:
 * - freeze: the audience (subscribed contacts matching it now) is copied into `recipients`,
 *   page by page in id order, so later changes to contacts do not change who gets it;
 * - dispatch: recipients are handed to messaging's bulk lane a page at a time, while the project
 *   has fewer than `window` emails in flight — so the bulk queue holds a bounded share of each
 *   project's campaigns, and one project's million does not starve another's thousand;
 * - drain: every email handed over has settled (sent or failed): the campaign is SENT.
 *
 * Progress is recorded without events (`progress`); the changes others keep (frozen, SENT,
 * stopped) go with their `campaigns.campaign.changed.v1`.
 */
export async function runFanout(d: FanoutDeps, stopped: () => boolean) {
  await d.store.uow.run(async (work) => {
    await d.store.outbox.enqueue(work, (await d.store.startDue(work, 100)).map(changedEvent));
  });
  for (let i = 0; i < d.settings.turnsPerRun && !stopped(); i++) {
    let current: Turn | undefined;
    try {
      await d.store.uow.run(async (work) => {
        current = await d.store.nextTurn(work);
        if (current) await runWithContext({ requestId: `campaign.${current.id}`, projectId: current.project_id }, () => turnOrStop(d, work, current!));
      });
    } catch (err) {
      // A failed turn (a service down, a deadline) is tried again a moment later, after the other
      // campaigns' turns; its transaction's work is lost with it, which the next turn repeats.
      // A project over its billing limit for campaigns: the send waits (SENDING) and goes on
      // once the limit is raised or the period ends.
      const blocked = isAppError(err) && err.code === 'BILLING_LIMIT_EXCEEDED';
      if (blocked) logger.info({ campaignId: current?.id }, 'campaign paused: the project reached its billing limit for campaigns');
      else logger.warn({ campaignId: current?.id, err: (err as Error).message }, 'campaign turn failed; trying again shortly');
      if (current) await d.store.deferTurn(current.project_id, current.id, blocked ? BLOCKED_WAIT_MS : RETRY_WAIT_MS);
    }
    if (!current) break;
  }
}

type Turn = Omit<CampaignRow, 'body'>;

/**
 * A turn; but when contacts refuses the audience (422: its segment deleted under it, its filter
 * naming what no longer exists) nothing will change that, so the send stops, saying why.
 */
async function turnOrStop(d: FanoutDeps, work: Work, c: Turn) {
  let undo: (() => Promise<void>) | undefined;
  try {
    undo = await d.store.uow.savepoint(work, 'turn');
    await turn(d, work, c);
  } catch (err) {
    if (c.phase !== 'freeze' || !isAppError(err) || err.code !== 'VALIDATION_ERROR') throw err;
    await undo!(); // set: the savepoint's own failure is no AppError
    logger.warn({ campaignId: c.id, err: err.message }, 'campaign cancelled: its audience cannot be read');
    await change(d.store, work, c, {
      status: 'CANCELLED',
      cancelled_at: new Date(),
      phase: null,
      status_reason: `The audience could not be read: ${err.message}`,
    });
  }
}

async function turn(d: FanoutDeps, work: Work, c: Turn) {
  const step = { stepped_at: new Date(), next_step_at: null as Date | null };
  const later = (ms: number) => ({ ...step, next_step_at: new Date(Date.now() + ms) });
  const call = { projectId: c.project_id, deadlineMs: CALL_DEADLINE_MS };

  if (c.phase === 'freeze') {
    const { ids } = await d.contacts().AudienceIds({ audience: audienceOf(c), after_id: c.freeze_cursor ?? '', limit: d.settings.freezePage }, call);
    const added = await d.store.freeze(work, c.project_id, c.id, ids);
    const total = c.total_recipients + added;
    if (ids.length < d.settings.freezePage) {
      // The whole audience is frozen: its size is the campaign's recipient count.
      await change(d.store, work, c, { ...step, phase: 'dispatch', freeze_cursor: ids.at(-1) ?? c.freeze_cursor, total_recipients: total });
    } else {
      await d.store.progress(work, c.project_id, c.id, { ...step, freeze_cursor: ids.at(-1)!, total_recipients: total });
    }
    return;
  }

  if (c.phase === 'dispatch') {
    const room = d.settings.window - (await d.store.inFlight(work, c.project_id));
    if (room <= 0) return d.store.progress(work, c.project_id, c.id, later(FULL_WINDOW_WAIT_MS));
    const ids = await d.store.recipientsAfter(work, c.project_id, c.id, c.dispatch_cursor, Math.min(room, d.settings.dispatchPage));
    if (ids.length === 0) return d.store.progress(work, c.project_id, c.id, { ...step, phase: 'drain' });
    const content = {
      campaign_id: c.id,
      subject: c.subject,
      // The body travels once, with the first page (messaging keeps it); a first page repeated after a crash brings it again.
      body: c.dispatch_cursor === null ? await d.store.body(work, c.project_id, c.id) : '',
      from: c.from_email,
      from_name: c.from_name ?? '',
      reply_to: c.reply_to ?? '',
      template_id: c.template_id ?? '',
      tracking: c.tracking,
    };
    const r = await d.messaging().EnqueueCampaign({ content, contact_ids: ids }, call);
    // Cancelled meanwhile (the cancel marks messaging first): the cancel's own transaction records it.
    if (r.cancelled) return d.store.progress(work, c.project_id, c.id, later(RETRY_WAIT_MS));
    return d.store.progress(work, c.project_id, c.id, {
      ...step,
      dispatch_cursor: ids.at(-1)!,
      // A page sent again (a crash after messaging answered) finds its emails there: counted once either way.
      dispatched: c.dispatched + r.created + r.existing,
      skipped: c.skipped + r.skipped,
    });
  }

  // drain: SENT once every email handed over has settled.
  if (c.settled_count >= c.dispatched) return change(d.store, work, c, { ...step, phase: null, status: 'SENT', sent_at: new Date() });
  // Settling is learnt from messaging's status events. Should one never arrive (dead-lettered),
  // messaging's own count decides: nothing pending at two looks half a minute apart is SENT.
  if (c.drain_checked_at && Date.now() - c.drain_checked_at.getTime() < DRAIN_CHECK_MS)
    return d.store.progress(work, c.project_id, c.id, later(FULL_WINDOW_WAIT_MS));
  const pending = await d.messaging().CampaignProgress({ campaign_id: c.id }, call);
  if (pending.queued + pending.sending > 0) return d.store.progress(work, c.project_id, c.id, { ...later(FULL_WINDOW_WAIT_MS), drain_checked_at: null });
  if (c.drain_checked_at) {
    logger.warn(
      { campaignId: c.id, settled: c.settled_count, dispatched: c.dispatched },
      "campaign finished by messaging's count: some status events never arrived",
    );
    return change(d.store, work, c, { ...step, phase: null, status: 'SENT', sent_at: new Date() });
  }
  return d.store.progress(work, c.project_id, c.id, { ...later(FULL_WINDOW_WAIT_MS), drain_checked_at: new Date() });
}
