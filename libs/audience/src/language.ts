/**
 * The condition language's vocabulary and shape: its operators, its time units, the email activities, the
 * kinds of field and which operators each kind takes. Plain data with no imports, so the dashboard's condition builder
 * offers exactly what the API accepts (it imports this file; validate.ts judges with it).
 */

export const OPERATORS = [
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
  'within',
  'olderThan',
  'triggered',
  'triggeredWithin',
  'triggeredOlderThan',
  'notTriggered',
  'notTriggeredWithin',
  'memberOfSegment',
  'notMemberOfSegment',
] as const;
export type Operator = (typeof OPERATORS)[number];

export const TIME_UNITS = ['minutes', 'hours', 'days'] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

/** The operators that take a duration (`value` N with `unit`): "in the last N units" and the like. */
export const DURATION_OPERATORS: ReadonlySet<Operator> = new Set(['within', 'olderThan', 'triggeredWithin', 'triggeredOlderThan', 'notTriggeredWithin']);

/** The operators that take no value: they ask whether something is there. */
export const NO_VALUE_OPERATORS: ReadonlySet<Operator> = new Set(['exists', 'notExists', 'triggered', 'notTriggered', 'memberOfSegment', 'notMemberOfSegment']);

export type Logic = 'AND' | 'OR';
export type FilterValue = string | number | boolean;

/**
 * A condition's shape (condition.ts has its grammar). `Op` is the operator's type: the stored
 * long form by default; the dashboard's builder uses `string`, since a filter being edited may
 * hold none yet.
 */
export interface Filter<Op extends string = Operator> {
  field: string;
  operator: Op;
  value?: FilterValue;
  unit?: TimeUnit;
}

export interface FilterGroup<Op extends string = Operator> {
  filters: Filter<Op>[];
  conditions?: Condition<Op>;
}

export interface Condition<Op extends string = Operator> {
  logic: Logic;
  groups: FilterGroup<Op>[];
}

/** The value types of custom fields, as contacts records them in `contacts.fields`. */
export type DataType = 'string' | 'number' | 'boolean' | 'date';
export const DATA_TYPES: readonly DataType[] = ['string', 'number', 'boolean', 'date'];

/**
 * The email activities a condition can ask about (`email.<status>`). `human_opened` and
 * `human_clicked`: opened or clicked by a person (machines — Apple Mail Privacy Protection, image
 * proxies, link scanners, prefetches — left out; docs/deliverability.md).
 */
export const EMAIL_STATUSES = ['sent', 'delivered', 'opened', 'clicked', 'bounced', 'complained', 'human_opened', 'human_clicked'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/**
 * The kinds of field, for what operators they take. `data:untyped` is a custom field the project
 * has no type for (never set yet, or deleted): it takes any custom-field operator, and the value
 * decides; `data:other` one whose recorded type this library does not know: only (not)exists.
 */
export type FieldKind = 'string' | 'boolean' | 'date' | `data:${DataType}` | 'data:untyped' | 'data:other' | 'event' | 'segment';

/** The operators that compare by order: numbers, dates, event counts. */
export const COMPARISONS: readonly Operator[] = ['greaterThan', 'lessThan', 'greaterThanOrEqual', 'lessThanOrEqual'];
const PRESENCE: Operator[] = ['exists', 'notExists'];
const STRING_OPS: Operator[] = ['equals', 'notEquals', 'contains', 'notContains'];
const DATE_OPS: Operator[] = ['equals', 'notEquals', ...COMPARISONS, 'within', 'olderThan'];

/** Which operators apply to which kind of field (docs/decisions/README.md, "Audience conditions" has it as a table). */
export const OPERATORS_BY_KIND: Record<FieldKind, readonly Operator[]> = {
  string: STRING_OPS,
  boolean: ['equals', 'notEquals'],
  date: DATE_OPS,
  'data:string': [...STRING_OPS, ...PRESENCE],
  'data:number': ['equals', 'notEquals', ...COMPARISONS, ...PRESENCE],
  'data:boolean': ['equals', 'notEquals', ...PRESENCE],
  'data:date': [...DATE_OPS, ...PRESENCE],
  'data:untyped': [...STRING_OPS, ...COMPARISONS, 'within', 'olderThan', ...PRESENCE],
  'data:other': PRESENCE,
  event: ['triggered', 'notTriggered', 'triggeredWithin', 'triggeredOlderThan', 'notTriggeredWithin', 'equals', 'notEquals', ...COMPARISONS],
  segment: ['memberOfSegment', 'notMemberOfSegment'],
};
