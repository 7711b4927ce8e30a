export * from './outbox';
export * from './transport';
export * from './relay';
export { inboxPruneTimer, pruneInbox } from './inbox';
export * from './dead-letters';
export { redeliverDue, Redelivered, redeliveryTimer, REDELIVERY_POLL_MS } from './redeliver';
export { MemoryTransport, Peer } from './memory';
export { AmqpTransport } from './amqp';
export { inConsumerSpans } from './trace';
