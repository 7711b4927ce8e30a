import type { DomainEvent } from '../../../../libs/contracts/src';
import type { Consumer } from '../../../../libs/runtime/src/service';
import type { ContactsRepo } from '../adapters/repo';

/** Keeps the per-contact event facts that segment filters read (a projection of the events service). */
export function contactsConsumer(repo: ContactsRepo): Consumer {
  return {
    handlers: {
      'events.event.recorded.v1': async (e: DomainEvent<'events.event.recorded.v1'>, tx) => {
        await repo.recordEventFact(tx, e.projectId, e.data.contactId, e.data.name, e.data.occurredAt);
      },
      'events.event_name.deleted.v1': async (e: DomainEvent<'events.event_name.deleted.v1'>, tx) => {
        await repo.deleteEventFacts(tx, e.projectId, e.data.name);
      },
    },
    batchHandlers: {
      'events.event.recorded.v1': async (events: DomainEvent<'events.event.recorded.v1'>[], tx) => {
        await repo.recordEventFacts(tx, events.map((e) => ({ projectId: e.projectId, contactId: e.data.contactId, name: e.data.name, at: e.data.occurredAt })));
      },
    },
  };
}
