export * from './service';
export * from './registry';
export * from './runtime';
export * from './main';
export * from './internal-token';
export * from './split';
