import { v7 as uuidv7, validate as uuidValidate } from 'uuid';

/** Time-ordered ids (UUIDv7): they sort by creation time, which cursor pagination relies on. */
export const newId = (): string => uuidv7();
/** A UUIDv7 of the millisecond `at`: for a record of something that happened then (it sorts among ids made then). */
export const newIdAt = (at: Date): string => uuidv7({ msecs: at.getTime() });
export const isUuid = (s: unknown): s is string => typeof s === 'string' && uuidValidate(s);
/** The millisecond a UUIDv7 was made at (its first 48 bits), or undefined for any other id. */
export function uuidv7Ms(id: string): number | undefined {
  if (id.length !== 36 || id[14] !== '7') return undefined;
  const ms = parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
  return Number.isFinite(ms) ? ms : undefined;
}
