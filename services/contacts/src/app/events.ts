import type { NewEvent } from '../../../../libs/bus/src';

/**
 * The contacts service's domain events of one contact, built here for every path that causes
 * them (single updates and deletes, bulk jobs), so those paths publish the same thing.
 */
export const subscriptionChanged = (projectId: string, c: { id: string; email: string; subscribed: boolean }): NewEvent => ({
  type: 'contacts.contact.subscription_changed.v1',
  projectId,
  data: { contactId: c.id, email: c.email, subscribed: c.subscribed },
});

export const contactDeleted = (projectId: string, c: { id: string; email: string }): NewEvent => ({
  type: 'contacts.contact.deleted.v1',
  projectId,
  data: { contactId: c.id, email: c.email },
});

/** Contacts created or changed by the API, an import or a field deletion: tracked segments may need a recompute. */
export const contactsChanged = (projectId: string, count: number): NewEvent => ({
  type: 'contacts.contacts.changed.v1',
  projectId,
  data: { count },
});
