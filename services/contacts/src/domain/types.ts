/**
 * Type inference for custom fields: the first non-null value of a key fixes its type in the
 * project (rule 9 of domain/data.ts); any value sent is still stored.
 *
 * Nested objects are not a type of their own: their leaves are flattened to dotted paths
 * (`profile.tier`) and each leaf is typed. Arrays are leaves and infer as `string`.
 * A key containing a dot (`{ "a.b": 1 }`) flattens to the same path as `{ a: { b: 1 } }`.
 */
import { isIsoDate } from '../../../../libs/audience/src/fields';
import { isPlainObject, type JsonObject } from './data';

export type FieldType = 'string' | 'number' | 'boolean' | 'date';

/** The dates (`YYYY-MM-DD`, `YYYY-MM-DDTHH:MM:SS[.sss]Z`), the ones segment conditions compare as dates (libs/audience). */
export { isIsoDate };

/** null for null/undefined (no type yet). Strings are never parsed as numbers: `'007'` is a string. */
export function inferType(value: unknown): FieldType | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? 'number' : 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'string' && isIsoDate(value)) return 'date';
  return 'string';
}

/** Leaves of `data` as `[dottedPath, value]`; non-empty plain objects are descended, empty ones yield nothing. */
export function flattenLeaves(data: JsonObject, prefix = ''): Array<[path: string, value: unknown]> {
  const leaves: Array<[string, unknown]> = [];
  for (const [key, value] of Object.entries(data)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlainObject(value)) leaves.push(...flattenLeaves(value, path));
    else leaves.push([path, value]);
  }
  return leaves;
}

/**
 * Types to record for paths written by a patch that have no type yet. The first non-null value fixes
 * the type; paths already in `existing` are skipped even if the new value has another type.
 */
export function firstTypes(existing: Map<string, FieldType>, persisted: JsonObject): Array<{ key: string; type: FieldType }> {
  const found: Array<{ key: string; type: FieldType }> = [];
  for (const [key, value] of flattenLeaves(persisted)) {
    const type = inferType(value);
    if (type !== null && !existing.has(key)) found.push({ key, type });
  }
  return found;
}
