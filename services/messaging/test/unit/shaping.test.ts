import { accepted, deferred, limitsOf, matchReply, newPace, providerLimitsSchema, REPLY_RULES, replyRulesSchema, waitMs } from '../../src/domain/shaping';

const GMAIL_428 = '421-4.7.28 Our system has detected an unusual rate of unsolicited mail originating from your IP address.';
const YAHOO_TSS04 = '421 4.7.0 [TSS04] Messages from 192.0.2.7 temporarily deferred due to unexpected volume or user complaints';

describe('the reply catalogue', () => {
  it("knows Gmail's rate limit, Yahoo's TSS04 and Microsoft's IP reputation, each for its provider", () => {
    expect(matchReply(GMAIL_428, 'google', REPLY_RULES)).toMatchObject({ name: 'gmail-rate-limit', action: 'throttle', ratePerMinute: 1, minutes: 90 });
    expect(matchReply(GMAIL_428, 'yahoo', REPLY_RULES)).toBeUndefined();
    expect(matchReply(YAHOO_TSS04, 'yahoo', REPLY_RULES)).toMatchObject({ name: 'yahoo-tss04', action: 'suspend', minutes: 120 });
    expect(matchReply('451 4.7.650 The mail server [192.0.2.7] has been temporarily rate limited due to IP reputation.', 'microsoft', REPLY_RULES)?.name).toBe(
      'microsoft-ip-reputation',
    );
    expect(matchReply('421 4.7.0 Try again later, closing connection.', 'google', REPLY_RULES)).toBeUndefined();
  });

  it('takes rules of its own first, and refuses a malformed one with the field', () => {
    const mine = replyRulesSchema.parse([{ name: 'my-isp', match: 'RL0000', action: 'throttle', ratePerMinute: 10, minutes: 120 }]);
    expect(matchReply('421 RL0000 slow down', 'other', [...mine, ...REPLY_RULES])?.name).toBe('my-isp');
    const bad = replyRulesSchema.safeParse([{ name: 'x', match: '(', action: 'throttle', minutes: 5 }]);
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path.join('.'))).toEqual(expect.arrayContaining(['0.match']));
    expect(replyRulesSchema.safeParse([{ name: 'x', match: 'a', action: 'throttle', minutes: 5 }]).error!.issues[0].path).toEqual([0, 'ratePerMinute']);
  });
});

describe('provider limits', () => {
  it('are seeded per provider and overridable, unknown providers taking the default', () => {
    expect(limitsOf('google')).toEqual({ connections: 5, perConnection: 50 });
    expect(limitsOf('fastmail')).toEqual(limitsOf('other'));
    expect(limitsOf('google', providerLimitsSchema.parse({ google: { connections: 2 } }))).toEqual({ connections: 2, perConnection: 50 });
    expect(providerLimitsSchema.safeParse({ Google: { connections: 2 } }).success).toBe(false);
  });
});

describe('the pace', () => {
  it('halves on a deferral and grows back by one per window of accepted mail', () => {
    const p = newPace(10);
    expect(p.window).toBe(5);
    expect(deferred(p, '421 try again later', undefined, 0)).toBeUndefined();
    expect(p.window).toBe(2.5);
    for (let i = 0; i < 3; i++) accepted(p, 0);
    expect(Math.floor(p.window)).toBe(3);
    for (let i = 0; i < 200; i++) accepted(p, 0);
    expect(p.window).toBe(10);
  });

  it('lets as many messages be in flight as the window holds', () => {
    const p = newPace(4);
    expect(waitMs(p, 1, 0, 0)).toBe(0);
    expect(waitMs(p, 2, 0, 0)).toBe(-1);
  });

  it('deferrals that push the window to 1 are a throttle of their own, lifted when the window is back', () => {
    const p = newPace(8);
    expect(deferred(p, '421 busy', undefined, 0)).toBeUndefined();
    const change = deferred(p, '421 busy', undefined, 0);
    expect(change).toEqual({ action: 'throttled', throttle: { reason: 'deferrals', reply: '421 busy', ratePerMinute: null, until: null } });
    expect(deferred(p, '421 busy', undefined, 0)).toBeUndefined(); // news once
    let resumed;
    for (let i = 0; i < 60 && !resumed; i++) resumed = accepted(p, 0);
    expect(resumed).toMatchObject({ action: 'resumed', throttle: { reason: 'deferrals' } });
    expect(p.window).toBe(8);
  });

  it('a catalogue rule cuts the rate for its time (shortened by the time scale), then the next accepted message resumes', () => {
    const p = newPace(5);
    const rule = matchReply(GMAIL_428, 'google', REPLY_RULES);
    const change = deferred(p, GMAIL_428, rule, 1_000, 360);
    expect(change).toMatchObject({ action: 'throttled', throttle: { reason: 'gmail-rate-limit', ratePerMinute: 1, until: 1_000 + 15_000 } });
    // One a minute, never past the end of the throttle.
    expect(waitMs(p, 0, 1_000, 2_000)).toBe(14_000);
    expect(waitMs(p, 1, 1_000, 2_000)).toBe(14_000);
    expect(accepted(p, 10_000)).toBeUndefined();
    expect(p.window).toBe(1);
    expect(waitMs(p, 0, 0, 16_000)).toBe(0);
    expect(accepted(p, 16_000)).toMatchObject({ action: 'resumed', throttle: { reason: 'gmail-rate-limit' } });
    expect(p.throttle).toBeNull();
  });

  it('a suspension lets nothing go until it ends; a rule holding is not replaced by another', () => {
    const p = newPace(5);
    deferred(p, YAHOO_TSS04, matchReply(YAHOO_TSS04, 'yahoo', REPLY_RULES), 0);
    expect(waitMs(p, 0, 0, 60_000)).toBe(7_200_000 - 60_000);
    expect(deferred(p, YAHOO_TSS04, matchReply(YAHOO_TSS04, 'yahoo', REPLY_RULES), 1_000)).toBeUndefined();
    expect(p.throttle?.until).toBe(7_200_000);
  });
});
