import { readable, readableValues } from '../src/ui/text';
import { subjectOf } from '../src/pages/activity';

/** Template text as labels show it: fallbacks, readable placeholders, no block syntax. */
it('applies fallbacks and shows other variables as placeholders', () => {
  expect(readable('Olá {{firstName ?? "friend"}}')).toBe('Olá friend');
  expect(readable("Hi {{ data.first ?? 'there' }}!")).toBe('Hi there!');
  expect(readable('Your {{plan}} plan, {{data.firstName}}')).toBe('Your «plan» plan, «firstName»');
  expect(readable('{{{ name }}} and {{~ email ~}}')).toBe('«name» and «email»');
  expect(readable('{{#if vip}}VIP {{else}}Hello {{/if}}{{! note }}news')).toBe('VIP Hello news');
  expect(readable('{{upper data.city}}')).toBe('«city»');
  expect(readable('No variables')).toBe('No variables');
  expect(readable(null)).toBe('');
});

it("uses a contact's values where given, the fallback where it has none", () => {
  const data = { firstName: 'Ana', plan: 'pro', nested: { city: 'Porto' }, empty: '' };
  expect(readable('Olá {{firstName ?? "friend"}}, your {{data.plan}} plan', data)).toBe('Olá Ana, your pro plan');
  expect(readable('{{empty ?? "none"}} {{nested.city}}', data)).toBe('none Porto');
  expect(readable('{{missing ?? other ?? "last"}}', data)).toBe('last');
});

it('reads the subjects of activity rows and the string values of event data', () => {
  const a = { id: 'x', type: 'email.sent', timestamp: '', contactId: null, contactEmail: null, metadata: { subject: 'Olá {{firstName ?? "friend"}}' } };
  expect(subjectOf(a as never)).toBe('Olá friend');
  const scheduled = { ...a, type: 'campaign.scheduled', metadata: { campaignName: 'June', subject: 'Hi {{name}}' } };
  expect(subjectOf(scheduled as never)).toBe('June — “Hi «name»”');
  expect(readableValues({ subject: 'Hi {{x ?? "y"}}', n: 3, plain: 'a {b}' })).toEqual({ subject: 'Hi y', n: 3, plain: 'a {b}' });
});
