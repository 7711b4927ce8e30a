import { Db, sqlOf, type Work } from '../../../../libs/db/src';
import type { EmailRow, EngagedEmail, EngagementsStore, NewEngagement } from '../app/ports';

/** The columns of a status event's source (`StatusSource`), and what an engagement is judged by. */
const ENGAGED_EMAIL = `e.project_id, e.id, e.contact_id, e.message_id, e.subject, e.from_email, e.template_id, e.campaign_id, e.source_type,
  e.status, e.human_opened_at, e.human_clicked_at, extract(epoch FROM now() - coalesce(e.delivered_at, e.sent_at))::float8 AS seconds_since_sent`;

/** Opens and clicks of emails with their class (migration 020_engagement). */
export class EngagementsRepo implements EngagementsStore {
  constructor(readonly db: Db) {}

  async engagedEmail(work: Work, projectId: string, emailId: string, withinSeconds: number): Promise<EngagedEmail | undefined> {
    const tx = sqlOf(work);
    // Locked: the opens and clicks of one email are judged one after the other, each seeing those before it.
    const email = (await tx.query(`SELECT ${ENGAGED_EMAIL} FROM messaging.emails e WHERE e.project_id = $1 AND e.id = $2 FOR UPDATE`, [projectId, emailId]))
      .rows[0] as
      | (Pick<
          EmailRow,
          'project_id' | 'id' | 'contact_id' | 'message_id' | 'subject' | 'from_email' | 'template_id' | 'campaign_id' | 'source_type' | 'status'
        > & {
          human_opened_at: Date | null;
          human_clicked_at: Date | null;
          seconds_since_sent: number | null;
        })
      | undefined;
    if (!email) return undefined;
    const earlier = await tx.query<EngagedEmail['earlier'][number]>(
      `SELECT kind, link, class, client, extract(epoch FROM now() - created_at)::float8 AS seconds_ago FROM messaging.engagements
       WHERE project_id = $1 AND email_id = $2 AND created_at > now() - ($3 || ' seconds')::interval ORDER BY created_at DESC LIMIT 200`,
      [projectId, emailId, String(withinSeconds)],
    );
    return { email, earlier: earlier.rows };
  }

  async recordEngagement(work: Work, e: NewEngagement): Promise<void> {
    await sqlOf(work).query(
      `INSERT INTO messaging.engagements (project_id, email_id, id, kind, link, class, reasons, client, method) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [e.projectId, e.emailId, e.id, e.kind, e.link ?? null, e.class, e.reasons, e.client, e.method],
    );
  }

  /** Stamps the email's first human open and click; answers which of them this stamped. */
  async markHuman(work: Work, projectId: string, emailId: string, click: boolean): Promise<{ opened: boolean; clicked: boolean }> {
    const r = await sqlOf(work).query<{ opened: boolean; clicked: boolean }>(
      `WITH before AS (SELECT human_opened_at, human_clicked_at FROM messaging.emails WHERE project_id = $1 AND id = $2)
       UPDATE messaging.emails e SET human_opened_at = coalesce(e.human_opened_at, now()),
         human_clicked_at = CASE WHEN $3 THEN coalesce(e.human_clicked_at, now()) ELSE e.human_clicked_at END
       FROM before WHERE e.project_id = $1 AND e.id = $2
       RETURNING before.human_opened_at IS NULL AS opened, ($3 AND before.human_clicked_at IS NULL) AS clicked`,
      [projectId, emailId, click],
    );
    return r.rows[0] ?? { opened: false, clicked: false };
  }
}
