import type { Subscription } from '../../../../libs/bus/src';
import type { DomainEvent } from '../../../../libs/contracts/src';
import type { ContactsRepo } from '../adapters/repo';
import { SCHEMA } from '../migrations';

/** Keeps the per-contact event facts that segment filters read (a projection of the events service). */
export function contactsSubscription(repo: ContactsRepo): Subscription {
  return {
    service: 'contacts',
    db: repo.db,
    schema: SCHEMA,
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
