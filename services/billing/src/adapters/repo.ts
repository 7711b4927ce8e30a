import { Outbox } from '../../../../libs/bus/src';
import { sqlOf, type Db, type Queryable, type UnitOfWork, type Work } from '../../../../libs/db/src';
import { CATEGORIES, LIVE_SUBSCRIPTION, type Category, type Period } from '../domain/billing';
import type { InvoiceFacts, SubscriptionFacts } from '../domain/provider';
import type { BillingStore, InvoiceRow, LimitRow, SubscriptionRow, UsageIncrement } from '../app/ports';
import { SCHEMA } from '../migrations';

const outbox = new Outbox(SCHEMA);

/** Limits, consumption, customers, subscriptions, invoices and applied notifications (the billing schema). */
export class BillingRepo implements BillingStore {
  readonly outbox = outbox;
  constructor(readonly db: Db) {}

  get uow(): UnitOfWork {
    return this.db;
  }

  limits(projectId: string, work?: Work): Promise<LimitRow[]> {
    return this.limitsIn(work ? sqlOf(work) : this.db.pool, projectId);
  }

  limitsForUpdate(work: Work, projectId: string): Promise<LimitRow[]> {
    return this.limitsIn(sqlOf(work), projectId, true);
  }

  private async limitsIn(q: Queryable, projectId: string, lock = false): Promise<LimitRow[]> {
    const r = await q.query(
      `SELECT category, limit_value, blocked, blocked_until, version FROM billing.limits WHERE project_id = $1 ORDER BY category${lock ? ' FOR UPDATE' : ''}`,
      [projectId],
    );
    return r.rows;
  }

  async setLimits(work: Work, projectId: string, limits: Partial<Record<Category, number | null>>) {
    const tx = sqlOf(work);
    const set = Object.entries(limits).filter(([, v]) => v !== undefined) as Array<[Category, number | null]>;
    if (!set.length) return;
    await tx.query(
      `INSERT INTO billing.limits (project_id, category, limit_value)
       SELECT $1, c, v FROM unnest($2::text[], $3::bigint[]) AS x(c, v)
       ON CONFLICT (project_id, category) DO UPDATE SET limit_value = EXCLUDED.limit_value, updated_at = now()`,
      [projectId, set.map(([c]) => c), set.map(([, v]) => v)],
    );
  }

  async setBlock(work: Work, projectId: string, category: Category, blocked: boolean, until: Date | null): Promise<number> {
    const tx = sqlOf(work);
    const r = await tx.query(
      `UPDATE billing.limits SET blocked = $3, blocked_until = $4, version = version + 1, updated_at = now()
       WHERE project_id = $1 AND category = $2 RETURNING version`,
      [projectId, category, blocked, until],
    );
    return Number(r.rows[0].version);
  }

  async usage(projectId: string, period: Period, work?: Work): Promise<Record<Category, number>> {
    const q = work ? sqlOf(work) : this.db.pool;
    const r = await q.query<{ category: Category; n: string }>(
      `SELECT category, sum(count)::bigint AS n FROM billing.usage
       WHERE project_id = $1 AND hour >= date_trunc('hour', $2::timestamptz) AND hour < $3 GROUP BY category`,
      [projectId, period.start, period.end],
    );
    const out = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
    for (const row of r.rows) if (row.category in out) out[row.category] = Number(row.n);
    return out;
  }

  async addUsage(work: Work, rows: UsageIncrement[]) {
    const tx = sqlOf(work);
    if (!rows.length) return;
    // In key order, so concurrent batches lock the same rows in the same order.
    const sorted = [...rows].sort((a, b) => (a.projectId + a.category + a.hour.getTime()).localeCompare(b.projectId + b.category + b.hour.getTime()));
    await tx.query(
      `INSERT INTO billing.usage (project_id, category, hour, count)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::bigint[])
       ON CONFLICT (project_id, category, hour) DO UPDATE SET count = billing.usage.count + EXCLUDED.count`,
      [sorted.map((r) => r.projectId), sorted.map((r) => r.category), sorted.map((r) => r.hour), sorted.map((r) => r.count)],
    );
  }

  async projectsWithLimits(work: Work, projectIds: string[]): Promise<string[]> {
    const q = sqlOf(work);
    const r = await q.query(`SELECT DISTINCT project_id FROM billing.limits WHERE project_id = ANY($1::uuid[]) AND (limit_value IS NOT NULL OR blocked)`, [
      projectIds,
    ]);
    return r.rows.map((x: { project_id: string }) => x.project_id);
  }

