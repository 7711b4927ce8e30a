/**
 * CONDITION steps. A step's `field` is either the audience language's (contact data, standard
 * fields, `event.<name>`, `email.<activity>`, `segment.<id>` — contacts validates and matches
 * those: libs/audience) or `context.<key>`, a variable of the execution's context, decided here.
 * Two-way steps take the `yes` or `no` branch; multi-branch steps the first branch whose operator
 * and value match, else `default`.
 */
import type { FieldError } from '../../../../libs/kit/src';
import type { ConditionConfig } from './workflow';

export const CONTEXT_PREFIX = 'context.';
export const CONTEXT_OPERATORS = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'greaterThan',
  'lessThan',
  'greaterThanOrEqual',
  'lessThanOrEqual',
  'exists',
  'notExists',
] as const;
const ALIASES: Record<string, string> = { gt: 'greaterThan', lt: 'lessThan', gte: 'greaterThanOrEqual', lte: 'lessThanOrEqual' };

/** One test a CONDITION step makes, with the branch it stands for. */
export interface ConditionTest {
  branch: string;
  filter: { field: string; operator: string; value?: string | number | boolean; unit?: string };
}

/** The tests of a step, in the order they decide (multi: branch order). */
export function conditionTests(config: ConditionConfig): ConditionTest[] {
  const clean = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as T;
  const field = config.humanOnly ? humanField(config.field) : config.field;
  if (config.mode === 'multi') {
    return config.branches.map((b) => ({
      branch: b.id,
      filter: clean({ field, operator: b.operator, value: b.value ?? undefined, unit: b.unit ?? undefined }),
    }));
  }
  return [{ branch: 'yes', filter: clean({ field, operator: config.operator, value: config.value ?? undefined, unit: config.unit ?? undefined }) }];
}

/** `humanOnly` on email.opened and email.clicked (and their short forms): what a person did; other fields stay. */
export function humanField(field: string): string {
  const m = /^email\.(open|opened|click|clicked)$/i.exec(field.trim());
  return m ? `email.human_${m[1].toLowerCase().startsWith('open') ? 'opened' : 'clicked'}` : field;
}

export const isContextField = (field: string) => field.startsWith(CONTEXT_PREFIX) && field.length > CONTEXT_PREFIX.length;

/** A test as a condition of the audience language (for contacts' CheckCondition and MatchContact). */
export const audienceCondition = (t: ConditionTest) => ({ logic: 'AND', groups: [{ filters: [t.filter] }] });

/** Problems of a `context.*` test: the operator and whether it needs a value. */
export function contextTestErrors(t: ConditionTest, path: string): FieldError[] {
  const op = ALIASES[t.filter.operator] ?? t.filter.operator;
  if (!(CONTEXT_OPERATORS as readonly string[]).includes(op)) {
    return [{ field: `${path}.operator`, message: `must be one of ${CONTEXT_OPERATORS.join(', ')} for a context field`, code: 'invalid_enum_value' }];
  }
  if (op !== 'exists' && op !== 'notExists' && t.filter.value === undefined)
    return [{ field: `${path}.value`, message: `${op} needs a value`, code: 'required' }];
  return [];
}

/** Whether the execution's context passes a `context.*` test. */
export function contextMatches(context: Record<string, unknown>, t: ConditionTest): boolean {
  const op = ALIASES[t.filter.operator] ?? t.filter.operator;
  let actual: unknown = context;
  for (const key of t.filter.field.slice(CONTEXT_PREFIX.length).split('.')) {
    actual =
      actual !== null && typeof actual === 'object' && Object.prototype.hasOwnProperty.call(actual, key) ? (actual as Record<string, unknown>)[key] : undefined;
  }
  const expected = t.filter.value;
  const present = actual !== undefined && actual !== null;
  switch (op) {
    case 'exists':
      return present;
    case 'notExists':
      return !present;
    case 'equals':
      return present && String(actual) === String(expected);
    case 'notEquals':
      return !present || String(actual) !== String(expected);
    case 'contains':
      return present && String(actual).toLowerCase().includes(String(expected).toLowerCase());
    case 'notContains':
      return !present || !String(actual).toLowerCase().includes(String(expected).toLowerCase());
  }
  if (!present) return false;
  const [a, b] = typeof actual === 'number' || typeof expected === 'number' ? [Number(actual), Number(expected)] : [String(actual), String(expected)];
  if (typeof a === 'number' && (Number.isNaN(a) || Number.isNaN(b as number))) return false;
  switch (op) {
    case 'greaterThan':
      return a > b;
    case 'lessThan':
      return a < b;
    case 'greaterThanOrEqual':
      return a >= b;
    case 'lessThanOrEqual':
      return a <= b;
  }
  return false;
}

/** The branch a step takes, given whether each of its tests matched. */
export function decideBranch(config: ConditionConfig, tests: ConditionTest[], matched: boolean[]): string {
  const i = matched.findIndex(Boolean);
  if (config.mode === 'multi') return i >= 0 ? tests[i].branch : 'default';
  return matched[0] ? 'yes' : 'no';
}
