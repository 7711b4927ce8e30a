import { emailCounts, type StatusChange } from '../../src/domain/activity';

const CAMPAIGN = '01970a3c-5e1f-7b2a-9c44-2f6b1d7e8a90';
const change = (status: string, extra: Partial<StatusChange> = {}): StatusChange => ({
  projectId: 'p',
  occurredAt: '2026-12-03T10:00:00.000Z',
  status,
  campaignId: CAMPAIGN,
  ...extra,
});

describe('email counts with human figures', () => {
  it("count a machine's open raw only, a person's raw and human, and a person's after a machine's human only", () => {
    const { buckets, campaigns } = emailCounts([
      change('opened'), // Apple MPP
      change('opened', { human: true }), // a person, first open of the email
      change('opened', { human: true, raw: false }), // a person after MPP: the open was counted already
      change('clicked', { human: true }),
      change('clicked'), // a scanner
    ]);
    for (const counts of [buckets[0].counts, campaigns[0].counts]) {
      expect(counts).toMatchObject({ opened: 2, clicked: 2, human_opened: 2, human_clicked: 1 });
    }
  });

  it('takes human only for opens and clicks, and never a transient bounce', () => {
    const { buckets } = emailCounts([change('delivered', { human: true }), change('bounced', { reason: 'transient' })]);
    expect(buckets[0].counts).toMatchObject({ delivered: 1, bounced: 0, human_opened: 0, human_clicked: 0 });
  });
});
