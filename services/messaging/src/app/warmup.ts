import { campaignFinish, capped, expectedDoneAt, type LaneCurve, type WarmupPlan } from '../domain/warmup';
import { domainOf } from './guardrails';
import type { EmailRow, WarmupStore } from './ports';

/**
 * The warm-up's say on one email about to be handed off to `provider`: nothing (it goes), or how
 * long to hold it (this hour's cap is reached; it waits queued for the next hour).
 */
export async function warmupWait(store: WarmupStore, email: EmailRow, provider: string): Promise<{ waitMs: number; cap: number } | undefined> {
  const domain = domainOf(email.from_email);
  const plan = await store.plan(email.project_id, domain);
  if (!capped(plan, email.type)) return undefined;
  const step = await store.step(email.project_id, domain, provider, plan);
  if (step.done) return undefined;
  const taken = await store.take(email.project_id, domain, provider, step.cap);
  return taken.ok ? undefined : { waitMs: taken.waitMs, cap: step.cap };
}

/** What GET /domains/:id/warmup shows: the plan and, per provider, its cap, next step, why it held back, and when what waits is out. */
export async function warmupView(store: WarmupStore, projectId: string, domain: string, scale: number) {
  const { plan, providers } = await store.view(projectId, domain);
  const now = Date.now();
  return { domain, plan, providers: providers.map((p) => ({ ...p, expectedDoneAt: expectedDoneAt(plan, p, p.waiting, now, scale) })) };
}

/**
 * When a sending campaign's last email is expected out, and which providers' warm-up caps hold it
 * (domain/warmup.ts campaignFinish): its lanes as messaging holds them, each against its domain's
 * curve as GET /domains/:id/warmup shows it. `notDispatched`: the recipients the campaign has not
 * handed to messaging yet.
 */
export async function campaignFinishView(store: WarmupStore, projectId: string, campaignId: string, notDispatched: number, scale: number) {
  const lanes = await store.campaignLanes(projectId, campaignId);
  const curves = new Map<string, LaneCurve>();
  for (const domain of new Set(lanes.filter((l) => l.held > 0).map((l) => l.domain))) {
    const { plan, providers } = await store.view(projectId, domain);
    for (const p of providers) curves.set(`${domain}|${p.provider}`, { plan, step: p, domainHeld: p.waiting });
  }
  return campaignFinish(lanes, notDispatched, (domain, provider) => curves.get(`${domain}|${provider}`), Date.now(), scale);
}

export type WarmupPatch = Partial<WarmupPlan>;
