import type { Api } from '../../../../libs/contracts/src';
import type { Queryable } from '../../../../libs/db/src';
import { isAppError, logger, runWithContext } from '../../../../libs/kit/src';
import { change, changedEvent } from './campaigns';
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
 */
export async function runFanout(d: FanoutDeps, stopped: () => boolean) {
  await d.store.db.tx(async (tx) => {
    await d.store.outbox.enqueue(tx, (await d.store.startDue(tx, 100)).map(changedEvent));
  });
  for (let i = 0; i < d.settings.turnsPerRun && !stopped(); i++) {
    let current: CampaignRow | undefined;
    try {
      await d.store.db.tx(async (tx) => {
        current = await d.store.nextTurn(tx);
        if (current) await runWithContext({ requestId: `campaign.${current.id}`, projectId: current.project_id }, () => turnOrStop(d, tx, current!));
      });
    } catch (err) {
      // A failed turn (a service down, a deadline) is tried again a moment later, after the other
      // campaigns' turns; its transaction's work is lost with it, which the next turn repeats.
      logger.warn({ campaignId: current?.id, err: (err as Error).message }, 'campaign turn failed; trying again shortly');
      if (current) await d.store.update(d.store.db.pool, current.project_id, current.id, { stepped_at: new Date(), next_step_at: new Date(Date.now() + RETRY_WAIT_MS) });
    }
    if (!current) break;
  }
}

/**
 * A turn; but when the audience cannot be read any more (its segment deleted, its filter naming
 * what no longer exists) nothing will change that, so the send stops, saying why.
 */
async function turnOrStop(d: FanoutDeps, tx: Queryable, c: CampaignRow) {
  try {
    await tx.query('SAVEPOINT turn');
    await turn(d, tx, c);
  } catch (err) {
    if (c.phase !== 'freeze' || !isAppError(err) || err.status < 400 || err.status >= 500) throw err;
    await tx.query('ROLLBACK TO SAVEPOINT turn');
    logger.warn({ campaignId: c.id, err: err.message }, 'campaign cancelled: its audience cannot be read');
    await change(d.store, tx, c, { status: 'CANCELLED', cancelled_at: new Date(), phase: null, status_reason: `The audience could not be read: ${err.message}` });
  }
}

async function turn(d: FanoutDeps, tx: Queryable, c: CampaignRow) {
  const step = { stepped_at: new Date(), next_step_at: null as Date | null };
  if (c.phase === 'freeze') {
    const audience = { type: c.audience_type, segment_id: c.segment_id ?? '', condition_json: c.audience_filter ? JSON.stringify(c.audience_filter) : '' };
    const { ids } = await d.contacts().AudienceIds({ audience, after_id: c.freeze_cursor ?? '', limit: d.settings.freezePage }, { projectId: c.project_id, deadlineMs: 30_000 });
    const added = await d.store.freeze(tx, c.project_id, c.id, ids);
    const total = c.total_recipients + added;
    if (ids.length < d.settings.freezePage) {
      // The whole audience is frozen: its size is the campaign's recipient count.
      await change(d.store, tx, c, { ...step, phase: 'dispatch', freeze_cursor: ids.at(-1) ?? c.freeze_cursor, total_recipients: total });
    } else {
      await d.store.update(tx, c.project_id, c.id, { ...step, freeze_cursor: ids.at(-1)!, total_recipients: total });
    }
    return;
  }

  if (c.phase === 'dispatch') {
    const room = d.settings.window - (await d.store.inFlight(tx, c.project_id));
    if (room <= 0) {
      await d.store.update(tx, c.project_id, c.id, { ...step, next_step_at: new Date(Date.now() + FULL_WINDOW_WAIT_MS) });
      return;
    }
    const ids = await d.store.recipientsAfter(tx, c.project_id, c.id, c.dispatch_cursor, Math.min(room, d.settings.dispatchPage));
    if (ids.length === 0) {
      await d.store.update(tx, c.project_id, c.id, { ...step, phase: 'drain' });
      return;
    }
    const content = {
      campaign_id: c.id,
      subject: c.subject,
      body: c.body,
      from: c.from_email,
      from_name: c.from_name ?? '',
      reply_to: c.reply_to ?? '',
      template_id: c.template_id ?? '',
      tracking: c.tracking,
    };
    const r = await d.messaging().EnqueueCampaign({ content, contact_ids: ids }, { projectId: c.project_id, deadlineMs: 30_000 });
    await d.store.update(tx, c.project_id, c.id, {
      ...step,
      dispatch_cursor: ids.at(-1)!,
      // A page sent again (a crash after messaging answered) finds its emails there: counted once either way.
      dispatched: c.dispatched + r.created + r.existing,
      skipped: c.skipped + r.skipped,
    });
    return;
  }

  // drain: SENT once every email handed over has settled; until then, looked at now and then.
  if (c.sent_count + c.failed_count >= c.dispatched) {
    await change(d.store, tx, c, { ...step, phase: null, status: 'SENT', sent_at: new Date() });
  } else {
    await d.store.update(tx, c.project_id, c.id, { ...step, next_step_at: new Date(Date.now() + FULL_WINDOW_WAIT_MS) });
  }
}
