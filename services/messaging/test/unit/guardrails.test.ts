import { DEFAULT_THRESHOLDS as T, rates, verdict, type WindowCounts } from '../../src/domain/guardrails';
import { isRecipientRefusal } from '../../src/domain/smtp';

const w = (window: '24h' | '7d', sent: number, complaints: number, bounces = 0, provider: string | null = null): WindowCounts => ({
  window,
  provider,
  sent,
  bounces,
  complaints,
});

describe('the guardrails', () => {
  it('levels each rate against its lines, and a window under the minimum volume judges nothing', () => {
    expect(rates(w('24h', 1000, 1, 19), T)).toMatchObject({ complaintRate: 0.001, complaintLevel: 'warning', bounceRate: 0.019, bounceLevel: 'ok' });
    expect(rates(w('24h', 1000, 3, 50), T)).toMatchObject({ complaintLevel: 'critical', bounceLevel: 'critical' });
    expect(rates(w('24h', 1000, 0, 20), T)).toMatchObject({ complaintLevel: 'ok', bounceLevel: 'warning' });
    expect(rates(w('7d', 99, 5, 50), T)).toMatchObject({ complaintLevel: 'too_few', bounceLevel: 'too_few', complaintRate: 5 / 99 });
    expect(rates(w('7d', 0, 0), T)).toMatchObject({ complaintRate: 0, bounceRate: 0 });
  });

  it('pauses at the pause line on any window, the domain’s or one provider’s, naming the worst', () => {
    const v = verdict([w('24h', 2000, 2), w('7d', 9000, 4), w('24h', 500, 2, 0, 'google')], T);
    expect(v).toEqual({
      action: 'pause',
      rate: 0.004,
      reason: expect.stringContaining('0.4 % (2 of 500) on google mail of the last 24h reached the pause line of 0.3 %'),
    });
  });

  it('warns between the lines, and says nothing under them or on too little mail', () => {
    expect(verdict([w('24h', 1000, 1), w('7d', 5000, 1)], T)).toMatchObject({
      action: 'warn',
      reason: expect.stringContaining('passed the warning line of 0.1 %'),
    });
    expect(verdict([w('24h', 2000, 1), w('7d', 5000, 1)], T)).toBeUndefined();
    expect(verdict([w('24h', 50, 10), w('7d', 50, 10)], T)).toBeUndefined();
    expect(verdict([w('24h', 20, 1)], { ...T, minVolume: 20 })).toMatchObject({ action: 'pause' });
  });
});

describe('a refused recipient', () => {
  it.each([
    ['550 5.1.1 <x@y>: Recipient address rejected: User unknown', true],
    ['553 sorry, that domain is not in my list', true],
    ['554 5.1.2 bad destination mailbox address', true],
    ['554 5.7.1 message content rejected', false],
    ['552 5.3.4 message too big', false],
    ['421 4.7.28 rate limited', false],
  ])('%s → %s', (response, refused) => {
    expect(isRecipientRefusal({ responseCode: Number(response.slice(0, 3)), response })).toBe(refused);
  });

  it('a connection error is no refusal', () => {
    expect(isRecipientRefusal({ code: 'ECONNECTION' })).toBe(false);
  });
});
