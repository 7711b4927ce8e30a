export * from './api';
export * from './infra';
export * from './topology';
