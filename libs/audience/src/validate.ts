/**
 * Validation of a condition on write: its shape (condition.ts), then what each filter means —
 * the field exists in the language, the operator applies to the field's kind, the value has the
 * type the field and operator need, durations carry a unit. Every problem is reported at once,
 * each at its path (`condition.groups[1].filters[0].value`), as one 422 VALIDATION_ERROR.
 */
import { AppError, FieldError } from '../../kit/src';
import { Condition, ConditionShape, conditionSchema, Filter, FilterGroup, FilterValue, LIMITS, UNIT_SECONDS } from './condition';
import { canonicalField, FieldRef, FieldTypes, FIELD_GRAMMAR, isFieldProblem, isIsoDate, parseField } from './fields';
import { COMPARISONS, DATA_TYPES, DURATION_OPERATORS, FieldKind, NO_VALUE_OPERATORS, Operator, OPERATORS, OPERATORS_BY_KIND, TIME_UNITS } from './language';

export function fieldKind(ref: FieldRef, fieldTypes: FieldTypes): FieldKind {
  switch (ref.kind) {
    case 'standard':
      return ref.type;
    case 'data': {
      const type = fieldTypes.get(ref.key);
      if (type === undefined) return 'data:untyped';
      return (DATA_TYPES as readonly string[]).includes(type) ? (`data:${type}` as FieldKind) : 'data:other';
    }
    case 'event':
      return 'event';
    case 'segment':
      return 'segment';
  }
}

/** A problem with a condition: a field error of the error envelope plus what to do about it. */
export interface ConditionIssue extends FieldError {
  suggestion: string;
}

export interface ValidateOptions {
  /** The project's custom field types (`contacts.fields`: dotted key → type). */
  fieldTypes: FieldTypes;
  /** Where the condition sits in the request, for error paths. Default `condition`. */
  path?: string;
  /** When given, every `segment.<id>` must be one of these (the project's segment ids, lower case). */
  segmentIds?: ReadonlySet<string>;
  /** The segment the condition belongs to, which it may not reference. */
  selfSegmentId?: string;
}

export type CheckResult = { ok: true; condition: Condition } | { ok: false; issues: ConditionIssue[] };

/** Validates and normalises a condition (aliases to long operators, canonical fields); a 422 AppError naming every problem. */
export function validateCondition(input: unknown, opts: ValidateOptions): Condition {
  const r = checkCondition(input, opts);
  if (!r.ok) throw conditionError(r.issues);
  return r.condition;
}

/** The 422 VALIDATION_ERROR for these issues: every one in `errors`, the first one's suggestion. */
export function conditionError(issues: ConditionIssue[]): AppError {
  const errors = issues.map(({ field, message, code }) => ({ field, message, code }));
  const first = issues[0];
  return new AppError({
    code: 'VALIDATION_ERROR',
    status: 422,
    message: issues.length === 1 ? `Invalid ${first.field}: ${first.message}` : `Invalid condition: ${issues.length} problems`,
    errors,
    suggestion: issues.length === 1 ? first.suggestion : `${first.suggestion} Then fix the other problems listed in errors.`,
  });
}

/** Like `validateCondition`, returning the issues instead of throwing. */
export function checkCondition(input: unknown, opts: ValidateOptions): CheckResult {
  const root = opts.path ?? 'condition';
  const tooBig = measure(input, root);
  if (tooBig) return { ok: false, issues: [tooBig] };
  const shape = conditionSchema.safeParse(input);
  if (!shape.success) return { ok: false, issues: shape.error.issues.map((i) => shapeIssue(root, i.path, i.message, i.code)) };
  const issues: ConditionIssue[] = [];
  const condition = checkNode(shape.data, root, opts, issues);
  return issues.length ? { ok: false, issues } : { ok: true, condition };
}

/** `groups[1].filters[0]` from a zod path. */
export function pathOf(root: string, path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((out, part) => (typeof part === 'number' ? `${out}[${part}]` : `${out}.${String(part)}`), root);
}

const SHAPE_SUGGESTIONS: Record<string, string> = {
  logic: 'Set logic to AND or OR.',
  groups: 'Send groups as a list of { filters: [...], conditions? }, at least one.',
  filters: 'Send filters as a list of { field, operator, value?, unit? }.',
  field: FIELD_GRAMMAR,
  operator: `Use one of: ${OPERATORS.join(', ')} (or gt, lt, gte, lte).`,
  value: 'Send value as a string, a number or a boolean, as the field and operator need.',
  unit: `Set unit to ${TIME_UNITS.join(', ')}.`,
  conditions: 'Send a nested condition as { logic, groups }.',
};

/** zod's codes as the error envelope's field codes name them elsewhere (libs/edge maps invalid_format the same way). */
const SHAPE_CODES: Record<string, string> = { invalid_format: 'invalid_string', invalid_union: 'invalid_type' };

