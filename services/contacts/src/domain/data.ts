/**
 * Patch semantics for a contact's custom `data` (contact create and update, /v1/track, /v1/send).
 * The rules, by the numbers the tests name them with:
 * 1. `data` is patched: only the keys sent change; the others keep their values.
 * 2. A string, number or boolean is stored as given.
 * 3. A plain object is stored as nested data (templates reach it by dotted name).
 * 4. `null` deletes the key.
 * 5. An empty string is ignored: it never overwrites a value.
 * 6. `{ value, persistent: false }` is used for this request only and never stored.
 * 7. Reserved keys are dropped silently, without an error ({@link RESERVED_KEYS}).
 * 8. `locale` is stored like any other key.
 * 9. The first non-null value of a key fixes the field's type in the project (domain/types.ts);
 *    a value of another type is still stored.
 *
 * Decisions beyond these rules:
 * - Top-level rules (reserved keys, `null` deletes, `''` ignored, `{ value, persistent }` wrappers)
 *   apply to the keys of the patch itself.
 * - A plain-object value replaces the key's stored value (no deep merge). Inside it, `null` and `''`
 *   leaves are removed, recursively, since neither carries a value; everything else — including
 *   nested keys named like reserved ones and nested `{ value, persistent }` shapes — is stored as given.
 * - Arrays are stored as given (contents untouched); for typing they are a single `string` leaf.
 * - `__proto__` keys are dropped at every level so a patch can never touch an object's prototype.
 */
import { AppError } from '../../../../libs/kit/src';

export type JsonObject = Record<string, unknown>;

/** Rule 7's reserved keys: the brand-prefixed ones spelled out for both Plunk and Herald, plus the neutral `svc_`. */
export const RESERVED_KEYS = [
  'id',
  'email',
  'unsubscribeUrl',
  'subscribeUrl',
  'manageUrl',
  'plunk_id',
  'plunk_email',
  'herald_id',
  'herald_email',
  'svc_id',
  'svc_email',
] as const;

const RESERVED = new Set<string>(RESERVED_KEYS);
const UNSAFE_KEY = '__proto__';

/**
 * Keys one contact's `data` may hold per object (docs/decisions/README.md, "Hostile JSON"): its top level,
 * after a write merges, and each nested object. Each key is a custom field of the project, so
 * this also bounds how fast a project's fields grow.
 */
export const MAX_DATA_KEYS = 500;

/** Characters of one string value in `data`: large values are a use (a document, an HTML block), up to this. */
export const MAX_DATA_STRING = 2 * 1024 * 1024;

/**
 * A project's custom fields in all (`contacts.fields`, one per leaf key ever written): a write,
 * import or track that would add fields past it is refused, so no project grows a field list
 * its readers (GET /contacts/fields, segment and workflow editors) cannot serve.
 */
export const MAX_PROJECT_FIELDS = 2000;

/** The 422 of a write whose new fields do not fit in the project's (null when they fit). */
export function fieldBudgetError(total: number, added: string[]): AppError | null {
  if (!added.length || total + added.length <= MAX_PROJECT_FIELDS) return null;
  const named = added.slice(0, 5).join(', ') + (added.length > 5 ? ', …' : '');
  return new AppError({
    code: 'VALIDATION_ERROR',
    status: 422,
    message: `A project holds at most ${MAX_PROJECT_FIELDS} custom fields: it has ${total}, and this would add ${added.length} (${named})`,
    errors: [{ field: 'data', message: `would add ${added.length} custom fields past the project's limit of ${MAX_PROJECT_FIELDS}`, code: 'too_many_fields' }],
    suggestion: 'Store these values under keys the project has already, or delete fields it no longer uses (DELETE /contacts/fields/:field).',
  });
}

export function isReservedKey(key: string): boolean {
  return RESERVED.has(key);
}

export class DataValidationError extends Error {
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.name = 'DataValidationError';
    this.field = field;
  }
}

