import type { DomainEvent } from '../../../../libs/contracts/src';
import type { Consumer } from '../../../../libs/runtime/src/service';
import type { EventsRepo } from '../adapters/repo';
import { recordEvents } from '../app/handlers';

const PUBLIC_EMAIL_EVENTS = new Set(['sent', 'delivered', 'opened', 'clicked', 'bounced', 'complained', 'failed']);

type SubscriptionChanged = DomainEvent<'contacts.contact.subscription_changed.v1'>;
type StatusChanged = DomainEvent<'messaging.email.status_changed.v1'>;
type MembershipChanged = DomainEvent<'contacts.segment.membership_changed.v1'>;

const subscriptionRows = (events: SubscriptionChanged[]) =>
  events.map((e) => ({ projectId: e.projectId, contactId: e.data.contactId, name: e.data.subscribed ? 'contact.subscribed' : 'contact.unsubscribed', data: {} }));

// Every email status change is a public email.* event of the contact (SPEC §6).
const emailRows = (events: StatusChanged[]) =>
  events.flatMap((e) => {
    const { contactId, status, ...data } = e.data;
    return PUBLIC_EMAIL_EVENTS.has(status) ? [{ projectId: e.projectId, contactId, name: `email.${status}`, data }] : [];
  });

// A tracked segment's entries and exits are events of those contacts (SPEC §6).
const membershipRows = (events: MembershipChanged[]) =>
  events.flatMap((e) => {
    const data = { segmentId: e.data.segmentId, segmentName: e.data.segmentName };
    return [
      ...e.data.entered.map((contactId) => ({ projectId: e.projectId, contactId, name: `segment.${e.data.slug}.entry`, data })),
      ...e.data.exited.map((contactId) => ({ projectId: e.projectId, contactId, name: `segment.${e.data.slug}.exit`, data })),
    ];
  });

/** Turns contacts' and messaging's domain events into the public events users see (SPEC §6). */
export function eventsConsumer(repo: EventsRepo): Consumer {
  return {
    handlers: {
      'contacts.contact.subscription_changed.v1': (e: SubscriptionChanged, tx) => recordEvents(repo, tx, subscriptionRows([e])).then(() => undefined),
      'messaging.email.status_changed.v1': (e: StatusChanged, tx) => recordEvents(repo, tx, emailRows([e])).then(() => undefined),
      'contacts.segment.membership_changed.v1': (e: MembershipChanged, tx) => recordEvents(repo, tx, membershipRows([e])).then(() => undefined),
      'contacts.contact.deleted.v1': async (e: DomainEvent<'contacts.contact.deleted.v1'>, tx) => {
        await repo.deleteByContact(tx, e.projectId, e.data.contactId);
      },
    },
    // Many at once: one insert of events + outbox rows per batch.
    batchHandlers: {
      'contacts.contact.subscription_changed.v1': (events: SubscriptionChanged[], tx) => recordEvents(repo, tx, subscriptionRows(events)).then(() => undefined),
      'messaging.email.status_changed.v1': (events: StatusChanged[], tx) => recordEvents(repo, tx, emailRows(events)).then(() => undefined),
      'contacts.segment.membership_changed.v1': (events: MembershipChanged[], tx) => recordEvents(repo, tx, membershipRows(events)).then(() => undefined),
    },
  };
}
