import { Db, sqlOf, type Work } from '../../../../libs/db/src';
import type { InboundRow, InboundStore, NewInbound, RepliedEmail } from '../app/ports';

/** Received mail (see InboundStore). */
export class InboundRepo implements InboundStore {
  constructor(readonly db: Db) {}

  async insertInbound(work: Work, m: NewInbound): Promise<boolean> {
    const tx = sqlOf(work);
    const r = await tx.query(
      `INSERT INTO messaging.inbound (project_id, id, source_key, via, contact_id, from_email, to_emails, subject, message_id, snippet,
         attachments, auto_reply, reply_to_email_id, campaign_id, template_id, size, raw)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17) ON CONFLICT (project_id, source_key) DO NOTHING`,
      [
        m.projectId,
        m.id,
        m.sourceKey,
        m.via,
        m.contact_id,
        m.from_email,
        m.to_emails,
        m.subject,
        m.message_id,
        m.snippet,
        JSON.stringify(m.attachments),
        m.auto_reply,
        m.reply_to_email_id,
        m.campaign_id,
        m.template_id,
        m.size,
        m.raw,
      ],
    );
    return (r.rowCount ?? 0) > 0;
  }

  async inbound(projectId: string, id: string): Promise<InboundRow | undefined> {
    return (
      await this.db.query(
        `SELECT id, via, contact_id, from_email, to_emails, subject, message_id, snippet, attachments, auto_reply, reply_to_email_id,
           campaign_id, template_id, size, raw IS NOT NULL AS raw_kept, created_at
         FROM messaging.inbound WHERE project_id = $1 AND id = $2`,
        [projectId, id],
      )
    )[0];
  }

  async inboundRaw(projectId: string, id: string): Promise<Buffer | undefined> {
    return (await this.db.query(`SELECT raw FROM messaging.inbound WHERE project_id = $1 AND id = $2`, [projectId, id]))[0]?.raw ?? undefined;
  }

  async repliedEmail(projectId: string, c: { emailIds: string[]; messageIds: string[] }): Promise<RepliedEmail | undefined> {
    if (c.emailIds.length === 0) return undefined;
    const rows = await this.db.query<RepliedEmail & { message_id: string | null }>(
      `SELECT id, campaign_id, template_id, message_id FROM messaging.emails WHERE project_id = $1 AND id = ANY($2::uuid[])`,
      [projectId, c.emailIds],
    );
    const bare = (id: string | null) => (id ?? '').replace(/^<|>$/g, '').toLowerCase();
    for (const [k, id] of c.emailIds.entries()) {
      const row = rows.find((r) => r.id === id && bare(r.message_id) === bare(c.messageIds[k]));
      if (row) return { id: row.id, campaign_id: row.campaign_id, template_id: row.template_id };
    }
    return undefined;
  }

  async deleteContactInbound(work: Work, projectId: string, contactId: string): Promise<void> {
    const tx = sqlOf(work);
    await tx.query(`DELETE FROM messaging.inbound WHERE project_id = $1 AND contact_id = $2`, [projectId, contactId]);
  }

  async purgeInbound(days: number, limit: number): Promise<number> {
    const r = await this.db.pool.query(
      `DELETE FROM messaging.inbound WHERE (project_id, id) IN (
         SELECT project_id, id FROM messaging.inbound WHERE created_at < now() - make_interval(days => $1) ORDER BY created_at LIMIT $2)`,
      [days, limit],
    );
    return r.rowCount ?? 0;
  }
}
