import { deliverabilityDetail, deliverabilitySubject, percent, providerName } from '../src/pages/activity/words';
import { subjectOf, typeInfo } from '../src/pages/activity';

/** A sending domain's deliverability changes as the activity page words them. */
const REPLY = '421 4.7.28 Gmail has detected an unusual rate of unsolicited mail originating from your IP address.';
const REASON = 'complaint rate 0.35 % (7 of 2000) on google mail of the last 24h reached the pause line of 0.3 %';

it('names providers as people write them, and rates in percent', () => {
  expect(['google', 'microsoft', 'yahoo', 'apple', 'other', 'fastmail', ''].map(providerName)).toEqual([
    'Google',
    'Microsoft',
    'Yahoo',
    'Apple',
    'Other providers',
    'Fastmail',
    'Other providers',
  ]);
  expect([0.0035, 0.05, 0.003, 0.00125, 0].map(percent)).toEqual(['0.35 %', '5 %', '0.3 %', '0.13 %', '0 %']);
});

it('says what changed for each type, with the provider’s own answer', () => {
  const throttled = {
    domain: 'example.com',
    provider: 'google',
    action: 'throttled',
    reason: 'gmail_rate_limited',
    reply: REPLY,
    ratePerMinute: 30,
    until: null,
  };
  expect(deliverabilitySubject('deliverability.throttled', throttled)).toBe(`Sending from example.com to Google slowed: ${REPLY}`);
  expect(deliverabilityDetail('deliverability.throttled', throttled)).toBe('At most 30 mails a minute.');
  // Suspended until a time; no reply: the rule's reason in words.
  const held = { ...throttled, provider: 'microsoft', reply: null, reason: 'deferrals', ratePerMinute: 0, until: '2025-06-01T10:00:00.000Z' };
  expect(deliverabilitySubject('deliverability.throttled', held)).toMatch(/^Sending from example\.com to Microsoft on hold until .+: too many mails deferred$/);
  expect(deliverabilityDetail('deliverability.throttled', held)).toBe('');
  expect(deliverabilitySubject('deliverability.resumed', { ...throttled, provider: 'other', action: 'resumed', reply: null })).toBe(
    'Sending from example.com to Other providers back to normal pace',
  );

  const paused = { domain: 'example.com', reason: REASON, complaintRate: 0.0035 };
  expect(deliverabilitySubject('deliverability.guardrail_paused', paused)).toBe('Marketing from example.com paused: complaint rate 0.35 %');
  expect(deliverabilityDetail('deliverability.guardrail_paused', paused)).toBe(
    `Complaint rate 0.35 % (7 of 2000) on google mail of the last 24h reached the pause line of 0.3 %. Transactional mail keeps flowing; resume marketing under Domains → example.com → Guardrails.`,
  );
  expect(deliverabilitySubject('deliverability.guardrail_warning', { ...paused, complaintRate: 0.0015 })).toBe(
    'Complaints on mail from example.com near the pause line: complaint rate 0.15 %',
  );
  expect(deliverabilitySubject('deliverability.guardrail_resumed', { domain: 'example.com', held: 12 })).toBe(
    'Marketing from example.com resumed: 12 held mails go out now',
  );
  expect(deliverabilitySubject('deliverability.guardrail_resumed', { domain: 'example.com', held: 1 })).toBe(
    'Marketing from example.com resumed: 1 held mail goes out now',
  );
  expect(deliverabilitySubject('deliverability.guardrail_resumed', { domain: 'example.com', held: 0 })).toBe('Marketing from example.com resumed');
});

it('the feed labels them and words them as its subject', () => {
  const item = { id: 'x', type: 'deliverability.guardrail_paused', timestamp: '2025-06-01T10:00:00.000Z', contactId: null, contactEmail: null };
  expect(subjectOf({ ...item, metadata: { domain: 'example.com', reason: REASON, complaintRate: 0.0035 } } as never)).toBe(
    'Marketing from example.com paused: complaint rate 0.35 %',
  );
  expect(
    [
      'deliverability.throttled',
      'deliverability.resumed',
      'deliverability.guardrail_paused',
      'deliverability.guardrail_warning',
      'deliverability.guardrail_resumed',
    ].map((t) => typeInfo(t).label),
  ).toEqual(['Sending slowed', 'Normal pace', 'Marketing paused', 'Complaint warning', 'Marketing resumed']);
});
