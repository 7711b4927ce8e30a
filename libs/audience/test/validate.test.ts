/**
 * Unit tests of condition validation: every operator against every kind of field, the values
 * each takes (missing, empty, of the wrong type), units, alias normalisation, the limits, and the
 * 422 envelope with the failing filter's path.
 */
import { AppError } from '../../kit/src';
import { checkCondition, Condition, ConditionIssue, LIMITS, OPERATORS, validateCondition } from '../src';

const SEGMENT = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
const OTHER_SEGMENT = '0190a1b2-c3d4-7e5f-8a9b-000000000001';

/** A project's custom field types: one of each kind, one of a type conditions cannot compare. */
const fieldTypes = new Map<string, string>([
  ['plan', 'string'],
  ['profile.tier', 'string'],
  ['age', 'number'],
  ['vip', 'boolean'],
  ['renewal', 'date'],
  ['tags', 'list'],
]);

/** One field of each kind, and the operators it takes — written out here, not read from the library. */
const ALLOWED: Record<string, string[]> = {
  email: ['equals', 'notEquals', 'contains', 'notContains'],
  subscribed: ['equals', 'notEquals'],
  createdAt: ['equals', 'notEquals', 'greaterThan', 'lessThan', 'greaterThanOrEqual', 'lessThanOrEqual', 'within', 'olderThan'],
  updatedAt: ['equals', 'notEquals', 'greaterThan', 'lessThan', 'greaterThanOrEqual', 'lessThanOrEqual', 'within', 'olderThan'],
  'data.plan': ['equals', 'notEquals', 'contains', 'notContains', 'exists', 'notExists'],
  'data.profile.tier': ['equals', 'notEquals', 'contains', 'notContains', 'exists', 'notExists'],
  'data.age': ['equals', 'notEquals', 'greaterThan', 'lessThan', 'greaterThanOrEqual', 'lessThanOrEqual', 'exists', 'notExists'],
  'data.vip': ['equals', 'notEquals', 'exists', 'notExists'],
  'data.renewal': ['equals', 'notEquals', 'greaterThan', 'lessThan', 'greaterThanOrEqual', 'lessThanOrEqual', 'within', 'olderThan', 'exists', 'notExists'],
  'data.unseen': [
    'equals',
    'notEquals',
    'contains',
    'notContains',
    'greaterThan',
    'lessThan',
    'greaterThanOrEqual',
    'lessThanOrEqual',
    'within',
    'olderThan',
    'exists',
    'notExists',
  ],
  'data.tags': ['exists', 'notExists'],
  'event.signup': [
    'triggered',
    'notTriggered',
    'triggeredWithin',
    'triggeredOlderThan',
    'notTriggeredWithin',
    'equals',
    'notEquals',
    'greaterThan',
    'lessThan',
    'greaterThanOrEqual',
    'lessThanOrEqual',
  ],
  'email.opened': [
    'triggered',
    'notTriggered',
    'triggeredWithin',
    'triggeredOlderThan',
    'notTriggeredWithin',
    'equals',
    'notEquals',
    'greaterThan',
    'lessThan',
    'greaterThanOrEqual',
    'lessThanOrEqual',
  ],
  [`segment.${SEGMENT}`]: ['memberOfSegment', 'notMemberOfSegment'],
};

const DURATION = ['within', 'olderThan', 'triggeredWithin', 'triggeredOlderThan', 'notTriggeredWithin'];
const NO_VALUE = ['exists', 'notExists', 'triggered', 'notTriggered', 'memberOfSegment', 'notMemberOfSegment'];
const ORDER = ['greaterThan', 'lessThan', 'greaterThanOrEqual', 'lessThanOrEqual'];

