import { logger, metrics } from '../../../../libs/kit/src';
import type { PaceChange } from '../domain/shaping';
import type { PaceKey, ShapingGate, Units } from './ports';

/**
 * A change of pace one sender saw (a throttle by a catalogue rule or by deferrals, or its end):
 * recorded for every replica with its event (the activity feed's `deliverability.throttled` /
 * `.resumed`), in one unit of work; a change another sender recorded first is not news.
 */
export async function paceChanged(deps: { shaping: ShapingGate; repo: Units }, key: PaceKey, change: NonNullable<PaceChange>) {
  const t = change.throttle;
  const news = await deps.repo.uow.run(async (work) => {
    if (!(await deps.shaping.record(work, key, change))) return false;
    await deps.repo.outbox.enqueue(work, [
      {
        type: 'messaging.deliverability.changed.v1',
        projectId: key.projectId,
        data: {
          domain: key.domain.toLowerCase(),
          provider: key.provider,
          action: change.action,
          reason: t.reason,
          reply: t.reply,
          ratePerMinute: change.action === 'throttled' ? t.ratePerMinute : null,
          until: change.action === 'throttled' && t.until !== null ? new Date(t.until).toISOString() : null,
        },
      },
    ]);
    return true;
  });
  if (!news) return;
  metrics.deliverabilityChanges.inc({ provider: key.provider, action: change.action, reason: t.reason });
  const log = { projectId: key.projectId, domain: key.domain, provider: key.provider, reason: t.reason, reply: t.reply };
  if (change.action === 'throttled') logger.warn(log, 'sending to the provider throttled on its replies');
  else logger.info(log, 'sending to the provider back to its normal pace');
}

/** What GET /deliverability shows: each (domain, provider) of the project with its pace and state. */
export async function deliverabilityView(shaping: ShapingGate, projectId: string) {
  return { providers: await shaping.view(projectId) };
}
