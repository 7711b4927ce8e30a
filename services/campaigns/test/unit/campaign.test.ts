import { campaignFields, FACT, factBits, scheduleProblem, statsView } from '../../src/domain/campaign';
import { allows, refusal, STATUSES, type CampaignAction } from '../../src/domain/status';

describe('campaign fields', () => {
  const base = { name: 'N', subject: 'S', body: 'B', from: 'Me@Example.com', audienceType: 'ALL' };
  it('takes audienceCondition for audienceFilter and lower-cases addresses', () => {
    const f = campaignFields.parse({ ...base, audienceType: 'FILTERED', audienceCondition: { logic: 'AND', groups: [] } });
    expect(f.audienceFilter).toEqual({ logic: 'AND', groups: [] });
    expect(f.from).toBe('me@example.com');
    expect('audienceCondition' in f).toBe(false);
  });
  it('needs segmentId for SEGMENT and a filter for FILTERED, and refuses line breaks in the subject', () => {
    const issues = (x: object) => campaignFields.safeParse(x).error?.issues.map((i) => i.path.join('.'));
    expect(issues({ ...base, audienceType: 'SEGMENT' })).toEqual(['segmentId']);
    expect(issues({ ...base, audienceType: 'FILTERED' })).toEqual(['audienceFilter']);
    expect(issues({ ...base, subject: 'a\r\nBcc: x@y.z' })).toEqual(['subject']);
    expect(issues({ ...base, audienceType: 'EVERYONE' })).toEqual(['audienceType']);
  });
});

describe('schedules', () => {
  const now = new Date('2030-01-01T00:00:00Z');
  it('takes a future ISO date, refuses past and unreadable ones', () => {
    expect(scheduleProblem(undefined, now)).toBeUndefined();
    expect(scheduleProblem('2030-01-01T00:00:01Z', now)).toBeUndefined();
    expect(scheduleProblem('2030-01-01T00:00:00Z', now)).toMatch(/future/);
    expect(scheduleProblem('next week', now)).toMatch(/ISO 8601/);
    expect(scheduleProblem('2031-02-31T00:00:00Z', now)).toMatch(/ISO 8601/); // no such day
    expect(scheduleProblem('2031-01-01T00:00:00', now)).toMatch(/ISO 8601/); // no time zone
    expect(scheduleProblem('2031', now)).toMatch(/ISO 8601/);
    expect(scheduleProblem('+010000-01-01T00:00:00Z', now)).toMatch(/ISO 8601/);
    expect(scheduleProblem('2030-06-01T10:30:00.123+02:00', now)).toBeUndefined();
    expect(scheduleProblem('2045-01-01T00:00:00Z', now)).toMatch(/within 10 years/);
  });
});

describe('facts and stats', () => {
  it('a later fact implies the earlier ones it needs', () => {
    expect(factBits('clicked')).toBe(FACT.sent | FACT.delivered | FACT.opened | FACT.clicked);
    expect(factBits('bounced') & FACT.delivered).toBe(0);
    expect(factBits('queued')).toBe(0);
    expect(factBits('sending')).toBe(0);
    expect(factBits('replied')).toBe(FACT.replied);
  });
  it("a person's open or click sets its human fact; a machine's does not; a human click is a human open too", () => {
    expect(factBits('opened') & FACT.human_opened).toBe(0);
    expect(factBits('opened', true) & FACT.human_opened).toBe(FACT.human_opened);
    expect(factBits('clicked', true) & (FACT.human_opened | FACT.human_clicked)).toBe(FACT.human_opened | FACT.human_clicked);
    expect(factBits('delivered', true)).toBe(factBits('delivered'));
  });
  it('rates are percentages of the emails sent, two decimals, 0 of nothing', () => {
    const zero = {
      sent: 0,
      delivered: 0,
      opened: 0,
      clicked: 0,
      bounced: 0,
      complained: 0,
      unsubscribed: 0,
      failed: 0,
      replied: 0,
      human_opened: 0,
      human_clicked: 0,
    };
    expect(statsView(0, zero)).toMatchObject({ openRate: 0, clickRate: 0, bounceRate: 0, deliveryRate: 0 });
    expect(statsView(3, { ...zero, sent: 3, delivered: 3, opened: 2, clicked: 1 })).toMatchObject({
      totalRecipients: 3,
      openRate: 66.67,
      clickRate: 33.33,
      deliveryRate: 100,
    });
    expect(statsView(4, { ...zero, sent: 4, opened: 4, clicked: 2, human_opened: 1, human_clicked: 1 })).toMatchObject({
      openedCount: 4,
      humanOpenedCount: 1,
      humanOpenRate: 25,
      humanClickRate: 25,
    });
  });
});

describe('statuses', () => {
  it('allow edit before the start, send until it is sent or cancelled, cancel while scheduled or sending, delete when still', () => {
    const allowed = (action: CampaignAction) => STATUSES.filter((s) => allows(s, action));
    expect(allowed('edit')).toEqual(['DRAFT', 'SCHEDULED']);
    expect(allowed('send')).toEqual(['DRAFT', 'SCHEDULED']);
    expect(allowed('cancel')).toEqual(['SCHEDULED', 'SENDING']);
    expect(allowed('delete')).toEqual(['DRAFT', 'SENT', 'CANCELLED']);
    expect(refusal('SENDING', 'delete')).toEqual({ message: 'The campaign is SENDING', suggestion: 'Cancel it first (POST /campaigns/:id/cancel).' });
    expect(refusal('DRAFT', 'cancel')?.suggestion).toMatch(/delete it/);
  });
});
