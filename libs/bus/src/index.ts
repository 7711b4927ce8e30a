export * from './outbox';
export * from './transport';
export * from './relay';
export { InboxPruner, pruneInbox } from './inbox';
export * from './dead-letters';
export { Redeliverer, redeliverDue, Redelivered, REDELIVERY_POLL_MS } from './redeliver';
export { MemoryTransport, Peer } from './memory';
export { AmqpTransport } from './amqp';
