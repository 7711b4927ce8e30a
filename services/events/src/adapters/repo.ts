import type { Queryable, UnitOfWork, Work } from '../../../../libs/db/src';
import { Db, prepared, sqlOf } from '../../../../libs/db/src';
import { SCHEMA } from '../migrations';
import { Outbox } from '../../../../libs/bus/src';
import type { EventInsert, EventRow, EventsStore } from '../app/ports';

/** Where this service publishes its domain events, with the state changes that cause them. */
const outbox = new Outbox(SCHEMA);

const T = `${SCHEMA}.events`;
const NAME_COUNTS = `${SCHEMA}.name_counts`;

/**
 * Adds the events of $1 (projects), $4 (names), $6 (times) to the counts per name and UTC day
 * (top events, activity stats), in key order: concurrent writers lock those rows in one order.
 */
const countNamesSql = `
  INSERT INTO ${NAME_COUNTS} (project_id, day, name, count)
  SELECT p, (at AT TIME ZONE 'UTC')::date, n, count(*) FROM unnest($1::uuid[], $4::text[], $6::timestamptz[]) AS x(p, n, at)
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (project_id, day, name) DO UPDATE SET count = ${NAME_COUNTS}.count + excluded.count`;
const COLS = 'id, contact_id, name, data, created_at';

export class EventsRepo implements EventsStore {
  readonly outbox = outbox;

  constructor(readonly db: Db) {}

  get uow(): UnitOfWork {
    return this.db;
  }

  /**
   * Events and their outbox rows in ONE statement: atomic on its own (track runs it without a
   * transaction), or part of the caller's transaction (consumers). Wakes the relay on commit.
   */
  async insertWithOutbox(rows: EventInsert[], work?: Work) {
    const q = work ? sqlOf(work) : this.db.pool;
    if (rows.length === 0) return;
    await q.query(
      prepared(
        `WITH ev AS (
         INSERT INTO ${T} (project_id, id, contact_id, name, data, created_at)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::jsonb[], $6::timestamptz[])
       ), counted AS (${countNamesSql})
       ${outbox.insertSql(7)}`,
        [
          rows.map((r) => r.projectId),
          rows.map((r) => r.id),
          rows.map((r) => r.contactId),
          rows.map((r) => r.name),
          rows.map((r) => JSON.stringify(r.data)),
          rows.map((r) => r.outbox.occurredAt),
          ...outbox.params(rows.map((r) => r.outbox)),
        ],
      ),
    );
    outbox.written(q);
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
    const r = (
      await this.db.query(`SELECT count(*) AS total, count(DISTINCT contact_id) AS contacts FROM ${T} WHERE project_id = $1 AND name = $2`, [projectId, name])
    )[0];
    return { total: Number(r.total), contacts: Number(r.contacts) };
  }

  async deleteByName(work: Work, projectId: string, name: string): Promise<number> {
    const tx = sqlOf(work);
    await tx.query(`DELETE FROM ${NAME_COUNTS} WHERE project_id = $1 AND name = $2`, [projectId, name]);
    return (await tx.query(`DELETE FROM ${T} WHERE project_id = $1 AND name = $2`, [projectId, name])).rowCount ?? 0;
  }

  /** Deletes a contact's events, and takes them off the counts per name and day. */
  async deleteByContact(tx: Queryable, projectId: string, contactId: string): Promise<number> {
    const r = await tx.query(
      `WITH gone AS (DELETE FROM ${T} WHERE project_id = $1 AND contact_id = $2 RETURNING name, created_at),
       per AS (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, name, count(*) AS n FROM gone GROUP BY 1, 2),
       counted AS (UPDATE ${NAME_COUNTS} k SET count = k.count - per.n FROM per WHERE k.project_id = $1 AND k.day = per.day AND k.name = per.name)
       SELECT count(*)::int AS deleted FROM gone`,
      [projectId, contactId],
    );
    return r.rows[0].deleted;
  }
}