/** A value the field and operator accept, and values of the wrong type. */
function values(field: string, op: string): { good: Record<string, unknown>; bad: unknown[] } {
  if (DURATION.includes(op)) return { good: { value: 7, unit: 'days' }, bad: ['7', true, 0, -1, 1.5] };
  if (NO_VALUE.includes(op)) return { good: {}, bad: [] };
  if (field.startsWith('event.') || field.startsWith('email.')) return { good: { value: 3 }, bad: ['3', true, -1, 1.5] };
  if (field === 'email' || field === 'data.plan' || field === 'data.profile.tier') return { good: { value: 'pro' }, bad: [30, true, ''] };
  if (field === 'subscribed' || field === 'data.vip') return { good: { value: true }, bad: ['true', 1] };
  if (field === 'data.age') return { good: { value: 30 }, bad: ['30', true] };
  if (field === 'createdAt' || field === 'updatedAt' || field === 'data.renewal') {
    return { good: { value: '2026-05-06' }, bad: ['05/06/2026', '2026-02-30', '2026-05-06T10:00:00+02:00', 20260506, true] };
  }
  // data.unseen: no type yet — the value decides, within what the operator can compare.
  if (op === 'contains' || op === 'notContains') return { good: { value: 'pro' }, bad: [5, true, ''] };
  if (ORDER.includes(op)) return { good: { value: 30 }, bad: ['abc', true, '2026-13-01'] };
  return { good: { value: 'pro' }, bad: [''] };
}

const one = (filter: Record<string, unknown>) => ({ logic: 'AND', groups: [{ filters: [filter] }] });
const check = (input: unknown, opts: Partial<Parameters<typeof checkCondition>[1]> = {}) => checkCondition(input, { fieldTypes, ...opts });
const issuesOf = (input: unknown, opts: Partial<Parameters<typeof checkCondition>[1]> = {}): ConditionIssue[] => {
  const r = check(input, opts);
  if (r.ok) throw new Error(`expected issues, got a valid condition: ${JSON.stringify(r.condition)}`);
  return r.issues;
};
const P = 'condition.groups[0].filters[0]';

describe('every operator against every kind of field', () => {
  for (const [field, allowed] of Object.entries(ALLOWED)) {
    for (const op of OPERATORS) {
      if (!allowed.includes(op)) {
        it(`${field} refuses ${op}, naming the operators it takes`, () => {
          const [issue] = issuesOf(one({ field, operator: op, ...values(field, op).good }));
          expect(issue).toMatchObject({ field: `${P}.operator`, code: 'invalid_operator' });
          expect(issue.suggestion).toContain(allowed.join(', '));
        });
        continue;
      }
      const { good, bad } = values(field, op);
      it(`${field} ${op}: accepts ${JSON.stringify(good)}; refuses a missing or mistyped value and a wrong unit`, () => {
        const r = check(one({ field, operator: op, ...good }));
        expect(r).toEqual({ ok: true, condition: { logic: 'AND', groups: [{ filters: [{ field, operator: op, ...good }] }] } });

        for (const value of bad) {
          const issues = issuesOf(one({ field, operator: op, ...good, value }));
          expect({ value, issues: issues.map((i) => [i.field, i.code]) }).toEqual({
            value,
            issues: [[`${P}.value`, expect.stringMatching(/^invalid_(type|value)$/)]],
          });
        }
        if (NO_VALUE.includes(op)) {
          // null stands for "no value" (forms send it); anything else is refused.
          expect(check(one({ field, operator: op, value: null }))).toMatchObject({ ok: true, condition: { groups: [{ filters: [{ field, operator: op }] }] } });
          expect(issuesOf(one({ field, operator: op, value: 'x' })).map((i) => [i.field, i.code])).toEqual([[`${P}.value`, 'unexpected_value']]);
        } else {
          for (const missing of [{}, { value: null }]) {
            const issues = issuesOf(one({ field, operator: op, ...good, value: undefined, ...missing }));
            expect(issues.map((i) => [i.field, i.code])).toEqual([[`${P}.value`, 'missing_value']]);
          }
        }
        if (DURATION.includes(op)) {
          expect(issuesOf(one({ field, operator: op, value: 7 })).map((i) => [i.field, i.code])).toEqual([[`${P}.unit`, 'missing_unit']]);
          expect(issuesOf(one({ field, operator: op, value: 7, unit: 'weeks' })).map((i) => [i.field, i.code])).toEqual([[`${P}.unit`, 'invalid_value']]);
          expect(issuesOf(one({ field, operator: op, value: 36_501, unit: 'days' })).map((i) => [i.field, i.code])).toEqual([[`${P}.value`, 'invalid_value']]);
          expect(check(one({ field, operator: op, value: 36_500, unit: 'days' })).ok).toBe(true);
        } else {
          expect(issuesOf(one({ field, operator: op, ...good, unit: 'days' })).map((i) => [i.field, i.code])).toEqual([[`${P}.unit`, 'unexpected_unit']]);
        }
      });
    }
  }

  it('the table above covers every operator and every kind of field', () => {
    const used = new Set(Object.values(ALLOWED).flat());
    expect([...used].sort()).toEqual([...OPERATORS].sort());
  });
});

