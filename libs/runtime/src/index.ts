export * from './service';
export * from './registry';
export * from './runtime';
export * from './main';
