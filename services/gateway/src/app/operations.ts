import { isUuid, newId, notFound, validationError } from '../../../../libs/kit/src';
import type { OperationRow, OperationStore } from './ports';

/**
 * Project reset and delete: the gateway records the operation and asks every service
 * with project data (`services`, its own included) to wipe the project's rows through a domain
 * event, twice: the second round, a grace period after each service confirmed the first
 * (runtime.project.wiped.v1), wipes what was in flight meanwhile (an event on the bus, a request
 * already past its key check). The operation completes when each has confirmed the second.
 */
export class ProjectOperations {
  constructor(
    readonly store: OperationStore,
    private readonly services: string[],
  ) {}

  reset(project: { id: string; name: string }, userId: string) {
    return this.start('reset', project, userId);
  }

  /** A delete names the project it deletes (`confirm`), so a slip of the id does not delete another. */
  delete(project: { id: string; name: string }, userId: string, confirm: string) {
    if (confirm !== project.name) {
      throw validationError(
        [{ field: 'confirm', message: 'must be the name of the project to delete', code: 'confirmation_mismatch' }],
        `Send { "confirm": "${project.name}" } to delete this project and all its data.`,
      );
    }
    return this.start('delete', project, userId);
  }

  async get(id: string, userId: string) {
    const row = isUuid(id) ? await this.store.get(id, userId) : undefined;
    if (!row) throw notFound('Operation');
    return operationView(row);
  }

  private async start(kind: 'reset' | 'delete', project: { id: string; name: string }, userId: string) {
    const row = await this.store.start({
      id: newId(),
      project: project.id,
      projectName: project.name,
      kind,
      requestedBy: userId,
      services: [...this.services].sort(),
    });
    return operationView(row);
  }
}

/** An operation as the API shows it: each service's state, and what it deleted. */
export function operationView(row: OperationRow) {
  const services = Object.fromEntries(row.services.map((s) => [s, row.completed_at || (row.round === 1 && !row.pending.includes(s)) ? 'DONE' : 'PENDING']));
  return {
    id: row.id,
    kind: row.kind,
    projectId: row.project,
    projectName: row.project_name,
    status: row.completed_at ? 'COMPLETED' : 'RUNNING',
    round: row.round,
    services,
    deleted: row.deleted,
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}
