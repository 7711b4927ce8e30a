import { capped, DAY_MS, hoursToSend, type WarmupPlan } from '../domain/warmup';
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
  const hourMs = DAY_MS / 24 / scale;
  return {
    domain,
    plan,
    providers: providers.map((p) => {
      const untilStep = Math.max(0, (p.nextStepAt.getTime() - now) / hourMs);
      const hours = hoursToSend(p.waiting, p, plan, Math.max(1, Math.ceil(untilStep)));
      return { ...p, expectedDoneAt: p.waiting > 0 && plan.enabled ? new Date(now + hours * hourMs) : null };
    }),
  };
}

export type WarmupPatch = Partial<WarmupPlan>;
