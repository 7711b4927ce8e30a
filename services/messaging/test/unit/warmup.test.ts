import { campaignFinish, capped, DEFAULT_PLAN, expectedDoneAt, firstStep, hoursToSend, nextStep, unhealthy, type LaneCurve } from '../../src/domain/warmup';

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

  it('dates the end of what waits from now, in scaled hours; nothing waiting or the plan off: none', () => {
    const s = { cap: 50, step: 0, nextStepAt: new Date(10 * 3_600_000), heldBack: '', done: false };
    expect(expectedDoneAt(plan, s, 100, 0, 1)).toEqual(new Date(2 * 3_600_000));
    // A time scale of 360: an hour lasts ten seconds.
    expect(expectedDoneAt(plan, { ...s, nextStepAt: new Date(100_000) }, 700, 0, 360)).toEqual(new Date(13 * 10_000));
    expect(expectedDoneAt(plan, s, 0, 0, 1)).toBeNull();
    expect(expectedDoneAt({ ...plan, enabled: false }, s, 100, 0, 1)).toBeNull();
    // A warm provider holds nothing: what waits goes now.
    expect(expectedDoneAt(plan, { ...s, done: true }, 100, 5, 1)).toEqual(new Date(5));
  });
});

describe("a campaign's expected finish", () => {
  const HOUR = 3_600_000;
  const step = (cap: number) => ({ cap, step: 0, nextStepAt: new Date(24 * HOUR), heldBack: '', done: false });
  const curves: Record<string, LaneCurve> = {
    'news.example|google': { plan, step: step(50), domainHeld: 120 },
    'news.example|yahoo': { plan, step: step(50), domainHeld: 10 },
    'news.example|other': { plan, step: step(50), domainHeld: 0 },
  };
  const curveOf = (domain: string, provider: string) => curves[`${domain}|${provider}`];
  const lane = (provider: string, unsent: number, held: number, sampled = 0) => ({ domain: 'news.example', provider, unsent, held, sampled });

  it('is the latest of the held lanes, counting all the mail the domain holds for each provider; lanes not held are left out', () => {
    const f = campaignFinish([lane('google', 100, 100), lane('yahoo', 10, 10), lane('other', 30, 0)], 0, curveOf, 0, 1);
    // Google: the domain holds 120 (the campaign's 100 among them) at 50 an hour: 3 hours. Yahoo: 10, 1 hour.
    expect(f.expectedFinishAt).toEqual(new Date(3 * HOUR));
    expect(f.heldBy).toEqual([
      { domain: 'news.example', provider: 'google', waiting: 100, cap: 50, expectedDoneAt: new Date(3 * HOUR) },
      { domain: 'news.example', provider: 'yahoo', waiting: 10, cap: 50, expectedDoneAt: new Date(HOUR) },
    ]);
  });

  it('adds its unsent emails not held yet, and its share of the recipients not handed over, by its mix', () => {
    // 100 held and 30 queued behind to Google; 1,000 recipients not handed over, half of them Google's by the sample.
    const f = campaignFinish([lane('google', 130, 100, 500), lane('other', 0, 0, 500)], 1000, curveOf, 0, 1);
    // The domain's 120 held + 30 + 500 = 650 at 50 an hour: 13 hours.
    expect(f.heldBy).toEqual([{ domain: 'news.example', provider: 'google', waiting: 630, cap: 50, expectedDoneAt: new Date(13 * HOUR) }]);
    expect(f.expectedFinishAt).toEqual(new Date(13 * HOUR));
  });

  it('is null when the warm-up holds none of it, or the plan was switched off', () => {
    expect(campaignFinish([lane('google', 40, 0), lane('other', 3, 0)], 500, curveOf, 0, 1)).toEqual({ expectedFinishAt: null, heldBy: [] });
    expect(campaignFinish([], 0, curveOf, 0, 1).expectedFinishAt).toBeNull();
    const off = (d: string, p: string) => ({ ...curveOf(d, p), plan: { ...plan, enabled: false } });
    expect(campaignFinish([lane('google', 100, 100)], 0, off, 0, 1)).toEqual({ expectedFinishAt: null, heldBy: [] });
  });
});