describe('values', () => {
  it('takes dates of every precision, and numbers of any size and sign for number fields', () => {
    for (const value of ['2024-02-29', '2026-05-06T10:00:00Z', '2026-05-06T10:00:00.123Z', '0001-01-01', '9999-12-31T23:59:59.999Z']) {
      expect({ value, ok: check(one({ field: 'createdAt', operator: 'lessThan', value })).ok }).toEqual({ value, ok: true });
    }
    for (const value of ['2023-02-29', '2026-04-31', '0000-01-01', '2026-05-06T24:00:00Z', '2026-05-06T10:00Z', '2026-05-06 10:00:00Z']) {
      expect({ value, ok: check(one({ field: 'data.renewal', operator: 'equals', value })).ok }).toEqual({ value, ok: false });
    }
    for (const value of [-3, 0, 0.5, 1e21]) expect(check(one({ field: 'data.age', operator: 'greaterThan', value })).ok).toBe(true);
  });

  it('keeps strings as sent, up to the length cap', () => {
    const value = ' Pro ' + 'x'.repeat(LIMITS.MAX_STRING_VALUE - 5);
    expect(check(one({ field: 'data.plan', operator: 'equals', value }))).toMatchObject({ ok: true, condition: { groups: [{ filters: [{ value }] }] } });
    expect(issuesOf(one({ field: 'data.plan', operator: 'equals', value: value + 'x' }))[0]).toMatchObject({ field: `${P}.value`, code: 'invalid_value' });
  });

  it('a value of another type for a typed custom field names the type in the suggestion', () => {
    const [issue] = issuesOf(one({ field: 'data.age', operator: 'equals', value: '30' }));
    expect(issue).toMatchObject({ field: `${P}.value`, code: 'invalid_type', message: 'must be a number' });
    expect(issue.suggestion).toMatch(/data\.age is a number field/);
    expect(issuesOf(one({ field: 'data.plan', operator: 'equals', value: 30 }))[0].suggestion).toMatch(/data\.plan is a string field/);
  });

  it('refuses values that are not primitives', () => {
    for (const value of [[1], { a: 1 }]) {
      expect(issuesOf(one({ field: 'data.plan', operator: 'equals', value })).map((i) => [i.field, i.code])).toEqual([[`${P}.value`, 'invalid_type']]);
    }
  });
});

