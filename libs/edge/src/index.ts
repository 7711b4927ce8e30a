export * from './types';
export * from './route';
export * from './errors';
export * from './multipart';
export * from './query';
export * from './answers';
