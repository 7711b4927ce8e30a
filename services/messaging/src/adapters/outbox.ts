import { Outbox } from '../../../../libs/bus/src';
import { SCHEMA } from '../migrations';

/** Where this service publishes its domain events, with the state changes that cause them. */
export const outbox = new Outbox(SCHEMA);
