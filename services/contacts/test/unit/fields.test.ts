import { describe, expect, it } from '@jest/globals';
import { customFieldName, parseFieldParam, STANDARD_FIELDS } from '../../src/domain/fields';

describe('parseFieldParam', () => {
  it.each(['email', 'subscribed', 'createdAt', 'updatedAt'] as const)('recognises standard field %s', (name) => {
    expect(parseFieldParam(name)).toEqual({ kind: 'standard', name });
  });

  it.each([
    ['data.plan', ['plan']],
    ['data.profile.tier', ['profile', 'tier']],
    ['plan', ['plan']],
    ['profile.tier', ['profile', 'tier']],
    ['data.profile.id', ['profile', 'id']],
    ['data.locale', ['locale']],
  ])('parses %s as custom', (field, path) => {
    expect(parseFieldParam(field)).toEqual({ kind: 'custom', path });
  });

  it.each([
    '',
    'data.',
    'data..plan',
    '.plan',
    'plan.',
    'profile..tier',
    'data.email',
    'data.id',
    'id',
    'unsubscribeUrl',
    'data.plunk_id',
    'herald_email',
    'svc_id',
    'email.opened',
    'data.__proto__',
    'profile.__proto__',
  ])('rejects %p', (field) => {
    expect(parseFieldParam(field)).toBeNull();
  });
});

describe('STANDARD_FIELDS', () => {
  it('describes the four built-in fields with their types', () => {
    expect(STANDARD_FIELDS).toEqual([
      { field: 'email', type: 'string', isCustom: false },
      { field: 'subscribed', type: 'boolean', isCustom: false },
      { field: 'createdAt', type: 'date', isCustom: false },
      { field: 'updatedAt', type: 'date', isCustom: false },
    ]);
  });
});

describe('customFieldName', () => {
  it('round-trips with parseFieldParam', () => {
    const name = customFieldName(['profile', 'tier']);
    expect(name).toBe('data.profile.tier');
    expect(parseFieldParam(name)).toEqual({ kind: 'custom', path: ['profile', 'tier'] });
  });
});
