import { loadServiceDefinition } from './proto';
import type { ContactsDefinition } from './generated/herald/contacts/v1/Contacts';
import type { EventsDefinition } from './generated/herald/events/v1/Events';
import type { ServiceClient, ServiceHandlers } from './proto';

export * from './proto';
export * from './rpc';
export * from './events';
export type { Contact__Output as ContactMsg } from './generated/herald/contacts/v1/Contact';
export type { Event__Output as EventMsg } from './generated/herald/events/v1/Event';

/** Every gRPC service: its proto, full name and default port (docs/configuration.md). */
export const SERVICES = {
  contacts: { file: 'contacts/v1/contacts.proto', fullName: 'herald.contacts.v1.Contacts', grpcPort: 50061, httpPort: 8061 },
  events: { file: 'events/v1/events.proto', fullName: 'herald.events.v1.Events', grpcPort: 50062, httpPort: 8062 },
} as const;

export type ContactsApi = ServiceClient<ContactsDefinition>;
export type ContactsHandlers = ServiceHandlers<ContactsDefinition>;
export type EventsApi = ServiceClient<EventsDefinition>;
export type EventsHandlers = ServiceHandlers<EventsDefinition>;
export type { ContactsDefinition, EventsDefinition };

let cache: { contacts?: ContactsDefinition; events?: EventsDefinition } = {};
export const contactsDefinition = () => (cache.contacts ??= loadServiceDefinition<ContactsDefinition>(SERVICES.contacts.file, SERVICES.contacts.fullName));
export const eventsDefinition = () => (cache.events ??= loadServiceDefinition<EventsDefinition>(SERVICES.events.file, SERVICES.events.fullName));
