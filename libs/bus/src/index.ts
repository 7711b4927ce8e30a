export * from './outbox';
export * from './transport';
export * from './relay';
export { MemoryTransport } from './memory';
export { AmqpTransport } from './amqp';
