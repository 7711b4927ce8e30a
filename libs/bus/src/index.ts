export * from './outbox';
export * from './transport';
export * from './relay';
export { MemoryTransport, Peer } from './memory';
export { AmqpTransport } from './amqp';
