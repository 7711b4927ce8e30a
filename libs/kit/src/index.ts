export * from './errors';
export * from './ids';
export * from './logger';
export * from './context';
export * from './config';
export * as metrics from './metrics';
export * from './email';
export * from './dns';
export * from './batcher';
