import { describe, expect, it } from '@jest/globals';
import { applyDataPatch, DataValidationError, MAX_DATA_KEYS, MAX_DATA_STRING, mergeForRender, RESERVED_KEYS } from '../../src/domain/data';

describe('applyDataPatch (the data rules, numbered in domain/data.ts)', () => {
  it('rule 1: patches only the keys sent and does not mutate the input', () => {
    const current = { plan: 'free', city: 'Oslo' };
    const r = applyDataPatch(current, { plan: 'pro' });
    expect(r.data).toEqual({ plan: 'pro', city: 'Oslo' });
    expect(r.changed).toBe(true);
    expect(r.persisted).toEqual({ plan: 'pro' });
    expect(current).toEqual({ plan: 'free', city: 'Oslo' });
  });

  it('rule 2: stores strings, numbers and booleans as given', () => {
    const r = applyDataPatch({}, { name: 'Ada', age: 36, score: 1.5, vip: false, zero: 0, code: '007' });
    expect(r.data).toEqual({ name: 'Ada', age: 36, score: 1.5, vip: false, zero: 0, code: '007' });
    expect(r.persisted).toEqual(r.data);
  });

  it('rule 3: a plain object replaces the key as nested data, dropping null and empty-string leaves', () => {
    const current = { profile: { tier: 'gold', since: 2020 } };
    const r = applyDataPatch(current, { profile: { tier: 'silver', region: { code: 'EU', old: null }, note: '' } });
    expect(r.data).toEqual({ profile: { tier: 'silver', region: { code: 'EU' } } });
    expect(r.changed).toBe(true);
  });

  it('rule 3: nested keys named like reserved keys are kept', () => {
    const r = applyDataPatch({}, { company: { id: 'c1', email: 'ops@acme.test' } });
    expect(r.data).toEqual({ company: { id: 'c1', email: 'ops@acme.test' } });
  });

  it('stores arrays as given', () => {
    const r = applyDataPatch({}, { tags: ['a', null, ''] });
    expect(r.data).toEqual({ tags: ['a', null, ''] });
  });

  it('rule 4: null deletes the key and reports it', () => {
    const r = applyDataPatch({ plan: 'pro', city: 'Oslo' }, { plan: null });
    expect(r.data).toEqual({ city: 'Oslo' });
    expect(r.deleted).toEqual(['plan']);
    expect(r.changed).toBe(true);
    expect(r.persisted).toEqual({});
  });

  it('rule 4: null for a missing key is a no-op', () => {
    const r = applyDataPatch({ city: 'Oslo' }, { plan: null });
    expect(r.data).toEqual({ city: 'Oslo' });
    expect(r.deleted).toEqual([]);
    expect(r.changed).toBe(false);
  });

  it('rule 5: an empty string is ignored and does not overwrite', () => {
    const r = applyDataPatch({ plan: 'pro' }, { plan: '', fresh: '' });
    expect(r.data).toEqual({ plan: 'pro' });
    expect(r.changed).toBe(false);
    expect(r.persisted).toEqual({});
  });

  it('rule 6: { value, persistent: false } is returned as transient and not stored', () => {
    const r = applyDataPatch({ plan: 'pro' }, { otp: { value: '123456', persistent: false }, plan: { value: 'x', persistent: false } });
    expect(r.data).toEqual({ plan: 'pro' });
    expect(r.transient).toEqual({ otp: '123456', plan: 'x' });
    expect(r.persisted).toEqual({});
    expect(r.changed).toBe(false);
  });

  it('rule 6: { value, persistent: true } stores the unwrapped value, with the same null rule', () => {
    const stored = applyDataPatch({}, { plan: { value: 'pro', persistent: true } });
    expect(stored.data).toEqual({ plan: 'pro' });
    expect(stored.transient).toEqual({});

    const deleted = applyDataPatch({ plan: 'pro' }, { plan: { value: null, persistent: true } });
    expect(deleted.data).toEqual({});
    expect(deleted.deleted).toEqual(['plan']);
  });

  it('rule 6: objects that are not exactly { value, persistent: boolean } are ordinary nested data', () => {
    const r = applyDataPatch(
      {},
      {
        a: { value: 1, persistent: false, extra: true },
        b: { value: 1, persistent: 'false' },
        c: { value: 1 },
      },
    );
    expect(r.transient).toEqual({});
    expect(r.data).toEqual({
      a: { value: 1, persistent: false, extra: true },
      b: { value: 1, persistent: 'false' },
      c: { value: 1 },
    });
  });

  it('rule 7: reserved keys, including the plunk_/herald_/svc_ ones, are silently dropped', () => {
    const patch = Object.fromEntries(RESERVED_KEYS.map((k) => [k, 'x']));
    const r = applyDataPatch({}, { ...patch, plan: 'pro' });
    expect(r.data).toEqual({ plan: 'pro' });
    expect(RESERVED_KEYS).toEqual(
      expect.arrayContaining([
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
      ]),
    );
  });

  it('rule 7: a reserved key cannot delete or be made transient either', () => {
    const r = applyDataPatch({ plan: 'pro' }, { email: null, id: { value: 'x', persistent: false } });
    expect(r.data).toEqual({ plan: 'pro' });
    expect(r.transient).toEqual({});
    expect(r.deleted).toEqual([]);
  });

  it('rule 8: locale is stored like any field', () => {
    expect(applyDataPatch({}, { locale: 'nb-NO' }).data).toEqual({ locale: 'nb-NO' });
  });

  it('rule 9: a value of a different type is still stored', () => {
    const r = applyDataPatch({ age: 36 }, { age: 'thirty-six' });
    expect(r.data).toEqual({ age: 'thirty-six' });
    expect(r.persisted).toEqual({ age: 'thirty-six' });
  });

  it('changed is false when every written value equals the stored one, but persisted still lists them', () => {
    const r = applyDataPatch({ plan: 'pro', profile: { tier: 'gold' }, tags: ['a'] }, { plan: 'pro', profile: { tier: 'gold' }, tags: ['a'] });
    expect(r.changed).toBe(false);
    expect(r.persisted).toEqual({ plan: 'pro', profile: { tier: 'gold' }, tags: ['a'] });
  });

  it('changed is true when a nested value differs', () => {
    expect(applyDataPatch({ profile: { tier: 'gold' } }, { profile: { tier: 'gold', x: 1 } }).changed).toBe(true);
  });

  it('never writes __proto__', () => {
    const patch = JSON.parse('{"__proto__": {"polluted": true}, "nested": {"__proto__": {"polluted": true}, "ok": 1}}');
    const r = applyDataPatch({}, patch);
    expect(Object.keys(r.data)).toEqual(['nested']);
    expect(r.data.nested).toEqual({ ok: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(r.data)).toBe(Object.prototype);
  });

  it('treats undefined and null patches as no-ops', () => {
    for (const patch of [undefined, null]) {
      const r = applyDataPatch({ plan: 'pro' }, patch);
      expect(r.data).toEqual({ plan: 'pro' });
      expect(r.changed).toBe(false);
    }
  });

  it.each([[['a']], ['plan=pro'], [42], [true]])('throws DataValidationError for a non-object patch %p', (patch) => {
    expect(() => applyDataPatch({}, patch)).toThrow(DataValidationError);
    try {
      applyDataPatch({}, patch);
    } catch (err) {
      expect((err as DataValidationError).field).toBe('data');
    }
  });

  it('throws DataValidationError naming the field for non-JSON values', () => {
    expect.assertions(2);
    try {
      applyDataPatch({}, { profile: { score: Number.NaN } });
    } catch (err) {
      expect(err).toBeInstanceOf(DataValidationError);
      expect((err as DataValidationError).field).toBe('data.profile.score');
    }
  });
});

describe("limits of a contact's data", () => {
  const keys = (n: number, prefix = 'k') => Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, i]));
  const fieldOf = (f: () => unknown) => {
    try {
      f();
    } catch (err) {
      return (err as DataValidationError).field;
    }
    return undefined;
  };

  it('takes up to the limit of keys, refuses one more in a write, in the merged data and in a nested object', () => {
    expect(Object.keys(applyDataPatch({}, keys(MAX_DATA_KEYS)).data)).toHaveLength(MAX_DATA_KEYS);
    expect(fieldOf(() => applyDataPatch({}, keys(MAX_DATA_KEYS + 1)))).toBe('data');
    expect(fieldOf(() => applyDataPatch(keys(MAX_DATA_KEYS), { another: 1 }))).toBe('data');
    // Removing some makes room.
    expect(applyDataPatch(keys(MAX_DATA_KEYS), { k0: null, another: 1 }).data.another).toBe(1);
    expect(fieldOf(() => applyDataPatch({}, { profile: keys(MAX_DATA_KEYS + 1) }))).toBe('data.profile');
  });

  it('takes a string value up to its limit (megabytes are a use) and refuses a longer one, naming the field', () => {
    expect((applyDataPatch({}, { doc: 'x'.repeat(MAX_DATA_STRING) }).data.doc as string).length).toBe(MAX_DATA_STRING);
    expect(fieldOf(() => applyDataPatch({}, { doc: 'x'.repeat(MAX_DATA_STRING + 1) }))).toBe('data.doc');
    expect(fieldOf(() => applyDataPatch({}, { profile: { bio: 'x'.repeat(MAX_DATA_STRING + 1) } }))).toBe('data.profile.bio');
  });
});

describe('mergeForRender', () => {
  it('overlays transient values on stored ones without changing either', () => {
    const stored = { plan: 'pro', city: 'Oslo' };
    const transient = { plan: 'trial', otp: '1234' };
    expect(mergeForRender(stored, transient)).toEqual({ plan: 'trial', city: 'Oslo', otp: '1234' });
    expect(stored).toEqual({ plan: 'pro', city: 'Oslo' });
  });

  it('works end to end with applyDataPatch', () => {
    const r = applyDataPatch({ city: 'Oslo' }, { otp: { value: '9', persistent: false }, plan: 'pro' });
    expect(mergeForRender(r.data, r.transient)).toEqual({ city: 'Oslo', plan: 'pro', otp: '9' });
  });
});
