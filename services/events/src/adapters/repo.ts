import type { Queryable } from '../../../../libs/db/src';
import { Db } from '../../../../libs/db/src';
import { SCHEMA } from '../migrations';
import { NOTIFY_CHANNEL } from '../../../../libs/bus/src';
import type { DomainEvent } from '../../../../libs/contracts/src';

export interface EventRow {
  id: string;
  contact_id: string;
  name: string;
  data: Record<string, unknown>;
  created_at: Date;
}

const T = `${SCHEMA}.events`;
const COLS = 'id, contact_id, name, data, created_at';

export class EventsRepo {
  constructor(readonly db: Db) {}

  /**
   * The event, its outbox row and the relay's wake-up in ONE statement: atomic on its own (track
   * runs it without a transaction), or part of the caller's transaction (consumers).
   */
  async insertWithOutbox(q: Queryable, projectId: string, e: { id: string; contactId: string; name: string; data: Record<string, unknown> }, outbox: DomainEvent) {
    await q.query(
      `WITH ev AS (
         INSERT INTO ${T} (project_id, id, contact_id, name, data, created_at) VALUES ($1, $2, $3, $4, $5, $6)
       ), ob AS (
         INSERT INTO ${SCHEMA}.outbox (id, type, project_id, occurred_at, data) VALUES ($7, $8, $1, $6, $9) RETURNING 1
       ) SELECT pg_notify($10, $11) FROM ob`,
      [projectId, e.id, e.contactId, e.name, JSON.stringify(e.data), outbox.occurredAt, outbox.id, outbox.type, JSON.stringify(outbox.data), NOTIFY_CHANNEL, SCHEMA],
    );
  }

  async recent(projectId: string, name: string | undefined, limit: number): Promise<EventRow[]> {
    return name
      ? this.db.query(`SELECT ${COLS} FROM ${T} WHERE project_id = $1 AND name = $2 ORDER BY id DESC LIMIT $3`, [projectId, name, limit])
      : this.db.query(`SELECT ${COLS} FROM ${T} WHERE project_id = $1 ORDER BY id DESC LIMIT $2`, [projectId, limit]);
  }

  async ofContact(projectId: string, contactId: string, limit: number): Promise<EventRow[]> {
    return this.db.query(`SELECT ${COLS} FROM ${T} WHERE project_id = $1 AND contact_id = $2 ORDER BY id DESC LIMIT $3`, [projectId, contactId, limit]);
  }

  async stats(projectId: string): Promise<Array<{ name: string; count: string }>> {
    return this.db.query(`SELECT name, count(*)::bigint AS count FROM ${T} WHERE project_id = $1 GROUP BY name ORDER BY count DESC, name`, [projectId]);
  }

  async names(projectId: string): Promise<string[]> {
    return (await this.db.query(`SELECT DISTINCT name FROM ${T} WHERE project_id = $1 ORDER BY name`, [projectId])).map((r) => r.name);
  }

  async usage(projectId: string, name: string): Promise<{ total: number; contacts: number }> {
    const r = (await this.db.query(`SELECT count(*) AS total, count(DISTINCT contact_id) AS contacts FROM ${T} WHERE project_id = $1 AND name = $2`, [projectId, name]))[0];
    return { total: Number(r.total), contacts: Number(r.contacts) };
  }

  async deleteByName(tx: Queryable, projectId: string, name: string): Promise<number> {
    return (await tx.query(`DELETE FROM ${T} WHERE project_id = $1 AND name = $2`, [projectId, name])).rowCount ?? 0;
  }

  async deleteByContact(tx: Queryable, projectId: string, contactId: string): Promise<number> {
    return (await tx.query(`DELETE FROM ${T} WHERE project_id = $1 AND contact_id = $2`, [projectId, contactId])).rowCount ?? 0;
  }
}
