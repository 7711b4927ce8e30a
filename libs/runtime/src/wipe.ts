import type { PoolClient } from 'pg';
import { Outbox, type EventHandler } from '../../bus/src';
import type { DomainEvent } from '../../contracts/src';
import type { Db } from '../../db/src';
import { logger } from '../../kit/src';

/** Bookkeeping that is not the project's data: the inbox (event ids a consumer handled, pruned by age). */
const NEVER_WIPED = new Set(['inbox']);
/**
 * The bus's own tables, wiped on delete only: a reset keeps the events still to be relayed or
 * retried (a domain's verification, say, must still reach its consumers).
 */
const BUS = new Set(['outbox', 'failed_events']);

/**
 * A service's part of a project's reset or delete (gateway.project.wipe_requested.v1), which the
 * runtime gives every service with a schema: in the event's inbox transaction, delete the
 * project's rows from every table of the schema that has a `project_id` column — for a reset,
 * except the tables the service keeps (`keepOnReset`) and the bus's — then confirm with
 * runtime.project.wiped.v1. Idempotent: a redelivery deletes nothing more and confirms again.
 * The tables are read from the catalogue once, so a table a later migration adds is wiped
 * without anyone listing it.
 */
export function wipeHandler(service: string, db: Db, schema: string, keepOnReset: string[] = []): EventHandler {
  const outbox = new Outbox(schema);
  let tables: Promise<string[]> | undefined;
  const projectTables = () =>
    (tables ??= db
      .query<{ table_name: string }>(
        `SELECT c.table_name FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
         WHERE c.table_schema = $1 AND c.column_name = 'project_id' AND t.table_type = 'BASE TABLE' ORDER BY c.table_name`,
        [schema],
      )
      .then((rows) => rows.map((r) => r.table_name).filter((t) => !NEVER_WIPED.has(t))));

  return async (event: DomainEvent<'gateway.project.wipe_requested.v1'>, tx: PoolClient) => {
    const { operationId, kind, round } = event.data;
    const deleted: Record<string, number> = {};
    for (const table of await projectTables()) {
      if (kind === 'reset' && (keepOnReset.includes(table) || BUS.has(table))) continue;
      const r = await tx.query(`DELETE FROM "${schema}"."${table}" WHERE project_id = $1`, [event.projectId]);
      if (r.rowCount) deleted[table] = r.rowCount;
    }
    await outbox.enqueue(tx, [{ type: 'runtime.project.wiped.v1', projectId: event.projectId, data: { operationId, round, service, deleted } }]);
    logger.info({ service, operationId, kind, round, deleted }, 'wiped a project');
  };
}
