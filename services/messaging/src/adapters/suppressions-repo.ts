import { Db, sqlOf, type Work } from '../../../../libs/db/src';
import type { SuppressionsStore } from '../app/ports';

/** Suppressed addresses and the SNS notifications seen (see SuppressionsStore). */
export class SuppressionsRepo implements SuppressionsStore {
  constructor(readonly db: Db) {}

  async suppress(work: Work, projectId: string, email: string, reason: string) {
    const tx = sqlOf(work);
    await tx.query(`INSERT INTO messaging.suppressions (project_id, email, reason) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [projectId, email, reason]);
  }

  /** True the first time an SNS message id is seen. */
  async firstNotification(work: Work, snsMessageId: string): Promise<boolean> {
    const tx = sqlOf(work);
    const r = await tx.query(`INSERT INTO messaging.notifications (sns_message_id) VALUES ($1) ON CONFLICT DO NOTHING`, [snsMessageId]);
    return (r.rowCount ?? 0) > 0;
  }
}
