import type { Subscription } from '../../../../libs/bus/src';
import type { DomainEvent } from '../../../../libs/contracts/src';
import type { EventsRepo } from '../adapters/repo';
import { recordEvent } from '../app/handlers';
import { SCHEMA } from '../migrations';

const PUBLIC_EMAIL_EVENTS = new Set(['sent', 'delivered', 'opened', 'clicked', 'bounced', 'complained', 'failed']);

/** Turns contacts' domain events into the public events users see (SPEC §6). */
export function eventsSubscription(repo: EventsRepo): Subscription {
  return {
    service: 'events',
    db: repo.db,
    schema: SCHEMA,
    handlers: {
      'contacts.contact.subscription_changed.v1': async (e: DomainEvent<'contacts.contact.subscription_changed.v1'>, tx) => {
        const name = e.data.subscribed ? 'contact.subscribed' : 'contact.unsubscribed';
        await recordEvent(repo, tx, e.projectId, e.data.contactId, name, {});
      },
      // Every email status change is a public email.* event of the contact (SPEC §6).
      'messaging.email.status_changed.v1': async (e: DomainEvent<'messaging.email.status_changed.v1'>, tx) => {
        const { contactId, status, ...data } = e.data;
        if (!PUBLIC_EMAIL_EVENTS.has(status)) return;
        await recordEvent(repo, tx, e.projectId, contactId, `email.${status}`, data);
      },
      'contacts.contact.deleted.v1': async (e: DomainEvent<'contacts.contact.deleted.v1'>, tx) => {
        await repo.deleteByContact(tx, e.projectId, e.data.contactId);
      },
    },
  };
}
