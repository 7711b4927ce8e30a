import { loadServiceDefinition } from './proto';
import type { ContactsDefinition } from './generated/herald/contacts/v1/Contacts';
import type { DomainsDefinition } from './generated/herald/domains/v1/Domains';
import type { EventsDefinition } from './generated/herald/events/v1/Events';
import type { MessagingDefinition } from './generated/herald/messaging/v1/Messaging';
import type { ServiceClient, ServiceHandlers } from './proto';

export * from './proto';
export * from './rpc';
export * from './events';
export type { Contact__Output as ContactMsg } from './generated/herald/contacts/v1/Contact';
export type { Event__Output as EventMsg } from './generated/herald/events/v1/Event';
export type { Domain__Output as DomainMsg } from './generated/herald/domains/v1/Domain';
export type { Template__Output as TemplateMsg } from './generated/herald/messaging/v1/Template';

/** Every gRPC service: its proto, full name, default ports and the variable that locates it. */
export const SERVICES = {
  contacts: { file: 'contacts/v1/contacts.proto', fullName: 'herald.contacts.v1.Contacts', grpcPort: 50061, httpPort: 8061, addrVar: 'CONTACTS_ADDR' },
  events: { file: 'events/v1/events.proto', fullName: 'herald.events.v1.Events', grpcPort: 50062, httpPort: 8062, addrVar: 'EVENTS_ADDR' },
  messaging: { file: 'messaging/v1/messaging.proto', fullName: 'herald.messaging.v1.Messaging', grpcPort: 50063, httpPort: 8063, addrVar: 'MESSAGING_ADDR' },
  domains: { file: 'domains/v1/domains.proto', fullName: 'herald.domains.v1.Domains', grpcPort: 50064, httpPort: 8064, addrVar: 'DOMAINS_ADDR' },
} as const;
export type ServiceName = keyof typeof SERVICES;

export type ContactsApi = ServiceClient<ContactsDefinition>;
export type ContactsHandlers = ServiceHandlers<ContactsDefinition>;
export type EventsApi = ServiceClient<EventsDefinition>;
export type EventsHandlers = ServiceHandlers<EventsDefinition>;
export type MessagingApi = ServiceClient<MessagingDefinition>;
export type MessagingHandlers = ServiceHandlers<MessagingDefinition>;
export type DomainsApi = ServiceClient<DomainsDefinition>;
export type DomainsHandlers = ServiceHandlers<DomainsDefinition>;
export type { ContactsDefinition, EventsDefinition, MessagingDefinition, DomainsDefinition };

export interface Apis {
  contacts: ContactsApi;
  events: EventsApi;
  messaging: MessagingApi;
  domains: DomainsApi;
}
export interface Handlers {
  contacts: ContactsHandlers;
  events: EventsHandlers;
  messaging: MessagingHandlers;
  domains: DomainsHandlers;
}

const cache = new Map<ServiceName, unknown>();
/** The loaded gRPC service definition of a service (loaded once per process). */
export function definitionOf(name: ServiceName) {
  if (!cache.has(name)) cache.set(name, loadServiceDefinition(SERVICES[name].file, SERVICES[name].fullName));
  return cache.get(name) as import('@grpc/grpc-js').ServiceDefinition;
}
export const contactsDefinition = () => definitionOf('contacts') as unknown as ContactsDefinition;
export const eventsDefinition = () => definitionOf('events') as unknown as EventsDefinition;
