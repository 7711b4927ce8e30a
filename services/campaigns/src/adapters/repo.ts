import { Outbox } from '../../../../libs/bus/src';
import { sqlOf, type Db, type Queryable, type UnitOfWork, type Work } from '../../../../libs/db/src';
import type { CampaignChange, CampaignRow, CampaignsStore, NewCampaign, RecipientFact } from '../app/ports';
import { FACT } from '../domain/campaign';
import { SCHEMA } from '../migrations';

const T = 'campaigns.campaigns';
const R = 'campaigns.recipients';

/** Every column but the body (megabytes, maybe): what the fan-out reads each turn. */
const LIGHT = `project_id, id, name, description, subject, from_email, from_name, reply_to, template_id, audience_type, segment_id, audience_filter,
  status, scheduled_at, started_at, sent_at, cancelled_at, status_reason, tracking, phase, freeze_cursor, dispatch_cursor, stepped_at, next_step_at,
  drain_checked_at, total_recipients, dispatched, skipped, sent_count, delivered_count, opened_count, clicked_count, bounced_count, complained_count,
  unsubscribed_count, failed_count, replied_count, settled_count, version, created_at, updated_at`;

/** A column's value as a statement parameter: objects (the audience filter) as JSON. */
const param = (v: unknown) => (v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v);

/** A recipient is settled by the first of these facts. */
const SETTLED = FACT.sent | FACT.failed;

/** The counter column of each fact. */
const COUNTER = Object.fromEntries(Object.keys(FACT).map((f) => [f, `${f}_count`])) as Record<keyof typeof FACT, string>;

export class CampaignsRepo implements CampaignsStore {
  readonly outbox = new Outbox(SCHEMA);

  constructor(readonly db: Db) {}

  get uow(): UnitOfWork {
    return this.db;
  }

  async insert(work: Work, row: NewCampaign): Promise<CampaignRow> {
    const tx = sqlOf(work);
    const cols = Object.keys(row);
    const values = Object.values(row).map(param);
    const r = await tx.query(`INSERT INTO ${T} (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *`, values);
    return r.rows[0];
  }

  get(projectId: string, id: string): Promise<CampaignRow | undefined> {
    return this.getIn(this.db.pool, projectId, id);
  }

  getForUpdate(work: Work, projectId: string, id: string): Promise<CampaignRow | undefined> {
    return this.getIn(sqlOf(work), projectId, id, true);
  }

