import crypto from 'node:crypto';
import { Api, eventually, TopologyKind } from '../libs/testing/src';
import { useSendingStack } from './support/sending';

/**
 * Activity and analytics in Plunk's shapes, in both topologies: real emails sent through a
 * verified domain to a real SMTP server, opened and clicked through the tracking URLs, and the
 * activity feed, its stats and the analytics agreeing with what happened, campaigns included
 * (sent by the campaigns service, whose events feed the campaign analytics).
 */
describe.each<TopologyKind>(['all'])('activity and analytics (%s)', (kind) => {
  const stack = useSendingStack(kind, { shared: true, transactionalOpens: true });
  let api: Api;
  let other: Api;
  const run = crypto.randomBytes(3).toString('hex');
  const to = ['ada', 'bob', 'cy'].map((n) => `${n}-${run}@activity.test`);
  const sent: Array<{ contact: string; email: string; html: string }> = [];
  let today: string;

  beforeAll(async () => {
    // What is sent here and the day-bucket assertions must fall on one day, in UTC and in Tokyo
    // (whose midnight is 15:00 UTC): a run that would start within 90 s of either midnight waits it out.
    const DAY = 86_400_000;
    const untilMidnight = Math.min(DAY - (Date.now() % DAY), DAY - ((Date.now() + 9 * 3_600_000) % DAY));
    if (untilMidnight < 90_000) await new Promise((r) => setTimeout(r, untilMidnight + 1000));
    today = new Date().toISOString().slice(0, 10);
    api = stack.api;
    const owner = await stack.t.owner();
    const created = await owner.post('/users/@me/projects', { name: `Other ${run}` });
    expect(created.status).toBe(201);
    other = new Api(stack.t.baseUrl, created.body.secret);

    for (const address of to) {
      const r = await api.post('/v1/send', {
        to: address,
        from: stack.from,
        subject: `Hello ${address}`,
        body: '<img src="https://example.com/logo.png" alt="Logo" width="120" height="40"><p>Hi</p><a href="https://example.com/docs">docs</a>',
      });
      expect(r.status).toBe(200);
      const { contact, email } = r.body.data.emails[0];
      const mail = await stack.smtp!.waitFor((m) => (m.parsed.messageId ?? '').includes(email));
      sent.push({ contact: contact.id, email, html: String(mail.parsed.html) });
    }
    // ada opens and clicks, bob opens, cy does nothing.
    const pixel = (html: string) => html.match(/src="([^"]+\/t\/o\/[^"]+)"/)![1];
    const link = (html: string) => html.match(/href="([^"]+\/t\/c\/[^"]+)"/)![1];
    expect((await fetch(pixel(sent[0].html))).status).toBe(200);
    expect((await fetch(link(sent[0].html), { redirect: 'manual' })).status).toBe(302);
    expect((await fetch(pixel(sent[1].html))).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await api.post('/v1/track', { event: `signed-up-${run}`, email: to[2] })).status).toBe(200);

    await eventually(async () => {
      const s = (await api.get('/activity/stats')).body;
      return s.totalEmailsSent === 3 && s.totalEmailsOpened === 2 && s.totalEmailsClicked === 1;
    }, 20_000);
  }, 240_000);

  it('stats count the emails sent, opened and clicked, with rates in percent', async () => {
    const s = (await api.get('/activity/stats')).body;
    expect(s).toEqual({
      totalEvents: expect.any(Number),
      totalEmailsSent: 3,
      totalEmailsOpened: 2,
      totalEmailsClicked: 1,
      totalWorkflowsStarted: 0,
      openRate: 66.67,
      clickRate: 33.33,
      // fetch's user agent is no browser's: its opens and clicks are no person's (e2e/engagement.test.ts has people).
      humanOpened: 0,
      humanClicked: 0,
      humanOpenRate: 0,
      humanClickRate: 0,
    });
    // sent ×3, opened ×2, clicked, two tracks (contacts a send creates get no subscription event).
    await eventually(async () => (await api.get('/activity/stats')).body.totalEvents === 8);
    expect((await api.get(`/activity/stats?startDate=${today}&endDate=${today}`)).body.totalEmailsSent).toBe(3);
    expect((await api.get('/activity/stats?endDate=2000-01-01')).body).toMatchObject({ totalEvents: 0, totalEmailsSent: 0, openRate: 0 });
  });

  it('the feed shows each activity once, with its contact’s email, newest first, page by page', async () => {
    const seen: any[] = [];
    let cursor: string | null = null;
    do {
      const res: any = await api.get(`/activity?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.hasMore).toBe(res.body.cursor !== null);
      seen.push(...res.body.data);
      cursor = res.body.cursor;
    } while (cursor);
    expect(seen).toHaveLength(8);
    expect(new Set(seen.map((a) => a.id)).size).toBe(8);
    expect(seen.map((a) => a.timestamp)).toEqual([...seen.map((a) => a.timestamp)].sort().reverse());
    const count = (type: string) => seen.filter((a) => a.type === type).length;
    expect([count('email.sent'), count('email.opened'), count('email.clicked'), count('event.triggered')]).toEqual([3, 2, 1, 2]);

    const clicked = seen.find((a) => a.type === 'email.clicked');
    expect(clicked).toEqual({
      id: expect.any(String),
      type: 'email.clicked',
      timestamp: expect.any(String),
      contactId: sent[0].contact,
      contactEmail: to[0],
      metadata: expect.objectContaining({ emailId: sent[0].email, subject: `Hello ${to[0]}`, link: 'https://example.com/docs', sourceType: 'transactional' }),
    });
    expect(seen.find((a) => a.type === 'event.triggered')).toMatchObject({ contactEmail: to[2], metadata: { eventName: `signed-up-${run}`, eventData: {} } });

    const opened = (await api.get('/activity?types=email.opened,email.clicked')).body;
    expect(opened.data.map((a: any) => `${a.type} ${a.contactEmail}`).sort()).toEqual([
      `email.clicked ${to[0]}`,
      `email.opened ${to[0]}`,
      `email.opened ${to[1]}`,
    ]);
    const bob = (await api.get(`/activity?contactId=${sent[1].contact}`)).body;
    expect(bob.data.map((a: any) => a.type).sort()).toEqual(['email.opened', 'email.sent']);
    expect((await api.get('/activity/types')).body.types).toEqual(
      expect.arrayContaining(['email.sent', 'email.opened', 'email.clicked', 'contact.subscribed', 'event.triggered']),
    );
    expect((await api.get('/activity/recent-count?minutes=30')).body).toEqual({ count: 8, minutes: 30 });
  });

  it('the time series has every day, today with what was sent, in any time zone', async () => {
    const series = (await api.get('/analytics/timeseries')).body;
    expect(series).toHaveLength(30);
    expect(series[29]).toEqual({ date: `${today}T00:00:00.000Z`, emails: 3, delivered: 0, opens: 2, clicks: 1, bounces: 0, humanOpens: 0, humanClicks: 0 });
    expect(series.slice(0, 29).every((d: any) => d.emails === 0 && d.opens === 0)).toBe(true);
    // In Tokyo (UTC+9, no DST), now's day there holds them all.
    const tokyoToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
    const tokyo = (await api.get(`/analytics/timeseries?timezone=Asia/Tokyo&startDate=${tokyoToday}&endDate=${tokyoToday}`)).body;
    expect(tokyo).toEqual([
      {
        date: new Date(Date.parse(`${tokyoToday}T00:00:00+09:00`)).toISOString(),
        emails: 3,
        delivered: 0,
        opens: 2,
        clicks: 1,
        bounces: 0,
        humanOpens: 0,
        humanClicks: 0,
      },
    ]);
  });

  it('top events rank the names recorded, with a trend against the period before', async () => {
    const top = (await api.get('/analytics/top-events?limit=10')).body;
    expect(top).toEqual([
      { name: 'email.sent', count: 3, trend: 100 },
      { name: 'email.opened', count: 2, trend: 100 },
      { name: `signed-up-${run}`, count: 2, trend: 100 },
      { name: 'email.clicked', count: 1, trend: 100 },
    ]);
    expect((await api.get('/analytics/top-events?limit=2')).body).toEqual(top.slice(0, 2));
    // Nothing in the 7 days before: the same ranking, each new.
    expect((await api.get(`/analytics/top-events?startDate=${today}`)).body).toEqual(top);
  });

  it('campaigns come from the campaigns service: upcoming sends, campaign stats and top campaigns agree with its own stats', async () => {
    const audience = ['dee', 'eve'].map((n) => `${n}-${run}@activity.test`);
    for (const email of audience) expect((await api.post('/contacts', { email, subscribed: true })).status).toBeLessThan(300);
    const created = await api.post('/campaigns', {
      name: 'June news',
      subject: 'What is new',
      body: '<img src="https://example.com/logo.png" alt="Logo" width="120" height="40"><p>News</p><a href="https://example.com/news">news</a>',
      from: stack.from,
      audienceType: 'FILTERED',
      audienceFilter: { logic: 'AND', groups: [{ filters: [{ field: 'email', operator: 'contains', value: `-${run}@activity.test` }] }] },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    expect((await api.post(`/campaigns/${id}/send`, { scheduledFor: scheduledAt })).body.status).toBe('SCHEDULED');
    await eventually(async () => (await api.get('/activity/upcoming')).body.activities.length === 1);
    expect((await api.get('/activity/upcoming')).body).toEqual({
      activities: [
        {
          id: `campaign_${id}_scheduled`,
          type: 'campaign.scheduled',
          timestamp: scheduledAt,
          contactId: null,
          contactEmail: null,
          metadata: { campaignId: id, campaignName: 'June news', subject: 'What is new', totalRecipients: 0, audienceType: 'FILTERED' },
        },
      ],
    });
    expect((await api.get('/analytics/campaign-stats')).body).toEqual({ total: 1, active: 1, completed: 0, averageOpenRate: 0, averageClickRate: 0 });

    // Sent now instead: the two subscribed contacts get it; dee opens hers.
    expect((await api.post(`/campaigns/${id}/send`, {})).body.status).toBe('SENDING');
    const mail = await stack.smtp!.waitFor((m) => m.envelope.to[0] === audience[0] && m.parsed.subject === 'What is new');
    await fetch(String(mail.parsed.html).match(/src="([^"]+\/t\/o\/[^"]+)"/)![1]);
    await eventually(async () => (await api.get('/analytics/campaign-stats')).body.completed === 1, 20_000);
    expect((await api.get('/activity/upcoming')).body).toEqual({ activities: [] });
    const top = await eventually(async () => {
      const r = (await api.get('/analytics/top-campaigns')).body;
      return r[0]?.openedCount === 1 && r[0]?.sentCount === 2 ? r : undefined;
    });
    expect(top).toEqual([
      {
        id,
        name: 'June news',
        subject: 'What is new',
        sentCount: 2,
        openedCount: 1,
        clickedCount: 0,
        openRate: 50,
        clickRate: 0,
        humanOpenedCount: 0,
        humanClickedCount: 0,
        humanOpenRate: 0,
        humanClickRate: 0,
      },
    ]);
    expect((await api.get(`/campaigns/${id}/stats`)).body).toMatchObject({
      totalRecipients: 2,
      sentCount: 2,
      openedCount: 1,
      clickedCount: 0,
      openRate: 50,
      clickRate: 0,
    });
    expect((await api.get('/analytics/campaign-stats')).body).toEqual({ total: 1, active: 0, completed: 1, averageOpenRate: 50, averageClickRate: 0 });

    expect((await api.delete(`/campaigns/${id}`)).status).toBe(204);
    await eventually(async () => (await api.get('/analytics/top-campaigns')).body.length === 0);
    expect((await api.get('/analytics/campaign-stats')).body).toMatchObject({ total: 0, completed: 0 });
  });

  it('another project sees nothing of this one on any route', async () => {
    expect((await other.get('/activity')).body).toEqual({ data: [], cursor: null, hasMore: false });
    expect((await other.get(`/activity?contactId=${sent[0].contact}`)).body.data).toEqual([]);
    expect((await other.get('/activity/stats')).body).toEqual({
      totalEvents: 0,
      totalEmailsSent: 0,
      totalEmailsOpened: 0,
      totalEmailsClicked: 0,
      totalWorkflowsStarted: 0,
      openRate: 0,
      clickRate: 0,
      humanOpened: 0,
      humanClicked: 0,
      humanOpenRate: 0,
      humanClickRate: 0,
    });
    expect((await other.get('/activity/recent-count')).body).toEqual({ count: 0, minutes: 60 });
    expect((await other.get('/activity/upcoming')).body).toEqual({ activities: [] });
    const series = (await other.get('/analytics/timeseries')).body;
    expect(series.every((d: any) => d.emails + d.delivered + d.opens + d.clicks + d.bounces === 0)).toBe(true);
    expect((await other.get('/analytics/top-campaigns')).body).toEqual([]);
    expect((await other.get('/analytics/campaign-stats')).body).toEqual({ total: 0, active: 0, completed: 0, averageOpenRate: 0, averageClickRate: 0 });
    expect((await other.get('/analytics/top-events')).body).toEqual([]);
  });

  it('refuses bad input with a 400 naming the parameter, with a suggestion', async () => {
    for (const [path, field] of [
      ['/analytics/timeseries?timezone=Mars/Olympus', 'timezone'],
      ['/analytics/timeseries?startDate=2025-06-02&endDate=2025-06-01', 'startDate'],
      ['/analytics/timeseries?startDate=2020-01-01&endDate=2025-01-01', 'startDate'],
      ['/activity?startDate=yesterday', 'startDate'],
      ['/activity/stats?endDate=2025-13-01', 'endDate'],
      ['/activity?cursor=not-a-cursor', 'cursor'],
      ['/activity?limit=101', 'limit'],
      ['/activity?limit=0', 'limit'],
      ['/activity?types=email.sent,email.nope', 'types'],
      ['/activity?contactId=42', 'contactId'],
      ['/activity/recent-count?minutes=100000', 'minutes'],
      ['/analytics/top-events?limit=abc', 'limit'],
    ] as const) {
      const res = await api.get(path);
      expect({
        path,
        status: res.status,
        code: res.body.error?.code,
        field: res.body.error?.errors?.[0]?.field,
        suggestion: typeof res.body.error?.suggestion,
      }).toEqual({ path, status: 400, code: 'BAD_REQUEST', field, suggestion: 'string' });
    }
  });
});
