import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Db } from '../../../../libs/db/src';
import { logger, type Timer, uuidFloor } from '../../../../libs/kit/src';
import type { WarmupStore } from '../app/ports';
import { DAY_MS, DEFAULT_PLAN, firstStep, nextStep, type CampaignLane, type DayHealth, type ProviderStep, type WarmupPlan } from '../domain/warmup';

const REFRESH_MS = 1000;
/** A campaign's routed emails read for its provider mix, at most (the share of its recipients not handed over yet). */
const LANE_SAMPLE = 5000;
const planKey = (projectId: string, domain: string) => `${projectId}|${domain}`;
const stepKey = (projectId: string, domain: string, provider: string) => `${projectId}|${domain}|${provider}`;

type PlanRow = {
  project_id: string;
  domain: string;
  enabled: boolean;
  start_per_hour: number;
  growth: number;
  max_per_hour: number;
  exempt_transactional: boolean;
};
type StepRow = { project_id: string; domain: string; provider: string; cap: number; step: number; next_step_at: Date; held_back: string; done: boolean };

const planOf = (r: PlanRow): WarmupPlan => ({
  enabled: r.enabled,
  startPerHour: r.start_per_hour,
  growth: r.growth,
  maxPerHour: r.max_per_hour,
  exemptTransactional: r.exempt_transactional,
});
const stepOf = (r: StepRow): ProviderStep => ({ cap: r.cap, step: r.step, nextStepAt: r.next_step_at, heldBack: r.held_back, done: r.done });

/**
 * Warm-up plans (messaging.domain_warmup) and each provider's place on the curve
 * (messaging.domain_warmup_providers), kept in memory on every replica and reloaded every second;
 * the mails sent in the current hour per (project, domain, provider) are counted by the shared
 * limiter store (Redis in split, so every sender replica counts against one cap). A domain
 * messaging has not sent from before gets its plan on its first email: warm-up on when
 * WARMUP_NEW_DOMAINS says so.
 */
export class Warmup implements WarmupStore {
  private plans = new Map<string, WarmupPlan>();
  private steps = new Map<string, ProviderStep>();

  constructor(
    private readonly db: Db,
    /** Counts per (project, domain, provider) over windows of an hour (divided by the time scale). */
    private readonly hourly: RateLimiterAbstract,
    private readonly opts: { newDomains: boolean; scale: number },
  ) {}

