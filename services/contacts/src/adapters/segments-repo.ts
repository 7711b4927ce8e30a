import { CONTACTS_TABLE, countSql, idsSql, matchEachSql, pageSql, type CompiledCondition, type Condition } from '../../../../libs/audience/src';
import { sqlOf, type Db, type Queryable, type UnitOfWork, type Work } from '../../../../libs/db/src';
import type { CampaignAudience, ContactRow, DueProject, SegmentRef, SegmentRow, SegmentsStore, WorkflowRefs } from '../app/ports';
import { segmentSlug, type SegmentType } from '../domain/segments';
import { SCHEMA } from '../migrations';

const S = `${SCHEMA}.segments`;
const M = `${SCHEMA}.segment_members`;
const DUE = `${SCHEMA}.segment_recompute`;
const WF = `${SCHEMA}.workflow_refs`;
// A STATIC segment's count is its membership rows, counted when read (an index-only count); a
// DYNAMIC one's is the count cached by its last create, update, refresh or compute.
const COLS = `s.id, s.name, s.description, s.type, s.condition, s.track_membership, s.computed_at, s.created_at, s.updated_at,
  CASE WHEN s.type = 'STATIC' THEN (SELECT count(*) FROM ${M} m WHERE m.project_id = s.project_id AND m.segment_id = s.id) ELSE s.member_count END AS member_count`;
const CONTACT_COLS = 'c.id, c.email, c.subscribed, c.data, c.created_at, c.updated_at';

/** Segments and their membership in PostgreSQL, every statement scoped by project_id (the recompute queue's take excepted). */
export class SegmentsRepo implements SegmentsStore {
  constructor(readonly db: Db) {}

  get uow(): UnitOfWork {
    return this.db;
  }

  async list(projectId: string): Promise<SegmentRow[]> {
    return this.db.query(`SELECT ${COLS} FROM ${S} s WHERE s.project_id = $1 ORDER BY s.created_at, s.id`, [projectId]);
  }

  async conditions(projectId: string): Promise<SegmentRef[]> {
    return this.db.query(`SELECT id, name, type, condition FROM ${S} WHERE project_id = $1 ORDER BY created_at, id`, [projectId]);
  }

  get(projectId: string, id: string): Promise<SegmentRow | undefined> {
    return this.getIn(this.db.pool, projectId, id);
  }

  getForUpdate(work: Work, projectId: string, id: string): Promise<SegmentRow | undefined> {
    return this.getIn(sqlOf(work), projectId, id, true);
  }

  private async getIn(q: Queryable, projectId: string, id: string, lock = false): Promise<SegmentRow | undefined> {
    const r = await q.query(`SELECT ${COLS} FROM ${S} s WHERE s.project_id = $1 AND s.id = $2${lock ? ' FOR UPDATE OF s' : ''}`, [projectId, id]);
    return r.rows[0];
  }