export interface DataPatchResult {
  /** The new stored data (a fresh object; `current` is not mutated). */
  data: JsonObject;
  /** True when `data` differs from `current`. */
  changed: boolean;
  /** `{ value, persistent: false }` values: usable for this request only, never stored. */
  transient: JsonObject;
  /** Every key written by this patch with its stored value, changed or not (feeds type inference). */
  persisted: JsonObject;
  /** Keys removed by `null`. */
  deleted: string[];
  /** Keys the patch sets to `null`, present in `current` or not (what to remove from any stored data). */
  nulls: string[];
}

export function isPlainObject(value: unknown): value is JsonObject {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function applyDataPatch(current: JsonObject, patch: unknown): DataPatchResult {
  const data: JsonObject = { ...current };
  const result: DataPatchResult = { data, changed: false, transient: {}, persisted: {}, deleted: [], nulls: [] };
  if (patch === undefined || patch === null) return result;
  if (!isPlainObject(patch)) throw new DataValidationError('data', 'data must be an object');
  if (Object.keys(patch).length > MAX_DATA_KEYS) throw new DataValidationError('data', `data must have at most ${MAX_DATA_KEYS} keys`);

  for (const [key, raw] of Object.entries(patch)) {
    if (isReservedKey(key) || key === UNSAFE_KEY || raw === undefined) continue;

    const wrapper = asPersistenceWrapper(raw);
    if (wrapper && !wrapper.persistent) {
      result.transient[key] = wrapper.value;
      continue;
    }
    const value = wrapper ? wrapper.value : raw;

    if (value === null) {
      result.nulls.push(key);
      if (Object.prototype.hasOwnProperty.call(data, key)) {
        delete data[key];
        result.deleted.push(key);
        result.changed = true;
      }
      continue;
    }
    if (value === '') continue;

    const stored = toStorable(value, `data.${key}`);
    if (!deepEqual(data[key], stored)) result.changed = true;
    data[key] = stored;
    result.persisted[key] = stored;
  }
  if (Object.keys(data).length > MAX_DATA_KEYS) {
    throw new DataValidationError(
      'data',
      `a contact's data holds at most ${MAX_DATA_KEYS} keys (this write would make ${Object.keys(data).length}; set some to null to remove them)`,
    );
  }
  return result;
}

/** Values a template sees: stored data overlaid with this request's transient values. */
export function mergeForRender(stored: JsonObject, transient: JsonObject): JsonObject {
  return { ...stored, ...transient };
}

/** Matches exactly `{ value, persistent: boolean }`; any extra or missing key makes it ordinary data. */
function asPersistenceWrapper(raw: unknown): { value: unknown; persistent: boolean } | null {
  if (!isPlainObject(raw)) return null;
  const keys = Object.keys(raw);
  if (keys.length !== 2 || !('value' in raw) || typeof raw.persistent !== 'boolean') return null;
  return { value: raw.value, persistent: raw.persistent };
}

function toStorable(value: unknown, field: string): unknown {
  switch (typeof value) {
    case 'string':
      if (value.length > MAX_DATA_STRING) throw new DataValidationError(field, `must be at most ${MAX_DATA_STRING} characters (2 Mi)`);
      return value;
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw new DataValidationError(field, 'number must be finite');
      return value;
    case 'object':
      if (Array.isArray(value)) return value;
      if (isPlainObject(value)) return withoutEmptyLeaves(value, field);
      break;
  }
  throw new DataValidationError(field, 'value must be a string, number, boolean, object, array or null');
}

function withoutEmptyLeaves(obj: JsonObject, field: string): JsonObject {
  if (Object.keys(obj).length > MAX_DATA_KEYS) throw new DataValidationError(field, `objects in data have at most ${MAX_DATA_KEYS} keys`);
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(obj)) {
    if (value === null || value === '' || value === undefined || key === UNSAFE_KEY) continue;
    out[key] = toStorable(value, `${field}.${key}`);
  }
  return out;
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k]));
  }
  return false;
}
