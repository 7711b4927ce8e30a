import type { NewEvent } from '../../../../libs/bus/src';
import type { Work } from '../../../../libs/db/src';
import { logger } from '../../../../libs/kit/src';
import { rates, verdict, type GuardrailThresholds } from '../domain/guardrails';
import type { GuardrailsStore, Units } from './ports';

export interface GuardrailDeps {
  guardrails: GuardrailsStore;
  thresholds: GuardrailThresholds;
}

export const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase();

/**
 * After a complaint on mail from `domain`, in the unit of work that records it: the rule judges the
 * domain's windows (only mail sent since the last resume: a resume is a fresh start) and pauses its
 * marketing at the pause line, or warns (at most once a day) at the warning line. Returns the
 * events, and whether the domain was paused before this complaint (the project-level rule acts on
 * complaints only past the domain's pause: see webhooks.ts).
 */
export async function judgeComplaint(
  deps: GuardrailDeps,
  work: Work,
  projectId: string,
  domain: string,
): Promise<{ events: NewEvent[]; pausedBefore: boolean }> {
  const state = await deps.guardrails.state(projectId, domain, work);
  if (state.pausedAt) return { events: [], pausedBefore: true };
  const none = { events: [], pausedBefore: false };
  const v = verdict(await deps.guardrails.counts(projectId, domain, state.resumedAt ?? undefined, work), deps.thresholds);
  if (!v) return none;
  const data = { domain, reason: v.reason, complaintRate: v.rate };
  if (v.action === 'pause') {
    if (!(await deps.guardrails.pause(work, projectId, domain, v.reason))) return none;
    logger.warn({ projectId, domain, reason: v.reason }, 'marketing mail from the domain paused by its guardrails');
    return { events: [{ type: 'messaging.domain.guardrail_paused.v1', projectId, data }], pausedBefore: false };
  }
  if (!(await deps.guardrails.warn(work, projectId, domain))) return none;
  return { events: [{ type: 'messaging.domain.guardrail_warning.v1', projectId, data }], pausedBefore: false };
}

/** What GET /domains/:id/guardrails shows: the thresholds, each window's rates (full windows), the pause and the mail it holds. */
export async function guardrailsView(deps: GuardrailDeps, projectId: string, domain: string) {
  const [state, counts, held] = await Promise.all([
    deps.guardrails.state(projectId, domain),
    deps.guardrails.counts(projectId, domain),
    deps.guardrails.held(projectId, domain),
  ]);
  return { domain, thresholds: deps.thresholds, windows: counts.map((c) => rates(c, deps.thresholds)), ...state, held };
}

/** The explicit resume: marketing from the domain flows again and what it held goes out now. */
export async function resumeDomain(deps: GuardrailDeps & { repo: Units }, projectId: string, domain: string) {
  const held = await deps.guardrails.held(projectId, domain);
  await deps.repo.uow.run(async (work) => {
    if (!(await deps.guardrails.resume(work, projectId, domain))) return;
    await deps.repo.outbox.enqueue(work, [{ type: 'messaging.domain.guardrail_resumed.v1', projectId, data: { domain, held } }]);
  });
  return guardrailsView(deps, projectId, domain);
}
