export * from './outbox';
export * from './transport';
export * from './relay';
export { InboxPruner, pruneInbox } from './inbox';
export * from './dead-letters';
export { MemoryTransport, Peer } from './memory';
export { AmqpTransport } from './amqp';