function shapeIssue(root: string, path: ReadonlyArray<PropertyKey>, message: string, code: string): ConditionIssue {
  const last = [...path].reverse().find((p) => typeof p === 'string') as string | undefined;
  const suggestion =
    (last && SHAPE_SUGGESTIONS[last]) ?? 'Send the condition as { logic: AND|OR, groups: [{ filters: [{ field, operator, value?, unit? }], conditions? }] }.';
  return { field: pathOf(root, path), message, code: SHAPE_CODES[code] ?? code, suggestion };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The caps on nesting and size, checked on the raw input before anything else walks it: the walk
 * stops at the first excess, so a hostile condition (groups of groups of … ) costs at most the caps.
 */
function measure(input: unknown, root: string): ConditionIssue | undefined {
  let groups = 0;
  let filters = 0;
  const stack: Array<{ node: unknown; depth: number; path: string }> = [{ node: input, depth: 1, path: root }];
  while (stack.length) {
    const { node, depth, path } = stack.pop()!;
    if (!isObject(node) || !Array.isArray(node.groups)) continue; // the shape check reports it
    if (depth > LIMITS.MAX_DEPTH) {
      return {
        field: path,
        message: `conditions nest at most ${LIMITS.MAX_DEPTH} deep`,
        code: 'too_deep',
        suggestion: 'Flatten the condition: AND and OR over groups express the same with less nesting.',
      };
    }
    for (let i = 0; i < node.groups.length; i++) {
      if (++groups > LIMITS.MAX_GROUPS) {
        return {
          field: `${path}.groups`,
          message: `a condition has at most ${LIMITS.MAX_GROUPS} groups in all`,
          code: 'too_big',
          suggestion: 'Split the audience into segments and reference them with segment.<id>.',
        };
      }
      const group = node.groups[i];
      if (!isObject(group)) continue;
      if (Array.isArray(group.filters) && (filters += group.filters.length) > LIMITS.MAX_FILTERS) {
        return {
          field: `${path}.groups[${i}].filters`,
          message: `a condition has at most ${LIMITS.MAX_FILTERS} filters in all`,
          code: 'too_big',
          suggestion: 'Split the audience into segments and reference them with segment.<id>.',
        };
      }
      if (group.conditions !== undefined) stack.push({ node: group.conditions, depth: depth + 1, path: `${path}.groups[${i}].conditions` });
    }
  }
  return undefined;
}

function checkNode(node: ConditionShape, path: string, opts: ValidateOptions, issues: ConditionIssue[]): Condition {
  const groups = node.groups.map((g, i): FilterGroup => {
    const gpath = `${path}.groups[${i}]`;
    if (g.filters.length === 0 && !g.conditions) {
      issues.push({
        field: gpath,
        message: 'a group needs at least one filter or a nested condition',
        code: 'too_small',
        suggestion: 'Add a filter to the group, or remove the group.',
      });
    }
    const filters = g.filters.flatMap((f, j) => checkFilter(f, `${gpath}.filters[${j}]`, opts, issues) ?? []);
    return g.conditions ? { filters, conditions: checkNode(g.conditions, `${gpath}.conditions`, opts, issues) } : { filters };
  });
  return { logic: node.logic, groups };
}

type FilterShape = ConditionShape['groups'][number]['filters'][number];

function checkFilter(f: FilterShape, path: string, opts: ValidateOptions, issues: ConditionIssue[]): Filter | undefined {
  const issue = (part: 'field' | 'operator' | 'value' | 'unit', code: string, message: string, suggestion: string) => {
    issues.push({ field: `${path}.${part}`, message, code, suggestion });
    return undefined;
  };
  const ref = parseField(f.field);
  if (isFieldProblem(ref)) return issue('field', 'invalid_field', ref.message, ref.suggestion);
  const field = canonicalField(ref);
  const kind = fieldKind(ref, opts.fieldTypes);
  const op = f.operator;
  if (!OPERATORS_BY_KIND[kind].includes(op)) {
    return issue(
      'operator',
      'invalid_operator',
      `${op} does not apply to ${field} (${describe(kind)})`,
      `For ${field} use one of: ${OPERATORS_BY_KIND[kind].join(', ')}.`,
    );
  }
  if (ref.kind === 'segment') {
    if (opts.selfSegmentId && ref.id === opts.selfSegmentId.toLowerCase()) {
      return issue('field', 'self_reference', 'a segment cannot reference itself', 'Remove the filter on this segment, or reference another segment.');
    }
    if (opts.segmentIds && !opts.segmentIds.has(ref.id)) {
      return issue(
        'field',
        'unknown_segment',
        `no segment ${ref.id} in this project`,
        'Reference a segment of this project by its id (GET /segments lists them).',
      );
    }
  }

  const value = f.value ?? undefined;
  const unit = f.unit ?? undefined;
  const before = issues.length;
  const duration = DURATION_OPERATORS.has(op);
  if (duration && unit === undefined)
    issue('unit', 'missing_unit', `${op} needs a unit`, `Add unit: ${TIME_UNITS.join(', ')} (e.g. { "value": 7, "unit": "days" }).`);
  if (!duration && unit !== undefined)
    issue('unit', 'unexpected_unit', `${op} takes no unit`, `Remove unit: only ${[...DURATION_OPERATORS].join(', ')} take one.`);

  if (NO_VALUE_OPERATORS.has(op)) {
    if (value !== undefined)
      issue(
        'value',
        'unexpected_value',
        `${op} takes no value`,
        `Remove value: ${op} only asks whether the contact ${op.includes('Segment') ? 'is a member' : op.includes('riggered') ? 'triggered the event' : 'has the field'}.`,
      );
  } else if (value === undefined) {
    issue('value', 'missing_value', `${op} needs a value`, expected(kind, op, field, unit));
  } else {
    const problem = valueProblem(kind, op, value, unit);
    if (problem) issue('value', problem.code, problem.message, expected(kind, op, field, unit));
  }
  if (issues.length > before) return undefined;
  return { field, operator: op, ...(NO_VALUE_OPERATORS.has(op) ? {} : { value }), ...(duration ? { unit } : {}) };
}

function describe(kind: FieldKind): string {
  if (kind === 'event') return 'an event';
  if (kind === 'segment') return 'a segment';
  if (kind === 'data:untyped') return 'a custom field with no type yet';
  if (kind === 'data:other') return 'a custom field of a type conditions cannot compare';
  return `a ${kind.replace('data:', '')} field`;
}

/** What a value must be for this field kind and operator, as a suggestion. */
function expected(kind: FieldKind, op: Operator, field: string, unit: string | undefined): string {
  if (DURATION_OPERATORS.has(op)) return `Send value as a whole number of ${unit ?? 'units'} of at least 1, e.g. { "value": 7, "unit": "days" }.`;
  if (kind === 'event') return `Send value as a whole number of times, at least 0: ${field} ${op} 3 compares how many times the event happened.`;
  switch (kind) {
    case 'string':
    case 'data:string':
      return `${field} is a string field: send a non-empty string of at most ${LIMITS.MAX_STRING_VALUE} characters, e.g. "pro".`;
    case 'data:number':
      return `${field} is a number field: send a number without quotes, e.g. 30.`;
    case 'boolean':
    case 'data:boolean':
      return `${field} is a boolean field: send true or false without quotes.`;
    case 'date':
    case 'data:date':
      return `${field} is a date field: send an ISO 8601 date, YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS[.sss]Z.`;
    default:
      return COMPARISONS.includes(op)
        ? `Send a number (e.g. 30) or an ISO 8601 date (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS[.sss]Z).`
        : op === 'contains' || op === 'notContains'
          ? 'Send a non-empty string.'
          : 'Send a non-empty string, a number or a boolean.';
  }
}

function valueProblem(kind: FieldKind, op: Operator, value: FilterValue, unit: string | undefined): { code: string; message: string } | undefined {
  const type = (message: string) => ({ code: 'invalid_type', message });
  const range = (message: string) => ({ code: 'invalid_value', message });
  if (DURATION_OPERATORS.has(op)) {
    if (typeof value !== 'number') return type('must be a number');
    if (!Number.isInteger(value) || value < 1) return range('must be a whole number of at least 1');
    const max = Math.floor(LIMITS.MAX_DURATION_SECONDS / UNIT_SECONDS[(unit ?? 'days') as keyof typeof UNIT_SECONDS]);
    if (value > max) return range(`must be at most ${max} ${unit ?? 'days'} (100 years)`);
    return undefined;
  }
  if (kind === 'event') {
    if (typeof value !== 'number') return type('must be a number (a count of events)');
    if (!Number.isSafeInteger(value) || value < 0) return range('must be a whole number of at least 0');
    return undefined;
  }
  const stringProblem = () => {
    if (typeof value !== 'string') return type('must be a string');
    if (value === '') return range('must not be empty (empty strings are never stored)');
    if (value.length > LIMITS.MAX_STRING_VALUE) return range(`must be at most ${LIMITS.MAX_STRING_VALUE} characters`);
    return undefined;
  };
  const dateProblem = () =>
    typeof value === 'string' && isIsoDate(value) ? undefined : type('must be an ISO 8601 date (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS[.sss]Z)');
  switch (kind) {
    case 'string':
    case 'data:string':
      return stringProblem();
    case 'data:number':
      return typeof value === 'number' ? undefined : type('must be a number');
    case 'boolean':
    case 'data:boolean':
      return typeof value === 'boolean' ? undefined : type('must be a boolean');
    case 'date':
    case 'data:date':
      return dateProblem();
    case 'data:untyped':
      if (op === 'contains' || op === 'notContains') return stringProblem();
      if (COMPARISONS.includes(op)) return typeof value === 'number' ? undefined : dateProblem() && type('must be a number or an ISO 8601 date');
      return typeof value === 'string' ? stringProblem() : undefined;
    default:
      return type(`${op} takes no value here`);
  }
}
