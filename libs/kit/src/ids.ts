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

/** The smallest UUIDv7 of a millisecond: ids made at or after `at` sort at or above it. */
export function uuidFloor(at: Date): string {
  const hex = Math.max(0, Math.min(at.getTime(), 2 ** 48 - 1))
    .toString(16)
    .padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`;
}
