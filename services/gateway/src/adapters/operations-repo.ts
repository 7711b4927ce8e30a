import { Outbox } from '../../../../libs/bus/src';
import { sqlOf, type Db, type Work } from '../../../../libs/db/src';
import type { OperationRow, OperationStore } from '../app/ports';

const outbox = new Outbox('gateway');

const wipeRequest = (row: Pick<OperationRow, 'id' | 'project' | 'kind' | 'round'>) => ({
  type: 'gateway.project.wipe_requested.v1' as const,
  projectId: row.project,
  data: { operationId: row.id, kind: row.kind, round: row.round },
});

/** Project resets and deletes (gateway.project_operations), each round's wipe request written with the row. */
export class OperationsRepo implements OperationStore {
  constructor(
    readonly db: Db,
    /** How long after the first round's last confirmation the second round's request goes out. */
    private readonly graceMs: number,
  ) {}

  /**
   * Records the operation and publishes its first wipe request; a delete also removes the project
   * (its keys, members, invitations and suspensions with it), so nothing of it answers from then on.
   */
  async start(op: {
    id: string;
    project: string;
    projectName: string;
    kind: 'reset' | 'delete';
    requestedBy: string;
    services: string[];
  }): Promise<OperationRow> {
    return this.db.tx(async (tx) => {
      const { rows } = await tx.query<OperationRow>(
        `INSERT INTO gateway.project_operations (id, project, project_name, kind, requested_by, services, pending) VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING *`,
        [op.id, op.project, op.projectName, op.kind, op.requestedBy, op.services],
      );
      if (op.kind === 'delete') await tx.query('DELETE FROM gateway.projects WHERE id = $1', [op.project]);
      await outbox.enqueue(tx, [wipeRequest(rows[0])]);
      return rows[0];
    });
  }

  /**
   * A service confirmed its wipe of a round (a confirmation of another round, or a repeated one,
   * changes nothing): it leaves `pending` and its counts add up. When none is left, the first
   * round starts the second (published after the grace), the second completes the operation.
   */
  async confirm(work: Work, id: string, round: number, service: string, deleted: Record<string, number>) {
    const tx = sqlOf(work);
    const row = (await tx.query<OperationRow>('SELECT * FROM gateway.project_operations WHERE id = $1 FOR UPDATE', [id])).rows[0];
    if (!row || row.round !== round || !row.pending.includes(service)) return;
    const counts = { ...(row.deleted[service] ?? {}) };
    for (const [table, n] of Object.entries(deleted)) counts[table] = (counts[table] ?? 0) + n;
    let pending = row.pending.filter((s) => s !== service);
    let next = row.round;
    if (pending.length === 0 && row.round === 1) {
      next = 2;
      pending = row.services;
      await outbox.enqueue(tx, [wipeRequest({ ...row, round: next })], { afterMs: this.graceMs });
    }
    await tx.query(
      `UPDATE gateway.project_operations SET pending = $2, round = $3, deleted = deleted || jsonb_build_object($4::text, $5::jsonb),
         completed_at = CASE WHEN cardinality($2::text[]) = 0 THEN now() END
       WHERE id = $1`,
      [id, pending, next, service, JSON.stringify(counts)],
    );
  }

  async get(id: string, requestedBy: string): Promise<OperationRow | undefined> {
    return (await this.db.query<OperationRow>('SELECT * FROM gateway.project_operations WHERE id = $1 AND requested_by = $2', [id, requestedBy]))[0];
  }
}
