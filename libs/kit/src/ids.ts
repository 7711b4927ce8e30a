import { v7 as uuidv7, validate as uuidValidate } from 'uuid';

/** Time-ordered ids (UUIDv7): they sort by creation time, which cursor pagination relies on. */
export const newId = (): string => uuidv7();
/** A UUIDv7 of the millisecond `at`: for a record of something that happened then (it sorts among ids made then). */
export const newIdAt = (at: Date): string => uuidv7({ msecs: at.getTime() });
export const isUuid = (s: unknown): s is string => typeof s === 'string' && uuidValidate(s);