  async insert(
    work: Work,
    projectId: string,
    s: { id: string; name: string; description: string | null; type: SegmentType; condition: Condition | null; trackMembership: boolean; memberCount: number },
  ) {
    const tx = sqlOf(work);
    await tx.query(
      `INSERT INTO ${S} (project_id, id, name, slug, description, type, condition, track_membership, member_count) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        projectId,
        s.id,
        s.name,
        segmentSlug(s.name),
        s.description,
        s.type,
        s.condition === null ? null : JSON.stringify(s.condition),
        s.trackMembership,
        s.memberCount,
      ],
    );
  }

  async update(
    work: Work,
    projectId: string,
    id: string,
    s: { name: string; description: string | null; condition: Condition | null; trackMembership: boolean; memberCount: number; conditionChanged: boolean },
  ) {
    const tx = sqlOf(work);
    await tx.query(
      `UPDATE ${S} SET name = $3, slug = $9, description = $4, condition = $5, track_membership = $6, member_count = $7, updated_at = now(),
         computed_at = CASE WHEN $8::boolean THEN NULL ELSE computed_at END, failed_at = CASE WHEN $8::boolean THEN NULL ELSE failed_at END
       WHERE project_id = $1 AND id = $2`,
      [
        projectId,
        id,
        s.name,
        s.description,
        s.condition === null ? null : JSON.stringify(s.condition),
        s.trackMembership,
        s.memberCount,
        s.conditionChanged,
        segmentSlug(s.name),
      ],
    );
  }

  async delete(work: Work, projectId: string, id: string) {
    const tx = sqlOf(work);
    await tx.query(`DELETE FROM ${M} WHERE project_id = $1 AND segment_id = $2`, [projectId, id]);
    await tx.query(`DELETE FROM ${S} WHERE project_id = $1 AND id = $2`, [projectId, id]);
  }

  async clearMembers(work: Work, projectId: string, id: string) {
    const tx = sqlOf(work);
    await tx.query(`DELETE FROM ${M} WHERE project_id = $1 AND segment_id = $2`, [projectId, id]);
  }

  async setMemberCount(projectId: string, id: string, n: number) {
    await this.db.query(`UPDATE ${S} SET member_count = $3 WHERE project_id = $1 AND id = $2`, [projectId, id, n]);
  }

  async count(projectId: string, compiled: CompiledCondition): Promise<number> {
    const q = this.db.pool;
    const r = await q.query(countSql(projectId, compiled));
    return Number(r.rows[0].n);
  }

  async countWithSubscribed(projectId: string, compiled: CompiledCondition): Promise<{ total: number; subscribed: number }> {
    const q = this.db.pool;
    const r = await q.query(countSql(projectId, compiled, { subscribed: true }));
    return { total: Number(r.rows[0].n), subscribed: Number(r.rows[0].subscribed) };
  }

  async saveCampaignAudience(work: Work, projectId: string, c: CampaignAudience & { campaignId: string; version: number }) {
    const tx = sqlOf(work);
    await tx.query(
      `INSERT INTO contacts.campaign_audiences (project_id, campaign_id, segment_id, audience_filter, name, status, version) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (project_id, campaign_id) DO UPDATE SET segment_id = excluded.segment_id, audience_filter = excluded.audience_filter,
         name = excluded.name, status = excluded.status, version = excluded.version
       WHERE campaign_audiences.version < excluded.version`,
      [projectId, c.campaignId, c.segmentId, c.audienceFilter ? JSON.stringify(c.audienceFilter) : null, c.name, c.status, c.version],
    );
  }

  async deleteCampaignAudience(work: Work, projectId: string, campaignId: string) {
    const tx = sqlOf(work);
    await tx.query(`DELETE FROM contacts.campaign_audiences WHERE project_id = $1 AND campaign_id = $2`, [projectId, campaignId]);
  }

  async campaignAudiences(projectId: string): Promise<Array<CampaignAudience & { id: string }>> {
    const rows = await this.db.query(
      `SELECT campaign_id AS id, segment_id, audience_filter, name, status FROM contacts.campaign_audiences WHERE project_id = $1 ORDER BY campaign_id`,
      [projectId],
    );
    return rows.map((r) => ({ id: r.id, segmentId: r.segment_id, audienceFilter: r.audience_filter, name: r.name, status: r.status }));
  }

  async saveWorkflowRefs(work: Work, projectId: string, w: WorkflowRefs & { version: number }) {
    const tx = sqlOf(work);
    await tx.query(
      `INSERT INTO ${WF} AS w (project_id, workflow_id, name, fields, event_names, version) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (project_id, workflow_id) DO UPDATE SET name = excluded.name, fields = excluded.fields, event_names = excluded.event_names, version = excluded.version
       WHERE NOT w.deleted AND w.version < excluded.version`,
      [projectId, w.id, w.name, w.fields, w.eventNames, w.version],
    );
  }

  async deleteWorkflowRefs(work: Work, projectId: string, workflowId: string) {
    const tx = sqlOf(work);
    await tx.query(
      `INSERT INTO ${WF} (project_id, workflow_id, version, deleted) VALUES ($1, $2, 0, true)
       ON CONFLICT (project_id, workflow_id) DO UPDATE SET deleted = true, name = '', fields = '{}', event_names = '{}'`,
      [projectId, workflowId],
    );
  }

  async workflowRefs(projectId: string): Promise<WorkflowRefs[]> {
    const rows = await this.db.query(`SELECT workflow_id, name, fields, event_names FROM ${WF} WHERE project_id = $1 AND NOT deleted ORDER BY workflow_id`, [
      projectId,
    ]);
    return rows.map((r) => ({ id: r.workflow_id, name: r.name, fields: r.fields, eventNames: r.event_names }));
  }

  async audienceIds(projectId: string, compiled: CompiledCondition, afterId: string | undefined, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.db.query(idsSql(projectId, compiled, { afterId, limit }));
    return rows.map((row) => row.id);
  }

  async matchEach(projectId: string, contactId: string, compiled: CompiledCondition[]): Promise<boolean[] | undefined> {
    const rows: Array<{ matches: boolean[] }> = await this.db.query(matchEachSql(projectId, contactId, compiled));
    return rows[0]?.matches;
  }

  async livePage(projectId: string, compiled: CompiledCondition, page: { page: number; pageSize: number }) {
    const [rows, total] = await Promise.all([this.db.query(pageSql(projectId, compiled, page)), this.count(projectId, compiled)]);
    return { rows: rows as ContactRow[], total };
  }

  async memberPage(projectId: string, id: string, page: { page: number; pageSize: number }) {
    const scope = `FROM ${M} m JOIN ${CONTACTS_TABLE} c ON c.project_id = m.project_id AND c.id = m.contact_id WHERE m.project_id = $1 AND m.segment_id = $2`;
    const [rows, total] = await Promise.all([
      this.db.query(`SELECT ${CONTACT_COLS} ${scope} ORDER BY c.id DESC LIMIT $3 OFFSET $4`, [projectId, id, page.pageSize, (page.page - 1) * page.pageSize]),
      this.db.query(`SELECT count(*)::bigint AS n ${scope}`, [projectId, id]),
    ]);
    return { rows: rows as ContactRow[], total: Number(total[0].n) };
  }

  async contactsByEmail(projectId: string, emails: string[]): Promise<Array<{ id: string; email: string }>> {
    const q = this.db.pool;
    const r = await q.query(`SELECT id, email FROM ${CONTACTS_TABLE} WHERE project_id = $1 AND email = ANY($2::text[])`, [projectId, emails]);
    return r.rows;
  }

  async addMembers(work: Work, projectId: string, id: string, contactIds: string[]): Promise<number> {
    const tx = sqlOf(work);
    const r = await tx.query(
      `INSERT INTO ${M} (project_id, segment_id, contact_id) SELECT $1, $2, x FROM unnest($3::uuid[]) AS x ORDER BY x ON CONFLICT DO NOTHING`,
      [projectId, id, contactIds],
    );
    return r.rowCount ?? 0;
  }

  async removeMembers(work: Work, projectId: string, id: string, contactIds: string[]): Promise<number> {
    const tx = sqlOf(work);
    const r = await tx.query(`DELETE FROM ${M} WHERE project_id = $1 AND segment_id = $2 AND contact_id = ANY($3::uuid[])`, [projectId, id, contactIds]);
    return r.rowCount ?? 0;
  }

  /**
   * Writes a tracked segment's membership: the contacts matching now against the rows of the last
   * compute, in one statement (one snapshot). Returns who entered and who left, and the total.
   */
  async writeMembership(work: Work, projectId: string, id: string, compiled: CompiledCondition) {
    const tx = sqlOf(work);
    const seg = compiled.params.length + 2;
    // The two sets are compared by hashing. Statistics taken while the membership was small
    // (before autoanalyze sees a first large compute) make the planner pick a nested-loop anti
    // join: quadratic, minutes at a million members.
    await tx.query('SET LOCAL enable_nestloop = off');
    const r = await tx.query(
      `WITH now_in AS MATERIALIZED (SELECT c.id FROM ${CONTACTS_TABLE} c WHERE c.project_id = $1 AND ${compiled.where}),
            was_in AS MATERIALIZED (SELECT contact_id AS id FROM ${M} WHERE project_id = $1 AND segment_id = $${seg}::uuid),
            entered AS (
              INSERT INTO ${M} (project_id, segment_id, contact_id)
              SELECT $1, $${seg}::uuid, n.id FROM now_in n WHERE NOT EXISTS (SELECT 1 FROM was_in w WHERE w.id = n.id) ORDER BY n.id
              RETURNING contact_id),
            exited AS (
              DELETE FROM ${M} m USING (SELECT w.id FROM was_in w WHERE NOT EXISTS (SELECT 1 FROM now_in n WHERE n.id = w.id)) gone
              WHERE m.project_id = $1 AND m.segment_id = $${seg}::uuid AND m.contact_id = gone.id
              RETURNING m.contact_id)
       SELECT (SELECT coalesce(array_agg(contact_id ORDER BY contact_id), '{}') FROM entered) AS entered,
              (SELECT coalesce(array_agg(contact_id ORDER BY contact_id), '{}') FROM exited) AS exited,
              (SELECT count(*) FROM now_in)::bigint AS total`,
      [projectId, ...compiled.params, id],
    );
    const row = r.rows[0];
    await tx.query('SET LOCAL enable_nestloop = on');
    await tx.query(`UPDATE ${S} SET member_count = $3, computed_at = now(), failed_at = NULL WHERE project_id = $1 AND id = $2`, [projectId, id, row.total]);
    return { entered: row.entered as string[], exited: row.exited as string[], total: Number(row.total) };
  }

  async computeFailed(projectId: string, id: string) {
    await this.db.query(`UPDATE ${S} SET failed_at = now() WHERE project_id = $1 AND id = $2`, [projectId, id]);
  }

  async trackedIds(projectId: string): Promise<string[]> {
    const rows = await this.db.query(`SELECT id FROM ${S} WHERE project_id = $1 AND type = 'DYNAMIC' AND track_membership ORDER BY created_at, id`, [
      projectId,
    ]);
    return rows.map((r) => r.id);
  }

  async markDue(projectIds: string[], debounceMs: number, work?: Work) {
    const q = work ? sqlOf(work) : this.db.pool;
    // Only projects with a tracked segment; a project already due keeps its time (the debounce),
    // one being recomputed is flagged to go again after.
    await q.query(
      `INSERT INTO ${DUE} (project_id, due_at)
       SELECT DISTINCT s.project_id, now() + make_interval(secs => $2::double precision / 1000)
       FROM ${S} s WHERE s.project_id = ANY($1::uuid[]) AND s.type = 'DYNAMIC' AND s.track_membership
       ON CONFLICT (project_id) DO UPDATE SET again = true WHERE ${DUE}.taken_until IS NOT NULL AND NOT ${DUE}.again`,
      [[...projectIds].sort(), debounceMs],
    );
  }

  async markStale(intervalMs: number) {
    await this.db.query(
      `INSERT INTO ${DUE} (project_id, due_at)
       SELECT DISTINCT project_id, now() FROM ${S}
       WHERE type = 'DYNAMIC' AND track_membership
         AND (computed_at IS NULL OR computed_at < now() - make_interval(secs => $1::double precision / 1000))
         AND (failed_at IS NULL OR failed_at < now() - make_interval(secs => $1::double precision / 1000))
       ON CONFLICT (project_id) DO NOTHING`,
      [intervalMs],
    );
  }

  async takeDue(leaseMs: number): Promise<DueProject | undefined> {
    const rows = await this.db.query(
      `UPDATE ${DUE} d SET taken_until = date_trunc('milliseconds', clock_timestamp() + make_interval(secs => $1::double precision / 1000)), again = false
       FROM (SELECT project_id FROM ${DUE} WHERE due_at <= now() AND (taken_until IS NULL OR taken_until < now())
             ORDER BY due_at LIMIT 1 FOR UPDATE SKIP LOCKED) due
       WHERE d.project_id = due.project_id RETURNING d.project_id, d.taken_until`,
      [leaseMs],
    );
    return rows[0] && { projectId: rows[0].project_id, lease: rows[0].taken_until };
  }

  async doneDue(due: DueProject, debounceMs: number) {
    // Only while the lease is still this run's: a run that overran it leaves the project to the one that took it since.
    await this.db.tx(async (tx) => {
      const r = await tx.query(`DELETE FROM ${DUE} WHERE project_id = $1 AND taken_until = $2 AND NOT again`, [due.projectId, due.lease]);
      if (!r.rowCount) {
        await tx.query(
          `UPDATE ${DUE} SET taken_until = NULL, again = false, due_at = now() + make_interval(secs => $3::double precision / 1000) WHERE project_id = $1 AND taken_until = $2`,
          [due.projectId, due.lease, debounceMs],
        );
      }
    });
  }

  async releaseDue(due: DueProject) {
    await this.db.query(`UPDATE ${DUE} SET taken_until = NULL WHERE project_id = $1 AND taken_until = $2`, [due.projectId, due.lease]);
  }
}
