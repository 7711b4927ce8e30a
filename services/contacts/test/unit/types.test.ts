import { describe, expect, it } from '@jest/globals';
import { firstTypes, flattenLeaves, inferType, isIsoDate, type FieldType } from '../../src/domain/types';

describe('isIsoDate', () => {
  it.each(['2026-05-06', '2024-02-29', '2026-05-06T10:20:30Z', '2026-05-06T23:59:59.999Z', '2000-02-29T00:00:00.000Z'])('accepts %s', (s) => {
    expect(isIsoDate(s)).toBe(true);
  });

  it.each([
    ['non-ISO', '05/06/2026'],
    ['Feb 30', '2026-02-30'],
    ['Feb 29 in a non-leap year', '2026-02-29'],
    ['Feb 29 in 1900', '1900-02-29'],
    ['April 31', '2026-04-31'],
    ['month 13', '2026-13-01'],
    ['month 0', '2026-00-10'],
    ['day 0', '2026-05-00'],
    ['hour 25', '2026-05-06T25:00:00Z'],
    ['hour 24', '2026-05-06T24:00:00Z'],
    ['minute 60', '2026-05-06T10:60:00Z'],
    ['second 60', '2026-05-06T10:00:60Z'],
    ['offset instead of Z', '2026-05-06T10:00:00+02:00'],
    ['missing Z', '2026-05-06T10:00:00'],
    ['no seconds', '2026-05-06T10:00Z'],
    ['lower-case t/z', '2026-05-06t10:00:00z'],
    ['six fraction digits', '2026-05-06T10:00:00.123456Z'],
    ['single-digit month', '2026-5-06'],
    ['surrounding text', ' 2026-05-06'],
    ['year-month only', '2026-05'],
    ['year 0, which PostgreSQL cannot store', '0000-01-01'],
  ])('rejects %s (%s)', (_label, s) => {
    expect(isIsoDate(s)).toBe(false);
  });
});

describe('inferType', () => {
  it.each<[unknown, FieldType | null]>([
    [null, null],
    [undefined, null],
    [42, 'number'],
    [-1.25, 'number'],
    [0, 'number'],
    [true, 'boolean'],
    [false, 'boolean'],
    ['2026-05-06', 'date'],
    ['2026-05-06T10:20:30.000Z', 'date'],
    ['05/06/2026', 'string'],
    ['2026-02-30', 'string'],
    ['007', 'string'],
    ['42', 'string'],
    ['true', 'string'],
    ['hello', 'string'],
    [['a', 'b'], 'string'],
    [Number.POSITIVE_INFINITY, 'string'],
  ])('%p → %p', (value, type) => {
    expect(inferType(value)).toBe(type);
  });
});

describe('flattenLeaves', () => {
  it('produces dotted paths for nested plain objects; arrays are leaves; empty objects yield nothing', () => {
    const leaves = flattenLeaves({ plan: 'pro', profile: { tier: 'gold', address: { city: 'Oslo' } }, tags: ['a', 'b'], empty: {} });
    expect(leaves).toEqual([
      ['plan', 'pro'],
      ['profile.tier', 'gold'],
      ['profile.address.city', 'Oslo'],
      ['tags', ['a', 'b']],
    ]);
  });

  it('honours a prefix', () => {
    expect(flattenLeaves({ a: { b: 1 } }, 'data')).toEqual([['data.a.b', 1]]);
  });
});

describe('firstTypes (data rule 9)', () => {
  it('types only keys not yet typed, using the first non-null value', () => {
    const existing = new Map<string, FieldType>([['age', 'number']]);
    const result = firstTypes(existing, { age: 'thirty', plan: 'pro', signupDate: '2026-01-02', vip: true, gone: null });
    expect(result).toEqual([
      { key: 'plan', type: 'string' },
      { key: 'signupDate', type: 'date' },
      { key: 'vip', type: 'boolean' },
    ]);
  });

  it('types nested leaves by dotted path', () => {
    const result = firstTypes(new Map([['profile.tier', 'string']]), { profile: { tier: 3, score: 9.5, since: '2020-01-01T00:00:00Z' } });
    expect(result).toEqual([
      { key: 'profile.score', type: 'number' },
      { key: 'profile.since', type: 'date' },
    ]);
  });

  it('returns nothing when everything is already typed', () => {
    expect(firstTypes(new Map([['plan', 'string']]), { plan: 42 })).toEqual([]);
  });
});
