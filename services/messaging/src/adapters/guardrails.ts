import { afterCommit, type Db, type Queryable, sqlOf, type Work } from '../../../../libs/db/src';
import { type Timer, uuidFloor } from '../../../../libs/kit/src';
import type { GuardrailsStore } from '../app/ports';
import { WINDOWS, type WindowCounts, type WindowName } from '../domain/guardrails';

/** How often each replica reloads the paused domains: a pause reaches every sender within this. */
const PAUSED_REFRESH_MS = 1000;
/** An email sent in a window was accepted at most this long before it (warm-up and retries hold mail back): the id range scanned. */
const HELD_AT_MOST_MS = 24 * 3_600_000;

const key = (projectId: string, domain: string) => `${projectId}|${domain.toLowerCase()}`;

/**
 * The guardrails' state in messaging.domain_guardrails (a row per project and sending domain that
 * was ever warned or paused) and the counts they judge, read from messaging.emails. Every replica
 * keeps the paused domains in memory, reloaded every second, where the senders check them.
 */
export class Guardrails implements GuardrailsStore {
  private paused = new Set<string>();
  constructor(private readonly db: Db) {}

  isPaused(projectId: string, domain: string) {
    return this.paused.has(key(projectId, domain));
  }

  async counts(projectId: string, domain: string, since?: Date, work?: Work): Promise<WindowCounts[]> {
    const tx: Queryable = work ? sqlOf(work) : this.db.pool;
    const out: WindowCounts[] = [];
    for (const [window, ms] of Object.entries(WINDOWS) as Array<[WindowName, number]>) {
      const start = new Date(Math.max(Date.now() - ms, since?.getTime() ?? 0));
      // An email counts in the window it was handed off (or refused) in; its bounce or complaint counts with it, whenever it came.
      // The domain's row (all mail, always there) and one per provider it reached.
      const rows = (
        await tx.query<{ provider: string | null; total: boolean; sent: number; bounces: number; complaints: number }>(
          `SELECT provider, grouping(provider) = 1 AS total, count(*)::int AS sent,
                  count(*) FILTER (WHERE bounced_at IS NOT NULL OR refused_at IS NOT NULL)::int AS bounces,
                  count(*) FILTER (WHERE complained_at IS NOT NULL)::int AS complaints
             FROM messaging.emails
            WHERE project_id = $1 AND id >= $2 AND coalesce(sent_at, refused_at) > $3 AND lower(split_part(from_email, '@', 2)) = $4
            GROUP BY GROUPING SETS ((), (provider))`,
          [projectId, uuidFloor(new Date(start.getTime() - HELD_AT_MOST_MS)), start, domain.toLowerCase()],
        )
      ).rows;
      const total = rows.find((r) => r.total) ?? { sent: 0, bounces: 0, complaints: 0 };
      out.push({ window, provider: null, sent: total.sent, bounces: total.bounces, complaints: total.complaints });
      for (const r of rows.filter((x) => !x.total && x.provider !== null).sort((a, b) => b.sent - a.sent))
        out.push({ window, provider: r.provider, sent: r.sent, bounces: r.bounces, complaints: r.complaints });
    }
    return out;
  }

  async state(projectId: string, domain: string, work?: Work) {
    const tx: Queryable = work ? sqlOf(work) : this.db.pool;
    const [row] = (
      await tx.query<{ paused_at: Date | null; pause_reason: string | null; warned_at: Date | null; resumed_at: Date | null }>(
        `SELECT paused_at, pause_reason, warned_at, resumed_at FROM messaging.domain_guardrails WHERE project_id = $1 AND domain = $2`,
        [projectId, domain.toLowerCase()],
      )
    ).rows;
    return { pausedAt: row?.paused_at ?? null, pauseReason: row?.pause_reason ?? null, warnedAt: row?.warned_at ?? null, resumedAt: row?.resumed_at ?? null };
  }

  async pause(work: Work, projectId: string, domain: string, reason: string) {
    const tx = sqlOf(work);
    const r = await tx.query(
      `INSERT INTO messaging.domain_guardrails AS g (project_id, domain, paused_at, pause_reason) VALUES ($1, $2, now(), $3)
       ON CONFLICT (project_id, domain) DO UPDATE SET paused_at = now(), pause_reason = $3 WHERE g.paused_at IS NULL`,
      [projectId, domain.toLowerCase(), reason],
    );
    if (!r.rowCount) return false;
    afterCommit(tx, () => this.paused.add(key(projectId, domain)));
    return true;
  }

  async warn(work: Work, projectId: string, domain: string) {
    const r = await sqlOf(work).query(
      `INSERT INTO messaging.domain_guardrails AS g (project_id, domain, warned_at) VALUES ($1, $2, now())
       ON CONFLICT (project_id, domain) DO UPDATE SET warned_at = now()
       WHERE g.paused_at IS NULL AND (g.warned_at IS NULL OR g.warned_at < now() - interval '24 hours')`,
      [projectId, domain.toLowerCase()],
    );
    return (r.rowCount ?? 0) > 0;
  }

  async resume(work: Work, projectId: string, domain: string) {
    const tx = sqlOf(work);
    const r = await tx.query(
      `UPDATE messaging.domain_guardrails SET paused_at = NULL, pause_reason = NULL, resumed_at = now()
        WHERE project_id = $1 AND domain = $2 AND paused_at IS NOT NULL`,
      [projectId, domain.toLowerCase()],
    );
    if (!r.rowCount) return false;
    await tx.query(
      `UPDATE messaging.emails SET next_attempt_at = now()
        WHERE project_id = $1 AND status = 'queued' AND enqueued_at IS NULL AND type = 'MARKETING' AND held_by = 'paused'
          AND lower(split_part(from_email, '@', 2)) = $2`,
      [projectId, domain.toLowerCase()],
    );
    afterCommit(tx, () => this.paused.delete(key(projectId, domain)));
    return true;
  }

  async held(projectId: string, domain: string) {
    const [r] = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM messaging.emails
        WHERE project_id = $1 AND status = 'queued' AND held_by = 'paused' AND lower(split_part(from_email, '@', 2)) = $2`,
      [projectId, domain.toLowerCase()],
    );
    return r.n;
  }

  async refused(work: Work, projectId: string, emailId: string) {
    await sqlOf(work).query(`UPDATE messaging.emails SET refused_at = now() WHERE project_id = $1 AND id = $2`, [projectId, emailId]);
  }

  async refresh() {
    const rows = await this.db.query<{ project_id: string; domain: string }>(
      `SELECT project_id, domain FROM messaging.domain_guardrails WHERE paused_at IS NOT NULL`,
    );
    this.paused = new Set(rows.map((r) => key(r.project_id, r.domain)));
  }

  timer(): Timer {
    return { name: 'messaging.guardrails', everyMs: PAUSED_REFRESH_MS, run: () => this.refresh() };
  }
}
