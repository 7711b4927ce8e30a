import { capped, DEFAULT_PLAN, firstStep, hoursToSend, nextStep, unhealthy } from '../../src/domain/warmup';

const plan = { ...DEFAULT_PLAN, enabled: true };
const healthy = { sent: 1000, bounces: 5, complaints: 0, deferred: 10 };

describe('the warm-up curve', () => {
  it('starts at the plan’s hourly cap with the first step a (scaled) day away', () => {
    const s = firstStep(plan, 0, 24);
    expect(s).toEqual({ cap: 50, step: 0, nextStepAt: new Date(3_600_000), heldBack: '', done: false });
    expect(firstStep({ ...plan, startPerHour: 5000 }, 0, 1).done).toBe(true);
  });

  it('grows ×growth on a healthy day and ends at the ceiling', () => {
    const day1 = nextStep(firstStep(plan, 0, 1), plan, healthy, 0, 1);
    expect(day1).toMatchObject({ cap: 70, step: 1, heldBack: '', done: false });
    expect(nextStep({ ...day1, cap: 4000 }, plan, healthy, 0, 1)).toMatchObject({ cap: 5000, done: true });
    // A cap too small for ×growth to change still grows.
    expect(nextStep({ ...day1, cap: 1 }, { ...plan, growth: 1.2 }, healthy, 0, 1).cap).toBe(2);
  });

  it.each([
    [{ sent: 100, bounces: 2, complaints: 0, deferred: 0 }, 'hard bounces 2 % of 100 mails in the last 24 hours (must stay under 2 %)'],
    [{ sent: 1000, bounces: 0, complaints: 1, deferred: 0 }, 'complaints 0.1 % of 1000 mails in the last 24 hours (must stay under 0.1 %)'],
    [{ sent: 40, bounces: 0, complaints: 0, deferred: 3 }, 'deferrals 7.5 % of 40 mails in the last 24 hours (must stay under 5 %)'],
  ])('holds the cap on an unhealthy day and says why: %o', (health, why) => {
    expect(unhealthy(health)).toBe(why);
    expect(nextStep({ cap: 70, step: 1, nextStepAt: new Date(0), heldBack: '', done: false }, plan, health, 0, 1)).toMatchObject({
      cap: 70,
      step: 1,
      heldBack: why,
    });
  });

  it('a day without mail is no reason to hold back', () => {
    expect(unhealthy({ sent: 0, bounces: 0, complaints: 0, deferred: 0 })).toBe('');
  });

  it('caps marketing, and transactional only when not exempt', () => {
    expect(capped(plan, 'MARKETING')).toBe(true);
    expect(capped(plan, 'TRANSACTIONAL')).toBe(false);
    expect(capped({ ...plan, exemptTransactional: false }, 'TRANSACTIONAL')).toBe(true);
    expect(capped({ ...plan, enabled: false }, 'MARKETING')).toBe(false);
  });

  it('estimates when what waits is out, counting the daily growth', () => {
    const s = { cap: 50, step: 0, nextStepAt: new Date(0), heldBack: '', done: false };
    expect(hoursToSend(100, s, plan, 10)).toBe(2);
    // 10 hours left today at 50 (500), then 70 an hour: 200 more take 3 hours.
    expect(hoursToSend(700, s, plan, 10)).toBe(13);
    expect(hoursToSend(0, s, plan, 10)).toBe(0);
  });
});
