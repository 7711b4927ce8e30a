import { Db, likeEscape, sqlOf, type Work } from '../../../../libs/db/src';
import type { TemplateRow, TemplatesStore, WorkflowStepUse } from '../app/ports';

const TPL = 'id, name, description, subject, body, from_email, from_name, reply_to, type, design, created_at, updated_at';

/** A design as a jsonb parameter (pg would write a JS array as a Postgres array). */
const designParam = (d: unknown) => (d === null || d === undefined ? null : JSON.stringify(d));

/** Templates and the campaigns and workflows that use them (see TemplatesStore). */
export class TemplatesRepo implements TemplatesStore {
  constructor(readonly db: Db) {}

  async template(projectId: string, id: string): Promise<TemplateRow | undefined> {
    return (await this.db.query(`SELECT ${TPL} FROM messaging.templates WHERE project_id = $1 AND id = $2`, [projectId, id]))[0];
  }

  async insertTemplate(projectId: string, t: Omit<TemplateRow, 'created_at' | 'updated_at'>): Promise<TemplateRow> {
    return (
      await this.db.query(
        `INSERT INTO messaging.templates (project_id, id, name, description, subject, body, from_email, from_name, reply_to, type, design)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11) RETURNING ${TPL}`,
        [projectId, t.id, t.name, t.description, t.subject, t.body, t.from_email, t.from_name, t.reply_to, t.type, designParam(t.design)],
      )
    )[0];
  }

  async updateTemplate(projectId: string, id: string, t: Omit<TemplateRow, 'id' | 'created_at' | 'updated_at'>): Promise<TemplateRow | undefined> {
    return (
      await this.db.query(
        `UPDATE messaging.templates SET name=$3, description=$4, subject=$5, body=$6, from_email=$7, from_name=$8, reply_to=$9, type=$10, design=$11, updated_at=now()
         WHERE project_id = $1 AND id = $2 RETURNING ${TPL}`,
        [projectId, id, t.name, t.description, t.subject, t.body, t.from_email, t.from_name, t.reply_to, t.type, designParam(t.design)],
      )
    )[0];
  }

  async deleteTemplate(projectId: string, id: string): Promise<boolean> {
    return ((await this.db.pool.query(`DELETE FROM messaging.templates WHERE project_id = $1 AND id = $2`, [projectId, id])).rowCount ?? 0) > 0;
  }

  async listTemplates(projectId: string, q: { page: number; pageSize: number; search?: string; type?: string }) {
    const where = ['project_id = $1'];
    const params: unknown[] = [projectId];
    if (q.search) {
      params.push(`%${likeEscape(q.search)}%`);
      where.push(`(name ILIKE $${params.length} OR subject ILIKE $${params.length})`);
    }
    if (q.type) {
      params.push(q.type);
      where.push(`type = $${params.length}`);
    }
    const w = where.join(' AND ');
    const [rows, total] = await Promise.all([
      this.db.query<TemplateRow>(
        `SELECT ${TPL} FROM messaging.templates WHERE ${w} ORDER BY created_at DESC, id DESC LIMIT ${q.pageSize} OFFSET ${(q.page - 1) * q.pageSize}`,
        params,
      ),
      this.db.query(`SELECT count(*) AS n FROM messaging.templates WHERE ${w}`, params).then((r) => Number(r[0].n)),
    ]);
    return { rows, total };
  }

  async saveCampaignTemplate(work: Work, projectId: string, c: { campaignId: string; templateId: string | null; name: string; version: number }) {
    const tx = sqlOf(work);
    if (c.templateId === null) {
      await tx.query(`DELETE FROM messaging.campaign_templates WHERE project_id = $1 AND campaign_id = $2 AND version <= $3`, [
        projectId,
        c.campaignId,
        c.version,
      ]);
      return;
    }
    await tx.query(
      `INSERT INTO messaging.campaign_templates (project_id, campaign_id, template_id, name, version) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (project_id, campaign_id) DO UPDATE SET template_id = excluded.template_id, name = excluded.name, version = excluded.version
       WHERE campaign_templates.version < excluded.version`,
      [projectId, c.campaignId, c.templateId, c.name, c.version],
    );
  }

  async deleteCampaignTemplate(work: Work, projectId: string, campaignId: string) {
    const tx = sqlOf(work);
    await tx.query(`DELETE FROM messaging.campaign_templates WHERE project_id = $1 AND campaign_id = $2`, [projectId, campaignId]);
  }

  async templateCampaigns(projectId: string, templateId: string): Promise<Array<{ id: string; name: string }>> {
    return this.db.query(`SELECT campaign_id AS id, name FROM messaging.campaign_templates WHERE project_id = $1 AND template_id = $2 ORDER BY campaign_id`, [
      projectId,
      templateId,
    ]);
  }

  async saveWorkflowSteps(
    work: Work,
    projectId: string,
    w: { workflowId: string; name: string; version: number; steps: Array<{ stepId: string; name: string; templateId: string }> },
  ) {
    const tx = sqlOf(work);
    // The workflow's row decides (and, locked, serialises two events of one workflow): only a
    // newer version of a workflow not deleted replaces its steps.
    const newer = await tx.query(
      `INSERT INTO messaging.workflows (project_id, workflow_id, name, version) VALUES ($1, $2, $3, $4)
       ON CONFLICT (project_id, workflow_id) DO UPDATE SET name = excluded.name, version = excluded.version
       WHERE NOT workflows.deleted AND workflows.version < excluded.version
       RETURNING 1`,
      [projectId, w.workflowId, w.name, w.version],
    );
    if (!newer.rowCount) return;
    await tx.query(`DELETE FROM messaging.workflow_steps WHERE project_id = $1 AND workflow_id = $2`, [projectId, w.workflowId]);
    if (w.steps.length === 0) return;
    await tx.query(
      `INSERT INTO messaging.workflow_steps (project_id, workflow_id, step_id, template_id, name)
       SELECT $1, $2, s.step_id, s.template_id, s.name FROM unnest($3::text[], $4::uuid[], $5::text[]) AS s(step_id, template_id, name)
       ON CONFLICT DO NOTHING`,
      [projectId, w.workflowId, w.steps.map((s) => s.stepId), w.steps.map((s) => s.templateId), w.steps.map((s) => s.name)],
    );
  }

  async deleteWorkflowSteps(work: Work, projectId: string, workflowId: string) {
    const tx = sqlOf(work);
    await tx.query(
      `INSERT INTO messaging.workflows (project_id, workflow_id, name, version, deleted) VALUES ($1, $2, '', 0, true)
       ON CONFLICT (project_id, workflow_id) DO UPDATE SET deleted = true`,
      [projectId, workflowId],
    );
    await tx.query(`DELETE FROM messaging.workflow_steps WHERE project_id = $1 AND workflow_id = $2`, [projectId, workflowId]);
  }

  async templateWorkflowSteps(projectId: string, templateId: string): Promise<WorkflowStepUse[]> {
    return this.db.query(
      `SELECT s.workflow_id, w.name AS workflow_name, s.step_id, coalesce(nullif(btrim(s.name), ''), w.name) AS name
       FROM messaging.workflow_steps s JOIN messaging.workflows w ON w.project_id = s.project_id AND w.workflow_id = s.workflow_id
       WHERE s.project_id = $1 AND s.template_id = $2
       ORDER BY s.workflow_id, s.step_id`,
      [projectId, templateId],
    );
  }
}