  private async getIn(q: Queryable, projectId: string, id: string, lock = false): Promise<CampaignRow | undefined> {
    const r = await q.query(`SELECT * FROM ${T} WHERE project_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [projectId, id]);
    return r.rows[0];
  }

  async list(projectId: string, q: { page: number; pageSize: number; status?: string }) {
    const filter = q.status ? ' AND status = $2' : '';
    const params: unknown[] = [projectId, ...(q.status ? [q.status] : [])];
    const [rows, total] = await Promise.all([
      this.db.query<Omit<CampaignRow, 'body'>>(
        `SELECT ${LIGHT} FROM ${T} WHERE project_id = $1${filter} ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, q.pageSize, (q.page - 1) * q.pageSize],
      ),
      this.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${T} WHERE project_id = $1${filter}`, params),
    ]);
    return { rows, total: Number(total[0].n) };
  }

  async update(work: Work, projectId: string, id: string, change: CampaignChange): Promise<CampaignRow> {
    const tx = sqlOf(work);
    const entries = Object.entries(change).filter(([, v]) => v !== undefined);
    const sets = entries.map(([k], i) => `${k} = $${i + 3}`);
    const values = entries.map(([, v]) => param(v));
    const r = await tx.query(
      `UPDATE ${T} SET ${[...sets, 'version = version + 1', 'updated_at = now()'].join(', ')} WHERE project_id = $1 AND id = $2 RETURNING *`,
      [projectId, id, ...values],
    );
    return r.rows[0];
  }

  async delete(work: Work, projectId: string, id: string) {
    const tx = sqlOf(work);
    await tx.query(`DELETE FROM ${T} WHERE project_id = $1 AND id = $2`, [projectId, id]);
  }

  async deleteRecipients(projectId: string, id: string) {
    // Batches of 10,000, each its own statement: no long lock, no long transaction.
    for (;;) {
      const r = await this.db.pool.query(
        `DELETE FROM ${R} WHERE (project_id, campaign_id, contact_id) IN (SELECT project_id, campaign_id, contact_id FROM ${R} WHERE project_id = $1 AND campaign_id = $2 LIMIT 10000)`,
        [projectId, id],
      );
      if ((r.rowCount ?? 0) < 10000) return;
    }
  }

  async progress(work: Work, projectId: string, id: string, change: CampaignChange) {
    const tx = sqlOf(work);
    const entries = Object.entries(change).filter(([, v]) => v !== undefined);
    await tx.query(`UPDATE ${T} SET ${entries.map(([k], i) => `${k} = $${i + 3}`).join(', ')} WHERE project_id = $1 AND id = $2`, [
      projectId,
      id,
      ...entries.map(([, v]) => param(v)),
    ]);
  }

  async deferTurn(projectId: string, id: string, ms: number) {
    await this.db.pool.query(
      `UPDATE ${T} SET stepped_at = now(), next_step_at = now() + $3 * interval '1 millisecond' WHERE project_id = $1 AND id = $2 AND status = 'SENDING'`,
      [projectId, id, ms],
    );
  }

  async body(work: Work, projectId: string, id: string): Promise<string> {
    const q = sqlOf(work);
    const r = await q.query(`SELECT body FROM ${T} WHERE project_id = $1 AND id = $2`, [projectId, id]);
    return r.rows[0]?.body ?? '';
  }

  async startDue(work: Work, limit: number): Promise<CampaignRow[]> {
    const tx = sqlOf(work);
    const r = await tx.query(
      `UPDATE ${T} c SET status = 'SENDING', phase = 'freeze', started_at = now(), next_step_at = now(), version = version + 1, updated_at = now()
       FROM (SELECT project_id, id FROM ${T} WHERE status = 'SCHEDULED' AND scheduled_at <= now() ORDER BY scheduled_at LIMIT $1 FOR UPDATE SKIP LOCKED) due
       WHERE c.project_id = due.project_id AND c.id = due.id RETURNING c.*`,
      [limit],
    );
    return r.rows;
  }

  async nextTurn(work: Work): Promise<CampaignRow | undefined> {
    const tx = sqlOf(work);
    const r = await tx.query(
      `SELECT ${LIGHT} FROM ${T} WHERE status = 'SENDING' AND (next_step_at IS NULL OR next_step_at <= now())
       ORDER BY stepped_at NULLS FIRST LIMIT 1 FOR UPDATE SKIP LOCKED`,
    );
    return r.rows[0];
  }

  async freeze(work: Work, projectId: string, campaignId: string, contactIds: string[]): Promise<number> {
    const tx = sqlOf(work);
    const r = await tx.query(`INSERT INTO ${R} (project_id, campaign_id, contact_id) SELECT $1, $2, unnest($3::uuid[]) ON CONFLICT DO NOTHING`, [
      projectId,
      campaignId,
      contactIds,
    ]);
    return r.rowCount ?? 0;
  }

  async recipientsAfter(work: Work, projectId: string, campaignId: string, afterId: string | null, limit: number): Promise<string[]> {
    const q = sqlOf(work);
    const r = await q.query(
      `SELECT contact_id FROM ${R} WHERE project_id = $1 AND campaign_id = $2 AND ($3::uuid IS NULL OR contact_id > $3::uuid) ORDER BY contact_id LIMIT $4`,
      [projectId, campaignId, afterId, limit],
    );
    return r.rows.map((row: { contact_id: string }) => row.contact_id);
  }

  async inFlight(work: Work, projectId: string): Promise<number> {
    const q = sqlOf(work);
    const r = await q.query(
      `SELECT coalesce(sum(greatest(dispatched - settled_count, 0)), 0)::int AS n FROM ${T} WHERE project_id = $1 AND status = 'SENDING'`,
      [projectId],
    );
    return r.rows[0].n;
  }

  async applyFacts(work: Work, facts: RecipientFact[]) {
    const tx = sqlOf(work);
    if (facts.length === 0) return [];
    const params = [facts.map((f) => f.projectId), facts.map((f) => f.campaignId), facts.map((f) => f.contactId), facts.map((f) => f.bits)];
    // The campaigns' rows first, in key order, as everyone else takes them (a turn, a cancel, a
    // delete lock the campaign and then touch its recipients): concurrent batches and those
    // cannot deadlock.
    await tx.query(`SELECT 1 FROM ${T} WHERE (project_id, id) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[])) ORDER BY project_id, id FOR UPDATE`, [
      params[0],
      params[1],
    ]);
    // One statement: the facts of each recipient or'ed together, set on its row (locked, in key
    // order), and the counters of each campaign raised by the bits that were new — `settled` by
    // the first of sent or failed.
    const raised = [
      ...Object.entries(FACT).map(([f, bit]) => `sum(((u.facts & ~u.before) & ${bit} <> 0)::int) AS ${COUNTER[f as keyof typeof FACT]}`),
      `sum((u.facts & ${SETTLED} <> 0 AND u.before & ${SETTLED} = 0)::int) AS settled_count`,
    ];
    const r = await tx.query(
      `WITH f AS (
         SELECT project_id, campaign_id, contact_id, bit_or(bits) AS bits
         FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::int[]) AS f(project_id, campaign_id, contact_id, bits)
         GROUP BY 1, 2, 3
       ), old AS (
         SELECT r.project_id, r.campaign_id, r.contact_id, r.facts AS before, f.bits
         FROM ${R} r JOIN f USING (project_id, campaign_id, contact_id)
         WHERE r.facts | f.bits <> r.facts
         ORDER BY 1, 2, 3 FOR UPDATE OF r
       ), u AS (
         UPDATE ${R} r SET facts = r.facts | old.bits FROM old
         WHERE r.project_id = old.project_id AND r.campaign_id = old.campaign_id AND r.contact_id = old.contact_id
         RETURNING r.project_id, r.campaign_id, r.facts, old.before
       ), sums AS (
         SELECT u.project_id, u.campaign_id, ${raised.join(', ')} FROM u GROUP BY 1, 2
       )
       UPDATE ${T} c SET ${[...Object.values(COUNTER), 'settled_count'].map((col) => `${col} = c.${col} + sums.${col}`).join(', ')}
       FROM sums WHERE c.project_id = sums.project_id AND c.id = sums.campaign_id
       RETURNING c.project_id, c.id`,
      params,
    );
    return r.rows.map((row: { project_id: string; id: string }) => ({ projectId: row.project_id, campaignId: row.id }));
  }
}
