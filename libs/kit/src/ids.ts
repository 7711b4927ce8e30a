import { v7 as uuidv7, validate as uuidValidate } from 'uuid';

/** Time-ordered ids (UUIDv7): they sort by creation time, which cursor pagination relies on. */
export const newId = (): string => uuidv7();
export const isUuid = (s: unknown): s is string => typeof s === 'string' && uuidValidate(s);
