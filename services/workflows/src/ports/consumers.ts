import type { DomainEvent } from '../../../../libs/contracts/src';
import { workOf, type Queryable } from '../../../../libs/db/src';
import type { Consumer } from '../../../../libs/runtime/src/service';
import { onContactDeleted, onEventsRecorded } from '../app/triggers';
import type { WorkflowsStore } from '../app/ports';

type Recorded = DomainEvent<'events.event.recorded.v1'>;
type NameDeleted = DomainEvent<'events.event_name.deleted.v1'>;
type ContactDeleted = DomainEvent<'contacts.contact.deleted.v1'>;

/**
 * Tracked events (and Herald's own: email.*, contact.*, segment.*) start the executions of the
 * workflows they trigger and resume those waiting for them; a deleted contact's executions end.
 * The inbox makes each event count once.
 */
export function workflowsConsumer(store: WorkflowsStore): Consumer {
  const recorded = (events: Recorded[], tx: Queryable) => onEventsRecorded(store, workOf(tx), events);
  return {
    handlers: {
      'events.event.recorded.v1': (e: Recorded, tx) => recorded([e], tx),
      'events.event_name.deleted.v1': (e: NameDeleted, tx) => store.forgetEventName(workOf(tx), e.projectId, e.data.name),
      'contacts.contact.deleted.v1': (e: ContactDeleted, tx) => onContactDeleted(store, workOf(tx), e),
    },
    batchHandlers: {
      'events.event.recorded.v1': (events: Recorded[], tx) => recorded(events, tx),
    },
  };
}