describe('normalisation', () => {
  it('stores gt, lt, gte and lte as the long operators', () => {
    const r = check({
      logic: 'OR',
      groups: [{ filters: ['gt', 'lt', 'gte', 'lte'].map((operator) => ({ field: 'data.age', operator, value: 1 })) }],
    });
    expect(r).toEqual({
      ok: true,
      condition: {
        logic: 'OR',
        groups: [
          { filters: ['greaterThan', 'lessThan', 'greaterThanOrEqual', 'lessThanOrEqual'].map((operator) => ({ field: 'data.age', operator, value: 1 })) },
        ],
      },
    });
  });

  it("stores Plunk's email activity spellings and upper-case segment ids as the canonical ones", () => {
    const r = check({
      logic: 'AND',
      groups: [
        {
          filters: [
            { field: 'email.open', operator: 'triggered' },
            { field: 'email.click', operator: 'triggered' },
            { field: 'email.bounce', operator: 'triggered' },
            { field: 'email.complaint', operator: 'triggered' },
            { field: 'email.delivery', operator: 'triggered' },
            { field: `segment.${SEGMENT.toUpperCase()}`, operator: 'memberOfSegment' },
          ],
        },
      ],
    });
    expect(r.ok && r.condition.groups[0].filters.map((f) => f.field)).toEqual([
      'email.opened',
      'email.clicked',
      'email.bounced',
      'email.complained',
      'email.delivered',
      `segment.${SEGMENT}`,
    ]);
  });

  it('drops what an operator does not use (a null value, a null unit) and keys the language does not know', () => {
    const r = check(one({ field: 'data.plan', operator: 'exists', value: null, unit: null, id: 'row-1' }));
    expect(r).toEqual({ ok: true, condition: { logic: 'AND', groups: [{ filters: [{ field: 'data.plan', operator: 'exists' }] }] } });
  });

  it('takes a group without filters when it has a nested condition', () => {
    const nested = { logic: 'OR', groups: [{ filters: [{ field: 'subscribed', operator: 'equals', value: true }] }] };
    expect(check({ logic: 'AND', groups: [{ conditions: nested }] })).toEqual({
      ok: true,
      condition: { logic: 'AND', groups: [{ filters: [], conditions: nested }] },
    });
  });
});

describe('fields', () => {
  it.each([
    ['name', 'invalid_field'],
    ['Email', 'invalid_field'],
    ['data', 'invalid_field'],
    ['data.', 'invalid_field'],
    ['data.a..b', 'invalid_field'],
    ['data.__proto__', 'invalid_field'],
    ['data.profile.__proto__', 'invalid_field'],
    ['event.', 'invalid_field'],
    [`event.${'x'.repeat(256)}`, 'invalid_field'],
    ['email.read', 'invalid_field'],
    ['email.', 'invalid_field'],
    ['segment.', 'invalid_field'],
    ['segment.vip', 'invalid_field'],
    ['contact.subscribed', 'invalid_field'],
  ])('refuses %s', (field, code) => {
    const [issue] = issuesOf(one({ field, operator: 'exists' }));
    expect(issue).toMatchObject({ field: `${P}.field`, code });
    expect(issue.suggestion.length).toBeGreaterThan(10);
  });

  it('refuses an empty field and one past the length cap as shape errors', () => {
    expect(issuesOf(one({ field: '', operator: 'exists' }))[0]).toMatchObject({ field: `${P}.field`, code: 'too_small' });
    expect(issuesOf(one({ field: `data.${'k'.repeat(LIMITS.MAX_FIELD_LENGTH)}`, operator: 'exists' }))[0]).toMatchObject({
      field: `${P}.field`,
      code: 'too_big',
    });
  });

  it('takes any event name, email.* ones included, under event.', () => {
    for (const field of ['event.signup', 'event.segment.vip.entry', 'event.email.opened', `event.${'x'.repeat(255)}`]) {
      expect({ field, ok: check(one({ field, operator: 'triggered' })).ok }).toEqual({ field, ok: true });
    }
  });

  it('refuses a segment that is not in the project, and the segment the condition belongs to', () => {
    const f = one({ field: `segment.${SEGMENT}`, operator: 'memberOfSegment' });
    expect(issuesOf(f, { segmentIds: new Set([OTHER_SEGMENT]) })[0]).toMatchObject({ field: `${P}.field`, code: 'unknown_segment' });
    expect(check(f, { segmentIds: new Set([SEGMENT]) }).ok).toBe(true);
    expect(issuesOf(f, { selfSegmentId: SEGMENT.toUpperCase() })[0]).toMatchObject({ field: `${P}.field`, code: 'self_reference' });
  });
});

