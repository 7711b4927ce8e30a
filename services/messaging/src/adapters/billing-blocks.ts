import type { DomainEvent } from '../../../../libs/contracts/src';
import { afterCommit, type Db, type Queryable } from '../../../../libs/db/src';
import { AppError, type Timer } from '../../../../libs/kit/src';
import type { BillingGate, SendCategory } from '../app/ports';

/** How often each replica reloads the blocked categories: a limit change reaches every replica within this (and the event's relay). */
const BILLING_BLOCKS_REFRESH_MS = 1000;

/**
 * The blocked billing categories, from billing.limit.state_changed.v1: the consumer (one replica
 * per event) records the newest state of each (project, category) in messaging.billing_blocks,
 * and every replica reloads the blocked ones every second into memory, where sends check them.
 * A block whose period has ended no longer holds, even before billing lifts it.
 */
export class BillingBlocks implements BillingGate {
  private blocked = new Map<string, Date>();
  constructor(private readonly db: Db) {}

  check(projectId: string, category: SendCategory) {
    const until = this.blocked.get(`${projectId}|${category}`);
    if (!until || until.getTime() <= Date.now()) return;
    throw new AppError({
      code: 'BILLING_LIMIT_EXCEEDED',
      status: 403,
      message: `The project reached its ${category} limit for this billing period (until ${until.toISOString()})`,
      details: { category, periodEnd: until.toISOString() },
      suggestion: 'Raise the limit (PUT /users/@me/projects/:id/billing-limits) or wait for the next billing period.',
    });
  }

  /** The consumer's write: the newest state of the (project, category) wins, whatever order the events come in. */
  async apply(tx: Queryable, e: DomainEvent<'billing.limit.state_changed.v1'>) {
    const r = await tx.query(
      `INSERT INTO messaging.billing_blocks AS b (project_id, category, blocked, period_end, version) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (project_id, category) DO UPDATE SET blocked = EXCLUDED.blocked, period_end = EXCLUDED.period_end, version = EXCLUDED.version
       WHERE b.version < EXCLUDED.version`,
      [e.projectId, e.data.category, e.data.blocked, e.data.periodEnd, e.data.version],
    );
    // This replica knows once the consumer's transaction commits (the others at their next refresh).
    if (!r.rowCount) return;
    const key = `${e.projectId}|${e.data.category}`;
    afterCommit(tx, () => {
      if (e.data.blocked) this.blocked.set(key, new Date(e.data.periodEnd));
      else this.blocked.delete(key);
    });
  }

  async refresh() {
    const rows = await this.db.query<{ project_id: string; category: string; period_end: Date }>(
      `SELECT project_id, category, period_end FROM messaging.billing_blocks WHERE blocked AND period_end > now()`,
    );
    this.blocked = new Map(rows.map((r) => [`${r.project_id}|${r.category}`, r.period_end]));
  }

  timer(): Timer {
    return { name: 'messaging.billing-blocks', everyMs: BILLING_BLOCKS_REFRESH_MS, run: () => this.refresh() };
  }
}
