export * from './api';
export * from './infra';
export * from './db';
export * from './topology';
export * from './sns';
export * from './smtp';
export * from './dns';
export * from './images';
