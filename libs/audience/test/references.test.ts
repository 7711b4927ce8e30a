/** Unit tests of what a condition references (field usage, event usage, segment dependencies). */
import { Condition, conditionReferences, namesField, referencesField } from '../src';

const SEGMENT = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

const condition: Condition = {
  logic: 'OR',
  groups: [
    {
      filters: [
        { field: 'data.plan', operator: 'equals', value: 'pro' },
        { field: 'createdAt', operator: 'within', value: 7, unit: 'days' },
      ],
    },
    {
      filters: [{ field: 'event.signup', operator: 'triggered' }],
      conditions: {
        logic: 'AND',
        groups: [
          {
            filters: [
              { field: 'data.profile.tier', operator: 'exists' },
              { field: 'email.opened', operator: 'greaterThan', value: 2 },
              { field: `segment.${SEGMENT}`, operator: 'notMemberOfSegment' },
              { field: 'data.plan', operator: 'contains', value: 'p' },
            ],
          },
        ],
      },
    },
  ],
};

describe('conditionReferences', () => {
  it('lists every field, custom key, event and segment once, nested conditions included', () => {
    expect(conditionReferences(condition)).toEqual({
      fields: ['createdAt', 'data.plan', 'data.profile.tier', 'email.opened', 'event.signup', `segment.${SEGMENT}`],
      dataKeys: ['plan', 'profile.tier'],
      events: ['email.opened', 'signup'],
      segments: [SEGMENT],
    });
  });
});

describe('referencesField', () => {
  it.each([
    ['data.plan', true],
    ['data.profile.tier', true],
    ['data.profile', true], // deleting data.profile removes data.profile.tier
    ['data.pro', false], // a prefix of a key, not a parent
    ['data.profile.tier.x', false],
    ['data.age', false],
    ['createdAt', true],
    ['updatedAt', false],
    ['event.signup', true],
    ['event.purchase', false],
    ['email.opened', true],
    ['email.open', true],
    ['email.clicked', false],
    [`segment.${SEGMENT.toUpperCase()}`, true],
    ['nonsense', false],
  ])('%s: %s', (field, expected) => {
    expect(referencesField(condition, field)).toBe(expected);
  });
});

describe('namesField', () => {
  // What a workflow lists of its CONDITION steps' fields, as it sent them (not all canonical).
  const fields = ['data.profile.tier', 'subscribed', 'email.open', `segment.${SEGMENT.toUpperCase()}`, 'not a field'];
  it.each([
    ['data.profile.tier', true],
    ['data.profile', true], // a parent of a key read
    ['data.prof', false],
    ['subscribed', true],
    ['email', false],
    ['email.opened', true], // the alias it listed is the same field
    [`segment.${SEGMENT}`, true],
    ['not a field', false], // entries that are not fields name nothing
  ])('%s: %s', (field, expected) => {
    expect(namesField(fields, field)).toBe(expected);
  });
});