describe('shape', () => {
  it.each([
    [null, 'condition', 'invalid_type'],
    ['AND', 'condition', 'invalid_type'],
    [[], 'condition', 'invalid_type'],
    [{ groups: [] }, 'condition.logic', 'invalid_value'],
    [{ logic: 'XOR', groups: [{ filters: [{ field: 'email', operator: 'equals', value: 'a' }] }] }, 'condition.logic', 'invalid_value'],
    [{ logic: 'AND', groups: [] }, 'condition.groups', 'too_small'],
    [{ logic: 'AND' }, 'condition.groups', 'invalid_type'],
    [{ logic: 'AND', groups: [{ filters: 'email' }] }, 'condition.groups[0].filters', 'invalid_type'],
    [{ logic: 'AND', groups: [{ filters: [] }] }, 'condition.groups[0]', 'too_small'],
    [{ logic: 'AND', groups: [{ filters: [{ operator: 'exists' }] }] }, `${P}.field`, 'invalid_type'],
    [{ logic: 'AND', groups: [{ filters: [{ field: 'email' }] }] }, `${P}.operator`, 'invalid_value'],
    [{ logic: 'AND', groups: [{ filters: [{ field: 'email', operator: 'startsWith', value: 'a' }] }] }, `${P}.operator`, 'invalid_value'],
    [{ logic: 'AND', groups: [{ filters: [{ field: 'email', operator: 'EQUALS', value: 'a' }] }] }, `${P}.operator`, 'invalid_value'],
    [{ logic: 'AND', groups: [{ filters: [], conditions: { logic: 'AND', groups: [] } }] }, 'condition.groups[0].conditions.groups', 'too_small'],
  ])('%j is refused at %s', (input, field, code) => {
    const issues = issuesOf(input);
    expect(issues[0]).toMatchObject({ field, code });
  });

  it('says which operator is unknown and lists the ones there are', () => {
    const [issue] = issuesOf(one({ field: 'email', operator: 'startsWith', value: 'a' }));
    expect(issue.message).toBe('unknown operator "startsWith"');
    expect(issue.suggestion).toContain('notTriggeredWithin');
  });

  it('names the path of a problem deep in the tree, and reports every problem at once', () => {
    const input = {
      logic: 'OR',
      groups: [
        { filters: [{ field: 'subscribed', operator: 'equals', value: true }] },
        {
          filters: [{ field: 'data.age', operator: 'gt', value: 'thirty' }],
          conditions: {
            logic: 'AND',
            groups: [
              {
                filters: [
                  { field: 'email', operator: 'equals', value: 'a@b.c' },
                  { field: 'createdAt', operator: 'within', value: 3 },
                ],
              },
            ],
          },
        },
      ],
    };
    expect(issuesOf(input).map((i) => [i.field, i.code])).toEqual([
      ['condition.groups[1].filters[0].value', 'invalid_type'],
      ['condition.groups[1].conditions.groups[0].filters[1].unit', 'missing_unit'],
    ]);
    expect(issuesOf(input, { path: 'audienceFilter' })[0].field).toBe('audienceFilter.groups[1].filters[0].value');
  });
});

