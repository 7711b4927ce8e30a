import { Outbox } from '../../../../libs/bus/src';
import { sqlOf, type Db, type Queryable, type UnitOfWork, type Work } from '../../../../libs/db/src';
import { metrics } from '../../../../libs/kit/src';
import type {
  ClaimedExecution,
  ExecutionRow,
  ExecutionWrite,
  NewExecution,
  StepRow,
  TransitionRow,
  WorkflowGraph,
  WorkflowRow,
  WorkflowsStore,
} from '../app/ports';
import { SCHEMA } from '../migrations';

const W = 'workflows.workflows';
const S = 'workflows.steps';
const T = 'workflows.transitions';
const E = 'workflows.executions';
const N = 'workflows.entries';

/** Every column of an execution but its history. */
const EXECUTION = `project_id, id, workflow_id, contact_id, status, current_step_id, exit_reason, context, trigger_event, wait_event, waiting_since, due_at, attempts,
  version, started_at, completed_at, updated_at`;
const ACTIVE = `status IN ('RUNNING', 'WAITING')`;
/** What ending an execution (cancelled, exited) also sets: nothing more is due of it. */
const ENDED = `due_at = NULL, wait_event = NULL, waiting_since = NULL, completed_at = now(), updated_at = now(), version = version + 1`;
/** claimDue's RETURNING: the claimed rows (aliased `e`) without their history. */
const CLAIMED = EXECUTION.split(',')
  .map((c) => `e.${c.trim()}`)
  .join(', ');

/** A column's value as a statement parameter: objects as JSON. */
const param = (v: unknown) => (v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v);

const setClause = (change: Record<string, unknown>, first: number) => {
  const entries = Object.entries(change).filter(([, v]) => v !== undefined);
  return { sets: entries.map(([k], i) => `${k} = $${i + first}`), values: entries.map(([, v]) => param(v)) };
};

export class WorkflowsRepo implements WorkflowsStore {
  readonly outbox = new Outbox(SCHEMA);

  constructor(readonly db: Db) {}

  get uow(): UnitOfWork {
    return this.db;
  }

  async insertWorkflow(
    work: Work,
    row: Pick<WorkflowRow, 'project_id' | 'id' | 'name' | 'description' | 'trigger_event' | 'allow_reentry' | 'webhook_secret'>,
  ) {
    const tx = sqlOf(work);
    const r = await tx.query(
      `INSERT INTO ${W} (project_id, id, name, description, trigger_event, allow_reentry, webhook_secret) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [row.project_id, row.id, row.name, row.description, row.trigger_event, row.allow_reentry, row.webhook_secret],
    );
    return r.rows[0];
  }

  getWorkflow(projectId: string, id: string): Promise<WorkflowRow | undefined> {
    return this.getWorkflowIn(this.db.pool, projectId, id);
  }

  getWorkflowForUpdate(work: Work, projectId: string, id: string): Promise<WorkflowRow | undefined> {
    return this.getWorkflowIn(sqlOf(work), projectId, id, true);
  }

  private async getWorkflowIn(q: Queryable, projectId: string, id: string, lock = false) {
    const r = await q.query(`SELECT * FROM ${W} WHERE project_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [projectId, id]);
    return r.rows[0];
  }

