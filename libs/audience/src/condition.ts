/**
 * The condition language of segments, FILTERED campaign audiences and workflow CONDITION steps,
 * in Plunk's grammar: the grammar as types and as a zod schema of the shape. What a field and an
 * operator mean together, and which values they take, is checked by `validateCondition`
 * (validate.ts); docs/decisions/README.md, "Audience conditions" has the table.
 *
 *   Condition = { logic: AND | OR, groups: [{ filters: [{ field, operator, value?, unit? }], conditions?: Condition }] }
 *
 * A group matches when all its filters and its nested condition match; `logic` joins the groups.
 */
import { z } from 'zod';
import { OPERATORS, TIME_UNITS, type Logic, type Operator, type TimeUnit } from './language';

/** Short spellings accepted on input and stored as the long ones. */
export const OPERATOR_ALIASES = { gt: 'greaterThan', lt: 'lessThan', gte: 'greaterThanOrEqual', lte: 'lessThanOrEqual' } as const satisfies Record<
  string,
  Operator
>;
export type OperatorAlias = keyof typeof OPERATOR_ALIASES;

export const UNIT_SECONDS: Record<TimeUnit, number> = { minutes: 60, hours: 3600, days: 86_400 };

/** As stored: operators in their long form, `value` and `unit` only where the operator takes them. */
export type { Condition, Filter, FilterGroup, FilterValue, Logic } from './language';

/**
 * Caps that keep a hostile condition cheap to validate and to run. Nesting counts condition
 * objects (the top one is depth 1); filters and groups count the whole tree; a referenced
 * DYNAMIC segment's condition is inlined when compiled, and `MAX_COMPILED_FILTERS` caps the
 * filters of the result, `MAX_SEGMENT_DEPTH` the chain of segments referencing segments.
 */
export const LIMITS = {
  MAX_DEPTH: 5,
  MAX_FILTERS: 100,
  MAX_GROUPS: 50,
  MAX_FIELD_LENGTH: 300,
  MAX_STRING_VALUE: 1000,
  MAX_SEGMENT_DEPTH: 5,
  MAX_COMPILED_FILTERS: 500,
  /** The longest duration `within` and its kin take: 100 years. */
  MAX_DURATION_SECONDS: 100 * 365 * 86_400,
} as const;

const ALL_OPERATOR_SPELLINGS = [...OPERATORS, ...(Object.keys(OPERATOR_ALIASES) as OperatorAlias[])] as const;

const operatorSchema = z
  .enum(ALL_OPERATOR_SPELLINGS as unknown as [string, ...string[]], { error: (issue) => `unknown operator ${JSON.stringify(issue.input)}` })
  .transform((op) => (OPERATOR_ALIASES[op as OperatorAlias] ?? op) as Operator);

const filterSchema = z.object({
  field: z.string({ error: 'must be a string' }).min(1, 'must not be empty').max(LIMITS.MAX_FIELD_LENGTH),
  operator: operatorSchema,
  value: z.union([z.string(), z.number(), z.boolean(), z.null()], { error: 'must be a string, a number or a boolean' }).optional(),
  unit: z.enum(TIME_UNITS, { error: 'must be minutes, hours or days' }).nullish(),
});

/** What the zod schema yields before `validateCondition` checks meaning (value may be null). */
export interface ConditionShape {
  logic: Logic;
  groups: Array<{ filters: Array<z.infer<typeof filterSchema>>; conditions?: ConditionShape }>;
}

/**
 * The shape of a condition (types, operator spellings — aliases normalised —, units, array caps).
 * It does not know fields or their types: use `validateCondition` on input, which runs this first.
 * Exported so request schemas (and their OpenAPI descriptions) can name it.
 */
export const conditionSchema: z.ZodType<ConditionShape> = z.lazy(() =>
  z.object({
    logic: z.enum(['AND', 'OR'], { error: 'must be AND or OR' }),
    groups: z
      .array(
        z.object({
          filters: z.array(filterSchema).max(LIMITS.MAX_FILTERS).default([]),
          conditions: conditionSchema.optional(),
        }),
      )
      .min(1, 'must have at least one group')
      .max(LIMITS.MAX_GROUPS),
  }),
);