describe('limits', () => {
  /** A condition nested `depth` deep, one filter per level. */
  const nested = (depth: number): Record<string, unknown> => {
    const filters = [{ field: 'subscribed', operator: 'equals', value: true }];
    return depth === 1 ? { logic: 'AND', groups: [{ filters }] } : { logic: 'AND', groups: [{ filters, conditions: nested(depth - 1) }] };
  };

  it(`nests ${LIMITS.MAX_DEPTH} deep and no deeper`, () => {
    expect(check(nested(LIMITS.MAX_DEPTH)).ok).toBe(true);
    const [issue] = issuesOf(nested(LIMITS.MAX_DEPTH + 1));
    expect(issue).toMatchObject({ code: 'too_deep', field: 'condition' + '.groups[0].conditions'.repeat(LIMITS.MAX_DEPTH) });
  });

  it(`takes ${LIMITS.MAX_FILTERS} filters in all and no more, wherever they are`, () => {
    const f = { field: 'data.age', operator: 'gt', value: 1 };
    const split = (n: number) => ({
      logic: 'AND',
      groups: [{ filters: Array(n - 40).fill(f), conditions: { logic: 'OR', groups: [{ filters: Array(40).fill(f) }] } }],
    });
    expect(check(split(LIMITS.MAX_FILTERS)).ok).toBe(true);
    expect(issuesOf(split(LIMITS.MAX_FILTERS + 1))[0]).toMatchObject({ code: 'too_big', field: 'condition.groups[0].conditions.groups[0].filters' });
  });

  it(`takes ${LIMITS.MAX_GROUPS} groups in all and no more`, () => {
    const group = { filters: [{ field: 'subscribed', operator: 'equals', value: true }] };
    expect(check({ logic: 'OR', groups: Array(LIMITS.MAX_GROUPS).fill(group) }).ok).toBe(true);
    expect(issuesOf({ logic: 'OR', groups: Array(LIMITS.MAX_GROUPS + 1).fill(group) })[0]).toMatchObject({ code: 'too_big', field: 'condition.groups' });
  });

  it('stops at the caps on a hostile condition: groups of groups, and a million-entry array, never walked whole', () => {
    // 50 groups, each nesting 50 groups, 5 deep, would be 50^5 groups if walked; and a sparse array
    // whose entries throw when read past the cap.
    const wide = (depth: number): Record<string, unknown> => ({
      logic: 'OR',
      groups: Array(50).fill(depth ? { filters: [], conditions: wide(depth - 1) } : { filters: [] }),
    });
    expect(issuesOf(wide(5))[0]).toMatchObject({ code: 'too_big' });
    const huge = new Array(1_000_000);
    for (let i = 0; i <= LIMITS.MAX_GROUPS; i++) huge[i] = { filters: [] };
    Object.defineProperty(huge, LIMITS.MAX_GROUPS + 1, {
      get: () => {
        throw new Error('read past the cap');
      },
    });
    expect(issuesOf({ logic: 'OR', groups: huge })[0]).toMatchObject({ code: 'too_big', field: 'condition.groups' });
  });
});

describe('validateCondition', () => {
  it('returns the normalised condition', () => {
    const c: Condition = validateCondition(one({ field: 'data.age', operator: 'gte', value: 18 }), { fieldTypes });
    expect(c).toEqual({ logic: 'AND', groups: [{ filters: [{ field: 'data.age', operator: 'greaterThanOrEqual', value: 18 }] }] });
  });

  it('throws a 422 VALIDATION_ERROR in the error envelope shape: errors with field, message and code, and a suggestion', () => {
    let err: unknown;
    try {
      validateCondition(
        {
          logic: 'AND',
          groups: [{ filters: [{ field: 'email', operator: 'equals', value: 'a@b.c' }] }, { filters: [{ field: 'createdAt', operator: 'within', value: 7 }] }],
        },
        { fieldTypes },
      );
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    const e = err as AppError;
    expect({ status: e.status, code: e.code, message: e.message, errors: e.errors }).toEqual({
      status: 422,
      code: 'VALIDATION_ERROR',
      message: 'Invalid condition.groups[1].filters[0].unit: within needs a unit',
      errors: [{ field: 'condition.groups[1].filters[0].unit', message: 'within needs a unit', code: 'missing_unit' }],
    });
    expect(e.suggestion).toMatch(/unit: minutes, hours, days/);

    try {
      validateCondition(
        {
          logic: 'AND',
          groups: [
            {
              filters: [
                { field: 'nope', operator: 'exists' },
                { field: 'data.age', operator: 'equals', value: 'x' },
              ],
            },
          ],
        },
        { fieldTypes },
      );
    } catch (e) {
      err = e;
    }
    expect((err as AppError).message).toBe('Invalid condition: 2 problems');
    expect((err as AppError).errors?.map((x) => x.field)).toEqual([`${P}.field`, 'condition.groups[0].filters[1].value']);
    expect((err as AppError).suggestion).toMatch(/Then fix the other problems listed in errors\.$/);
  });
});
