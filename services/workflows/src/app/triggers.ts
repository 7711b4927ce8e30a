import type { DomainEvent } from '../../../../libs/contracts/src';
import type { Work } from '../../../../libs/db/src';
import { newId } from '../../../../libs/kit/src';
import type { NewExecution, WorkflowsStore } from './ports';

type Recorded = DomainEvent<'events.event.recorded.v1'>;

/**
 * Recorded events, in the consumer's transaction: each starts an execution of every enabled
 * workflow of its project it triggers (for its contact, if the workflow admits it: re-entry),
 * and resumes the contact's executions waiting for it.
 */
export async function onEventsRecorded(store: WorkflowsStore, work: Work, events: Recorded[]): Promise<void> {
  const pairs = events.map((e) => ({ projectId: e.projectId, name: e.data.name }));
  await store.noteEventNames(work, pairs);
  const workflows = await store.triggered(work, pairs);
  const executions: NewExecution[] = [];
  for (const w of workflows) {
    const mine = events.filter((e) => e.projectId === w.project_id && e.data.name === w.trigger_event);
    const admitted = new Set(
      await store.enter(
        work,
        w.project_id,
        w.id,
        w.allow_reentry,
        mine.map((e) => e.data.contactId),
      ),
    );
    for (const e of mine) {
      // Without re-entry a contact enters once, even with two of its events in one batch.
      if (!admitted.has(e.data.contactId)) continue;
      if (!w.allow_reentry) admitted.delete(e.data.contactId);
      executions.push({
        projectId: w.project_id,
        id: newId(),
        workflowId: w.id,
        workflowName: w.name,
        contactId: e.data.contactId,
        triggerStepId: w.trigger_step_id,
        context: {},
        triggerEvent: { id: e.data.eventId, name: e.data.name, occurredAt: e.data.occurredAt, data: e.data.data ?? {} },
      });
    }
  }
  await store.insertExecutions(work, executions);
  await store.resumeWaiting(
    work,
    events.map((e) => ({ projectId: e.projectId, contactId: e.data.contactId, name: e.data.name, eventId: e.data.eventId, occurredAt: e.data.occurredAt })),
  );
}

export async function onContactDeleted(store: WorkflowsStore, work: Work, e: DomainEvent<'contacts.contact.deleted.v1'>): Promise<void> {
  await store.exitContact(work, e.projectId, e.data.contactId, 'The contact was deleted');
}