  async expiredBlocks(limit: number): Promise<string[]> {
    const q = this.db.pool;
    const r = await q.query(`SELECT DISTINCT project_id FROM billing.limits WHERE blocked AND blocked_until <= now() LIMIT $1`, [limit]);
    return r.rows.map((x: { project_id: string }) => x.project_id);
  }

  async subscription(projectId: string, work?: Work): Promise<SubscriptionRow | undefined> {
    const q = work ? sqlOf(work) : this.db.pool;
    const r = await q.query(
      `SELECT id, status, current_period_start, current_period_end FROM billing.subscriptions WHERE project_id = $1
       ORDER BY (status = ANY($2::text[])) DESC, updated_at DESC LIMIT 1`,
      [projectId, LIVE_SUBSCRIPTION],
    );
    return r.rows[0];
  }

  async customer(projectId: string): Promise<string | undefined> {
    return (await this.db.query(`SELECT customer_id FROM billing.customers WHERE project_id = $1`, [projectId]))[0]?.customer_id;
  }

  async saveCustomer(projectId: string, customerId: string): Promise<string> {
    const rows = await this.db.query(
      `INSERT INTO billing.customers (project_id, customer_id) VALUES ($1, $2)
       ON CONFLICT (project_id) DO UPDATE SET customer_id = billing.customers.customer_id RETURNING customer_id`,
      [projectId, customerId],
    );
    return rows[0].customer_id;
  }

  async projectOfCustomer(work: Work, customerId: string): Promise<string | undefined> {
    const q = sqlOf(work);
    return (await q.query(`SELECT project_id FROM billing.customers WHERE customer_id = $1`, [customerId])).rows[0]?.project_id;
  }

  async recordNotification(work: Work, id: string, type: string, projectId: string | undefined): Promise<boolean> {
    const tx = sqlOf(work);
    const r = await tx.query(`INSERT INTO billing.provider_events (id, type, project_id) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`, [
      id,
      type,
      projectId ?? null,
    ]);
    return (r.rowCount ?? 0) > 0;
  }

  async saveSubscription(work: Work, projectId: string, s: SubscriptionFacts, providerAt: number): Promise<boolean> {
    const tx = sqlOf(work);
    const r = await tx.query(
      `INSERT INTO billing.subscriptions AS s (project_id, id, customer_id, status, price_ids, current_period_start, current_period_end, cancel_at_period_end, provider_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (project_id, id) DO UPDATE SET status = EXCLUDED.status, price_ids = EXCLUDED.price_ids,
         current_period_start = coalesce(EXCLUDED.current_period_start, s.current_period_start),
         current_period_end = coalesce(EXCLUDED.current_period_end, s.current_period_end),
         cancel_at_period_end = EXCLUDED.cancel_at_period_end, provider_at = EXCLUDED.provider_at, updated_at = now()
       WHERE s.provider_at <= EXCLUDED.provider_at AND s.status <> 'canceled'`,
      [projectId, s.id, s.customerId, s.status, s.priceIds, s.periodStart, s.periodEnd, s.cancelAtPeriodEnd, providerAt],
    );
    return (r.rowCount ?? 0) > 0;
  }

  async saveInvoice(work: Work, projectId: string, i: InvoiceFacts, providerAt: number): Promise<boolean> {
    const tx = sqlOf(work);
    const r = await tx.query(
      `INSERT INTO billing.invoices AS i (project_id, id, number, status, amount_due, amount_paid, currency, period_start, period_end, hosted_url, pdf_url, provider_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (project_id, id) DO UPDATE SET number = EXCLUDED.number, status = EXCLUDED.status, amount_due = EXCLUDED.amount_due,
         amount_paid = EXCLUDED.amount_paid, currency = EXCLUDED.currency, hosted_url = EXCLUDED.hosted_url, pdf_url = EXCLUDED.pdf_url,
         provider_at = EXCLUDED.provider_at
       WHERE i.provider_at <= EXCLUDED.provider_at`,
      [projectId, i.id, i.number, i.status, i.amountDue, i.amountPaid, i.currency, i.periodStart, i.periodEnd, i.hostedUrl, i.pdfUrl, providerAt, i.createdAt],
    );
    return (r.rowCount ?? 0) > 0;
  }

  async invoices(projectId: string): Promise<InvoiceRow[]> {
    return this.db.query(
      `SELECT id, number, status, amount_due, amount_paid, currency, period_start, period_end, hosted_url, pdf_url, created_at
       FROM billing.invoices WHERE project_id = $1 ORDER BY created_at DESC, id DESC LIMIT 100`,
      [projectId],
    );
  }
}
