export * from './module';
export * from './runtime';
export * from './main';
