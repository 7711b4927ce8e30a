/** Contact field names as used by `/contacts/fields/:field`: standard ones bare, custom ones as `data.<key>`. */
import { isReservedKey } from './data';
import type { FieldType } from './types';

export type StandardFieldName = 'email' | 'subscribed' | 'createdAt' | 'updatedAt';

export type ParsedField = { kind: 'standard'; name: StandardFieldName } | { kind: 'custom'; path: string[] };

export interface FieldDescriptorBase {
  field: string;
  type: FieldType;
  isCustom: boolean;
}

export const STANDARD_FIELDS: ReadonlyArray<FieldDescriptorBase & { field: StandardFieldName; isCustom: false }> = [
  { field: 'email', type: 'string', isCustom: false },
  { field: 'subscribed', type: 'boolean', isCustom: false },
  { field: 'createdAt', type: 'date', isCustom: false },
  { field: 'updatedAt', type: 'date', isCustom: false },
];

const STANDARD_NAMES = new Set<string>(STANDARD_FIELDS.map((f) => f.field));
const CUSTOM_PREFIX = 'data.';

/**
 * `email` etc. are standard; `data.plan`, `data.profile.tier` and bare `plan` / `profile.tier` are
 * custom. Returns null for empty segments, a reserved top-level key, or `__proto__` anywhere.
 * Only the first segment is checked against reserved keys: nested `profile.id` is legal data.
 */
export function parseFieldParam(field: string): ParsedField | null {
  if (STANDARD_NAMES.has(field)) return { kind: 'standard', name: field as StandardFieldName };
  const dotted = field.startsWith(CUSTOM_PREFIX) ? field.slice(CUSTOM_PREFIX.length) : field;
  const path = dotted.split('.');
  if (path.some((segment) => segment === '' || segment === '__proto__')) return null;
  if (isReservedKey(path[0])) return null;
  return { kind: 'custom', path };
}

/** The public name of a custom field path: `data.profile.tier`. */
export function customFieldName(path: readonly string[]): string {
  return CUSTOM_PREFIX + path.join('.');
}