  async plan(projectId: string, domain: string): Promise<WarmupPlan> {
    const known = this.plans.get(planKey(projectId, domain));
    if (known) return known;
    const d = DEFAULT_PLAN;
    await this.db.query(
      `INSERT INTO messaging.domain_warmup (project_id, domain, enabled, start_per_hour, growth, max_per_hour, exempt_transactional)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
      [projectId, domain, this.opts.newDomains, d.startPerHour, d.growth, d.maxPerHour, d.exemptTransactional],
    );
    const [row] = await this.db.query<PlanRow>(`SELECT * FROM messaging.domain_warmup WHERE project_id = $1 AND domain = $2`, [projectId, domain]);
    const plan = planOf(row);
    this.plans.set(planKey(projectId, domain), plan);
    return plan;
  }

  async step(projectId: string, domain: string, provider: string, plan: WarmupPlan): Promise<ProviderStep> {
    const known = this.steps.get(stepKey(projectId, domain, provider));
    if (known) return known;
    const s = firstStep(plan, Date.now(), this.opts.scale);
    await this.db.query(
      `INSERT INTO messaging.domain_warmup_providers (project_id, domain, provider, cap, step, next_step_at, held_back, done)
       VALUES ($1, $2, $3, $4, 0, $5, '', $6) ON CONFLICT DO NOTHING`,
      [projectId, domain, provider, s.cap, s.nextStepAt, s.done],
    );
    const [row] = await this.db.query<StepRow>(`SELECT * FROM messaging.domain_warmup_providers WHERE project_id = $1 AND domain = $2 AND provider = $3`, [
      projectId,
      domain,
      provider,
    ]);
    const step = stepOf(row);
    this.steps.set(stepKey(projectId, domain, provider), step);
    return step;
  }

  async take(projectId: string, domain: string, provider: string, cap: number): Promise<{ ok: true } | { ok: false; waitMs: number }> {
    const key = `${projectId}:${domain}:${provider}`;
    const r = await this.hourly.consume(key, 1);
    if (r.consumedPoints <= cap) return { ok: true };
    await this.hourly.reward(key, 1);
    return { ok: false, waitMs: Math.max(50, r.msBeforeNext) };
  }

  async setPlan(projectId: string, domain: string, patch: Partial<WarmupPlan>): Promise<void> {
    const current = await this.plan(projectId, domain);
    const next = { ...current, ...patch };
    await this.db.tx(async (tx) => {
      await tx.query(
        `UPDATE messaging.domain_warmup SET enabled = $3, start_per_hour = $4, growth = $5, max_per_hour = $6, exempt_transactional = $7, updated_at = now()
          WHERE project_id = $1 AND domain = $2`,
        [projectId, domain, next.enabled, next.startPerHour, next.growth, next.maxPerHour, next.exemptTransactional],
      );
      // Switched (back) to warm-up, or a new start: the curve starts again for every provider.
      if ((next.enabled && !current.enabled) || next.startPerHour !== current.startPerHour)
        await tx.query(`DELETE FROM messaging.domain_warmup_providers WHERE project_id = $1 AND domain = $2`, [projectId, domain]);
    });
    await this.refresh();
  }

  async view(projectId: string, domain: string) {
    const plan = await this.plan(projectId, domain);
    const steps = await this.db.query<StepRow>(`SELECT * FROM messaging.domain_warmup_providers WHERE project_id = $1 AND domain = $2 ORDER BY provider`, [
      projectId,
      domain,
    ]);
    const waiting = await this.db.query<{ provider: string; n: number }>(
      `SELECT provider, count(*)::int AS n FROM messaging.emails
        WHERE project_id = $1 AND status = 'queued' AND held_by = 'warmup' AND lower(split_part(from_email, '@', 2)) = $2 GROUP BY provider`,
      [projectId, domain],
    );
    const sentThisHour = await Promise.all(steps.map(async (s) => (await this.hourly.get(`${projectId}:${domain}:${s.provider}`))?.consumedPoints ?? 0));
    return {
      plan,
      providers: steps.map((s, i) => ({
        provider: s.provider,
        ...stepOf(s),
        sentThisHour: sentThisHour[i],
        waiting: waiting.find((w) => w.provider === s.provider)?.n ?? 0,
      })),
    };
  }

  async campaignLanes(projectId: string, campaignId: string): Promise<CampaignLane[]> {
    // What is unsent: at most the campaign window's emails (the pending index).
    const pending = await this.db.query<{ domain: string; provider: string; unsent: number; held: number }>(
      `SELECT lower(split_part(from_email, '@', 2)) AS domain, provider, count(*)::int AS unsent,
              count(*) FILTER (WHERE status = 'queued' AND held_by = 'warmup')::int AS held
         FROM messaging.emails
        WHERE project_id = $1 AND campaign_id = $2 AND campaign_id IS NOT NULL AND status IN ('queued', 'sending') AND provider IS NOT NULL
        GROUP BY 1, 2`,
      [projectId, campaignId],
    );
    if (!pending.some((l) => l.held > 0)) return pending.map((l) => ({ ...l, sampled: 0 }));
    // The mix of a bounded sample of its routed emails, sent or not: how its recipients spread over providers.
    const sample = await this.db.query<{ domain: string; provider: string; sampled: number }>(
      `SELECT lower(split_part(from_email, '@', 2)) AS domain, provider, count(*)::int AS sampled
         FROM (SELECT from_email, provider FROM messaging.emails
                WHERE project_id = $1 AND campaign_id = $2 AND campaign_id IS NOT NULL AND provider IS NOT NULL LIMIT $3) s
        GROUP BY 1, 2`,
      [projectId, campaignId, LANE_SAMPLE],
    );
    const key = (l: { domain: string; provider: string }) => `${l.domain}|${l.provider}`;
    const lanes = new Map<string, CampaignLane>(sample.map((l) => [key(l), { ...l, unsent: 0, held: 0 }]));
    for (const l of pending) lanes.set(key(l), { ...l, sampled: lanes.get(key(l))?.sampled ?? 0 });
    return [...lanes.values()];
  }

  /** A provider's last day from the domain (a day divided by the time scale). */
  private async health(projectId: string, domain: string, provider: string): Promise<DayHealth> {
    const since = new Date(Date.now() - DAY_MS / this.opts.scale);
    const [r] = await this.db.query<DayHealth>(
      `SELECT count(*)::int AS sent,
              count(*) FILTER (WHERE bounced_at IS NOT NULL OR refused_at IS NOT NULL)::int AS bounces,
              count(*) FILTER (WHERE complained_at IS NOT NULL)::int AS complaints,
              count(*) FILTER (WHERE deferrals > 0)::int AS deferred
         FROM messaging.emails
        WHERE project_id = $1 AND id >= $2 AND coalesce(sent_at, refused_at) > $3 AND lower(split_part(from_email, '@', 2)) = $4 AND provider = $5`,
      [projectId, uuidFloor(new Date(since.getTime() - DAY_MS)), since, domain, provider],
    );
    return r;
  }

  /** The daily steps that came due: each provider's cap grows, or holds with the reason; claimed so that replicas share them. */
  async advanceDue(limit = 100): Promise<number> {
    return this.db.tx(async (tx) => {
      const due = (
        await tx.query<StepRow & PlanRow>(
          `SELECT p.*, w.enabled, w.start_per_hour, w.growth, w.max_per_hour, w.exempt_transactional
             FROM messaging.domain_warmup_providers p JOIN messaging.domain_warmup w USING (project_id, domain)
            WHERE w.enabled AND NOT p.done AND p.next_step_at <= now()
            ORDER BY p.next_step_at LIMIT $1 FOR UPDATE OF p SKIP LOCKED`,
          [limit],
        )
      ).rows;
      for (const r of due) {
        const next = nextStep(stepOf(r), planOf(r), await this.health(r.project_id, r.domain, r.provider), Date.now(), this.opts.scale);
        await tx.query(
          `UPDATE messaging.domain_warmup_providers SET cap = $4, step = $5, next_step_at = $6, held_back = $7, done = $8
            WHERE project_id = $1 AND domain = $2 AND provider = $3`,
          [r.project_id, r.domain, r.provider, next.cap, next.step, next.nextStepAt, next.heldBack, next.done],
        );
        if (next.heldBack) logger.info({ projectId: r.project_id, domain: r.domain, provider: r.provider, why: next.heldBack }, 'warm-up step held back');
      }
      return due.length;
    });
  }

  async refresh() {
    const [plans, steps] = await Promise.all([
      this.db.query<PlanRow>(`SELECT * FROM messaging.domain_warmup`),
      this.db.query<StepRow>(`SELECT * FROM messaging.domain_warmup_providers`),
    ]);
    this.plans = new Map(plans.map((r) => [planKey(r.project_id, r.domain), planOf(r)]));
    this.steps = new Map(steps.map((r) => [stepKey(r.project_id, r.domain, r.provider), stepOf(r)]));
  }

  timers(): Timer[] {
    return [
      { name: 'messaging.warmup.refresh', everyMs: REFRESH_MS, run: () => this.refresh() },
      // A day is 86,400 s divided by the time scale: look for due steps a few times per (scaled) hour.
      { name: 'messaging.warmup.steps', everyMs: Math.max(1000, Math.round(600_000 / this.opts.scale)), run: () => this.advanceDue().then(() => undefined) },
    ];
  }
}