  async listWorkflows(projectId: string, page: { page: number; pageSize: number }, enabled?: boolean) {
    // $2 null: enabled or not.
    const where = `project_id = $1 AND ($2::boolean IS NULL OR enabled = $2)`;
    const [rows, total] = await Promise.all([
      this.db.query<WorkflowRow>(`SELECT * FROM ${W} WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`, [
        projectId,
        enabled ?? null,
        page.pageSize,
        (page.page - 1) * page.pageSize,
      ]),
      this.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${W} WHERE ${where}`, [projectId, enabled ?? null]),
    ]);
    return { rows, total: Number(total[0].n) };
  }

  async updateWorkflow(work: Work, projectId: string, id: string, change: Partial<WorkflowRow>) {
    const tx = sqlOf(work);
    const { sets, values } = setClause(change, 3);
    const r = await tx.query(
      `UPDATE ${W} SET ${[...sets, 'version = version + 1', 'updated_at = now()'].join(', ')} WHERE project_id = $1 AND id = $2 RETURNING *`,
      [projectId, id, ...values],
    );
    return r.rows[0];
  }

  async deleteWorkflow(work: Work, projectId: string, id: string) {
    const tx = sqlOf(work);
    for (const table of [E, N, T, S]) await tx.query(`DELETE FROM ${table} WHERE project_id = $1 AND workflow_id = $2`, [projectId, id]);
    await tx.query(`DELETE FROM ${W} WHERE project_id = $1 AND id = $2`, [projectId, id]);
  }

  async workflowsByIds(projectIds: string[], ids: string[]) {
    return this.db.query<WorkflowRow>(
      `SELECT w.* FROM ${W} w JOIN unnest($1::uuid[], $2::uuid[]) AS k(project_id, id) ON w.project_id = k.project_id AND w.id = k.id`,
      [projectIds, ids],
    );
  }

  async graph(projectId: string, workflowId: string, work?: Work): Promise<WorkflowGraph> {
    const q = work ? sqlOf(work) : this.db.pool;
    const [steps, transitions] = await Promise.all([
      q.query<StepRow>(`SELECT * FROM ${S} WHERE project_id = $1 AND workflow_id = $2 ORDER BY created_at, id`, [projectId, workflowId]),
      q.query<TransitionRow>(`SELECT * FROM ${T} WHERE project_id = $1 AND workflow_id = $2 ORDER BY created_at, id`, [projectId, workflowId]),
    ]);
    return {
      steps: steps.rows.map((s) => ({ id: s.id, type: s.type, name: s.name, config: s.config, templateId: s.template_id, position: s.position })),
      transitions: transitions.rows.map((t) => ({
        id: t.id,
        fromStepId: t.from_step_id,
        toStepId: t.to_step_id,
        branch: t.branch,
        waitOutcome: t.wait_outcome,
        priority: t.priority,
      })),
    };
  }

  async insertStep(work: Work, row: Omit<StepRow, 'created_at' | 'updated_at'>) {
    const tx = sqlOf(work);
    const r = await tx.query(
      `INSERT INTO ${S} (project_id, workflow_id, id, type, name, position, config, template_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
      [row.project_id, row.workflow_id, row.id, row.type, row.name, param(row.position), param(row.config), row.template_id],
    );
    return r.rows[0];
  }

  async updateStep(work: Work, projectId: string, id: string, change: Pick<StepRow, 'name' | 'position' | 'config' | 'template_id'>) {
    const tx = sqlOf(work);
    const { sets, values } = setClause(change, 3);
    const r = await tx.query(`UPDATE ${S} SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE project_id = $1 AND id = $2 RETURNING *`, [
      projectId,
      id,
      ...values,
    ]);
    return r.rows[0];
  }

  async deleteStep(work: Work, projectId: string, id: string) {
    const tx = sqlOf(work);
    await tx.query(`DELETE FROM ${T} WHERE project_id = $1 AND (from_step_id = $2 OR to_step_id = $2)`, [projectId, id]);
    await tx.query(`DELETE FROM ${S} WHERE project_id = $1 AND id = $2`, [projectId, id]);
  }

  async insertTransition(work: Work, row: Omit<TransitionRow, 'created_at'>) {
    const tx = sqlOf(work);
    const r = await tx.query(
      `INSERT INTO ${T} (project_id, workflow_id, id, from_step_id, to_step_id, branch, wait_outcome, priority) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING *`,
      [row.project_id, row.workflow_id, row.id, row.from_step_id, row.to_step_id, row.branch, row.wait_outcome, row.priority],
    );
    return r.rows[0];
  }

  async deleteTransitions(work: Work, projectId: string, ids: string[]) {
    const tx = sqlOf(work);
    const r = await tx.query(`DELETE FROM ${T} WHERE project_id = $1 AND id = ANY($2::uuid[])`, [projectId, ids]);
    return r.rowCount ?? 0;
  }

  async triggered(work: Work, pairs: Array<{ projectId: string; name: string }>) {
    const tx = sqlOf(work);
    const r = await tx.query(
      `SELECT w.*, s.id AS trigger_step_id
         FROM (SELECT DISTINCT * FROM unnest($1::uuid[], $2::text[]) AS k(project_id, name)) k
         JOIN ${W} w ON w.project_id = k.project_id AND w.trigger_event = k.name AND w.enabled
         JOIN ${S} s ON s.project_id = w.project_id AND s.workflow_id = w.id AND s.type = 'TRIGGER'`,
      [pairs.map((p) => p.projectId), pairs.map((p) => p.name)],
    );
    return r.rows;
  }

  async enter(work: Work, projectId: string, workflowId: string, allowReentry: boolean, contactIds: string[]) {
    const tx = sqlOf(work);
    const r = await tx.query<{ contact_id: string }>(
      `INSERT INTO ${N} (project_id, workflow_id, contact_id) SELECT $1, $2, c FROM unnest($3::uuid[]) AS c ON CONFLICT DO NOTHING RETURNING contact_id`,
      [projectId, workflowId, [...new Set(contactIds)]],
    );
    if (allowReentry) return contactIds;
    // Once each: a contact twice in one batch of events enters once.
    return r.rows.map((x) => x.contact_id);
  }

  async insertExecutions(work: Work, executions: NewExecution[]) {
    const tx = sqlOf(work);
    if (!executions.length) return;
    await tx.query(
      `INSERT INTO ${E} (project_id, id, workflow_id, contact_id, status, current_step_id, context, trigger_event, due_at)
       SELECT project_id, id, workflow_id, contact_id, 'RUNNING', step_id, context, trigger_event, now()
         FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[], $5::uuid[], $6::jsonb[], $7::jsonb[]) AS x(project_id, id, workflow_id, contact_id, step_id, context, trigger_event)`,
      [
        executions.map((x) => x.projectId),
        executions.map((x) => x.id),
        executions.map((x) => x.workflowId),
        executions.map((x) => x.contactId),
        executions.map((x) => x.triggerStepId),
        executions.map((x) => JSON.stringify(x.context)),
        executions.map((x) => (x.triggerEvent ? JSON.stringify(x.triggerEvent) : null)),
      ],
    );
    await this.outbox.enqueue(
      tx,
      executions.map((x) => ({
        type: 'workflows.execution.started.v1' as const,
        projectId: x.projectId,
        data: { executionId: x.id, workflowId: x.workflowId, workflowName: x.workflowName, contactId: x.contactId },
      })),
    );
  }

  async getExecution(projectId: string, workflowId: string, id: string, work?: Work) {
    const q = work ? sqlOf(work) : this.db.pool;
    const r = await q.query(`SELECT * FROM ${E} WHERE project_id = $1 AND workflow_id = $2 AND id = $3`, [projectId, workflowId, id]);
    return r.rows[0];
  }

  async listExecutions(projectId: string, workflowId: string, q: { status?: string; page: number; pageSize: number }) {
    const filter = q.status ? ' AND status = $3' : '';
    const params: unknown[] = [projectId, workflowId, ...(q.status ? [q.status] : [])];
    const [rows, total] = await Promise.all([
      this.db.query<ExecutionRow>(
        `SELECT ${EXECUTION} FROM ${E} WHERE project_id = $1 AND workflow_id = $2${filter} ORDER BY started_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, q.pageSize, (q.page - 1) * q.pageSize],
      ),
      this.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${E} WHERE project_id = $1 AND workflow_id = $2${filter}`, params),
    ]);
    return { rows, total: Number(total[0].n) };
  }

  async countActive(work: Work, projectId: string, workflowId: string) {
    const q = sqlOf(work);
    const r = await q.query(`SELECT count(*) AS n FROM ${E} WHERE project_id = $1 AND workflow_id = $2 AND ${ACTIVE}`, [projectId, workflowId]);
    return Number(r.rows[0].n);
  }

  async cancel(projectId: string, workflowId: string, id?: string) {
    const q = this.db.pool;
    const r = await q.query(
      `UPDATE ${E} SET status = 'CANCELLED', ${ENDED}
        WHERE project_id = $1 AND workflow_id = $2 AND ${ACTIVE}${id ? ' AND id = $3' : ''} RETURNING ${EXECUTION}`,
      id ? [projectId, workflowId, id] : [projectId, workflowId],
    );
    return r.rows;
  }

  async moveFromStep(work: Work, projectId: string, stepId: string, to: string | null, reason: string) {
    const tx = sqlOf(work);
    const r = to
      ? await tx.query(
          `UPDATE ${E} SET status = 'RUNNING', current_step_id = $3, due_at = now(), wait_event = NULL, waiting_since = NULL, attempts = 0, updated_at = now(), version = version + 1
            WHERE project_id = $1 AND current_step_id = $2 AND ${ACTIVE}`,
          [projectId, stepId, to],
        )
      : await tx.query(`UPDATE ${E} SET status = 'EXITED', exit_reason = $3, ${ENDED} WHERE project_id = $1 AND current_step_id = $2 AND ${ACTIVE}`, [
          projectId,
          stepId,
          reason,
        ]);
    return r.rowCount ?? 0;
  }

  async exitContact(work: Work, projectId: string, contactId: string, reason: string) {
    const tx = sqlOf(work);
    const r = await tx.query(`UPDATE ${E} SET status = 'EXITED', exit_reason = $3, ${ENDED} WHERE project_id = $1 AND contact_id = $2 AND ${ACTIVE}`, [
      projectId,
      contactId,
      reason,
    ]);
    return r.rowCount ?? 0;
  }

  /** Claims due executions for a lease; observes how late each timer was (herald_workflow_timer_lateness_seconds). */
  async claimDue(limit: number, leaseMs: number): Promise<ClaimedExecution[]> {
    const rows = await this.db.query<ClaimedExecution & { late_s?: number }>(
      `WITH due AS (SELECT project_id, id, due_at FROM ${E} WHERE due_at <= now() ORDER BY due_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       UPDATE ${E} e SET due_at = now() + make_interval(secs => $2::double precision / 1000), version = e.version + 1
         FROM due WHERE e.project_id = due.project_id AND e.id = due.id
       RETURNING ${CLAIMED}, extract(epoch FROM now() - due.due_at)::float8 AS late_s`,
      [limit, leaseMs],
    );
    for (const r of rows) {
      metrics.workflowTimerLateness.observe(Math.max(0, r.late_s ?? 0));
      delete r.late_s;
    }
    return rows;
  }

  async writeExecutions(writes: ExecutionWrite[]): Promise<Set<string>> {
    if (!writes.length) return new Set();
    const done = (s: string) => !['RUNNING', 'WAITING'].includes(s);
    const rows = await this.db.query<{ id: string }>(
      `UPDATE ${E} e SET status = v.status, current_step_id = v.step, exit_reason = v.reason, wait_event = v.wait_event, waiting_since = v.waiting_since,
              due_at = v.due_at, attempts = v.attempts, history = e.history || v.history, version = e.version + 1,
              completed_at = CASE WHEN v.done THEN now() END, updated_at = now()
         FROM unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::text[], $5::uuid[], $6::text[], $7::text[], $8::timestamptz[], $9::timestamptz[], $10::int[], $11::jsonb[], $12::boolean[])
              AS v(project_id, id, version, status, step, reason, wait_event, waiting_since, due_at, attempts, history, done)
        WHERE e.project_id = v.project_id AND e.id = v.id AND e.version = v.version
       RETURNING e.id`,
      [
        writes.map((w) => w.projectId),
        writes.map((w) => w.id),
        writes.map((w) => w.version),
        writes.map((w) => w.status),
        writes.map((w) => w.currentStepId),
        writes.map((w) => w.exitReason),
        writes.map((w) => w.waitEvent),
        writes.map((w) => w.waitingSince),
        writes.map((w) => w.dueAt),
        writes.map((w) => w.attempts),
        writes.map((w) => JSON.stringify(w.history)),
        writes.map((w) => done(w.status)),
      ],
    );
    return new Set(rows.map((r) => r.id));
  }

  async resumeWaiting(work: Work, events: Array<{ projectId: string; contactId: string; name: string; eventId: string; occurredAt: string }>) {
    const tx = sqlOf(work);
    if (!events.length) return 0;
    // One statement for a batch of events. An execution two events of the batch could resume takes
    // the earlier one; the outer conditions are checked again on the row as it is when locked, so a
    // timeout or a cancel written meanwhile wins. A RUNNING execution with a wait_event is one a
    // worker is putting to wait (engine.ts): resumed here, the worker's later write loses.
    const r = await tx.query(
      `UPDATE ${E} x SET
              status = CASE WHEN t.to_step_id IS NULL THEN 'COMPLETED' ELSE 'RUNNING' END,
              current_step_id = COALESCE(t.to_step_id, x.current_step_id),
              due_at = CASE WHEN t.to_step_id IS NULL THEN NULL ELSE now() END,
              completed_at = CASE WHEN t.to_step_id IS NULL THEN now() END,
              wait_event = NULL, waiting_since = NULL, attempts = 0, updated_at = now(), version = x.version + 1,
              history = x.history || jsonb_build_array(jsonb_build_object('stepId', x.current_step_id, 'type', 'WAIT_FOR_EVENT', 'at', now(),
                'outcome', jsonb_build_object('waitOutcome', 'EVENT', 'event', t.name, 'eventId', t.event_id)))
         FROM (SELECT DISTINCT ON (w.project_id, w.id) w.project_id, w.id, k.name, k.event_id,
                      (SELECT to_step_id FROM ${T} tr WHERE tr.project_id = w.project_id AND tr.from_step_id = w.current_step_id AND tr.wait_outcome = 'EVENT' ORDER BY priority LIMIT 1) AS to_step_id
                 FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::timestamptz[]) AS k(project_id, contact_id, name, event_id, occurred_at)
                 JOIN ${E} w ON w.project_id = k.project_id AND w.contact_id = k.contact_id AND w.wait_event = k.name AND w.status IN ('WAITING', 'RUNNING') AND w.waiting_since <= k.occurred_at
                ORDER BY w.project_id, w.id, k.occurred_at) t
        WHERE x.project_id = t.project_id AND x.id = t.id AND x.status IN ('WAITING', 'RUNNING') AND x.wait_event = t.name`,
      [
        events.map((e) => e.projectId),
        events.map((e) => e.contactId),
        events.map((e) => e.name),
        events.map((e) => e.eventId),
        events.map((e) => e.occurredAt),
      ],
    );
    return r.rowCount ?? 0;
  }

  async noteEventNames(work: Work, pairs: Array<{ projectId: string; name: string }>) {
    const tx = sqlOf(work);
    if (!pairs.length) return;
    await tx.query(`INSERT INTO workflows.event_names (project_id, name) SELECT DISTINCT * FROM unnest($1::uuid[], $2::text[]) ON CONFLICT DO NOTHING`, [
      pairs.map((p) => p.projectId),
      pairs.map((p) => p.name),
    ]);
  }

  async forgetEventName(work: Work, projectId: string, name: string) {
    const tx = sqlOf(work);
    await tx.query(`DELETE FROM workflows.event_names WHERE project_id = $1 AND name = $2`, [projectId, name]);
  }

  async eventNames(projectId: string) {
    return (await this.db.query<{ name: string }>(`SELECT name FROM workflows.event_names WHERE project_id = $1 ORDER BY name LIMIT 1000`, [projectId])).map(
      (r) => r.name,
    );
  }

  async upcoming(projectId: string, limit: number) {
    return this.db.query(
      `SELECT e.id, e.workflow_id, w.name AS workflow_name, e.contact_id, e.current_step_id AS step_id, s.type AS step_type, e.due_at
         FROM ${E} e JOIN ${W} w ON w.project_id = e.project_id AND w.id = e.workflow_id
         LEFT JOIN ${S} s ON s.project_id = e.project_id AND s.id = e.current_step_id
        WHERE e.project_id = $1 AND e.status = 'WAITING' AND e.due_at IS NOT NULL
        ORDER BY e.due_at LIMIT $2`,
      [projectId, limit],
    );
  }
}
