import { Registry } from '../../../libs/runtime/src';
import * as services from './services';

/** Every target a process can run (TARGET=<name>, comma-separated; `all` runs every one). */
export const registry = new Registry(Object.values(services));
