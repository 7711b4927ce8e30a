import { Api, eventually, TopologyKind, type ReceivedMail } from '../libs/testing/src';
import { useSendingStack } from './support/sending';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Human and machine engagement end to end, in both topologies: a campaign's mail opened through
 * Apple's Mail Privacy Protection (an Apple address via X-Forwarded-For, which TRUST_PROXY lets
 * the gateway believe, and MPP's bare user agent) and clicked by a link scanner (a HEAD, then every
 * link and the hidden trap link within a second) is labelled so, and left out of the human figures
 * of the campaign's stats, the activity stats and the feed; a person's open and click count; a
 * person's click after a machine's open makes it a human open; a humanOnly click trigger does not
 * start on the scanner, a plain one does.
 */
describe.each<TopologyKind>(['all', 'split'])('human and machine engagement (%s)', (kind) => {
  const s = useSendingStack(kind, { shared: true, sns: true, env: { TRUST_PROXY: 'loopback' } });
  let api: Api;
  const t = `eng${kind}${Date.now().toString(36)}`;
  const addr = (name: string) => `${name}@${t}.test`;
  beforeAll(() => {
    api = s.api;
  });

  /** A tracked request as a client sends it: its address (X-Forwarded-For) and user agent. */
  const hit = (url: string, ip: string, ua: string, method: 'GET' | 'HEAD' = 'GET') =>
    fetch(url, { method, redirect: 'manual', headers: { 'X-Forwarded-For': ip, 'User-Agent': ua } });
  const urls = (mail: ReceivedMail) => {
    const html = String(mail.parsed.html);
    const anchors = [...html.matchAll(/<a\b([^>]*)>/g)].map((m) => m[1]);
    const href = (a: string) => /href="([^"]+)"/.exec(a)![1];
    return {
      pixel: /src="([^"]+\/t\/o\/[^"]+)"/.exec(html)![1],
      links: anchors.filter((a) => /\/t\/c\//.test(a) && !/aria-hidden/.test(a)).map(href),
      trap: anchors.filter((a) => /aria-hidden="true"/.test(a) && /\/t\/c\//.test(a)).map(href),
    };
  };

  async function workflow(humanOnly: boolean) {
    const created = await api.post('/workflows', { name: `Clicked ${humanOnly ? 'by a person' : 'at all'} ${t}`, eventName: 'email.clicked', humanOnly });
    expect([created.status, created.body.triggerConfig]).toEqual([201, { eventName: 'email.clicked', humanOnly }]);
    const exit = await api.post(`/workflows/${created.body.id}/steps`, { type: 'EXIT', name: 'Done', config: {} });
    expect(exit.status).toBe(201);
    expect((await api.post(`/workflows/${created.body.id}/transitions`, { fromStepId: created.body.steps[0].id, toStepId: exit.body.id })).status).toBe(201);
    expect((await api.patch(`/workflows/${created.body.id}`, { enabled: true })).status).toBe(200);
    return created.body.id as string;
  }
  const startedFor = async (workflowId: string) => {
    const ids = (await api.get(`/workflows/${workflowId}/executions?pageSize=100`)).body.executions.map((e: any) => e.contactId as string);
    const emails = await Promise.all(ids.map(async (id: string) => (await api.get(`/contacts/${id}`)).body.email as string));
    return emails.sort();
  };

  it('labels Apple MPP opens and a scanner burst, keeps them out of the human figures, counts people, upgrades a machine open on a human click', async () => {
    const human = await workflow(true);
    const any = await workflow(false);
    expect((await api.patch(`/workflows/${human}`, { eventName: 'email.sent', humanOnly: true })).status).toBe(422); // not an open or click
    const condition = (field: string, operator = 'triggered') =>
      api.post(`/workflows/${human}/steps`, { type: 'CONDITION', name: 'Clicked?', config: { field, operator, humanOnly: true } });
    expect((await condition('email.clicked')).status).toBe(201);
    const wrong = await condition('data.plan', 'exists');
    expect([wrong.status, wrong.body.error.errors.map((e: any) => e.field)]).toEqual([422, ['config.humanOnly']]);
    for (const name of ['mac', 'pat', 'ida']) expect((await api.post('/contacts', { email: addr(name), subscribed: true })).status).toBeLessThan(300);
    const created = await api.post('/campaigns', {
      name: `Engagement ${t}`,
      subject: 'News',
      body: '<p>Hello</p><img src="https://example.com/logo.png" alt="Logo" width="120" height="40"><a href="https://example.com/one">one</a> <a href="https://example.com/two">two</a>',
      from: s.from,
      audienceType: 'FILTERED',
      audienceFilter: { logic: 'AND', groups: [{ filters: [{ field: 'email', operator: 'contains', value: `@${t}.test` }] }] },
    });
    expect(created.status).toBe(201);
    const campaign = created.body.data.id as string;
    expect((await api.post(`/campaigns/${campaign}/send`, {})).status).toBe(200);
    const mails = Object.fromEntries(
      await Promise.all(
        ['mac', 'pat', 'ida'].map(async (name) => [name, urls(await s.smtp!.waitFor((m) => m.envelope.to[0] === addr(name), 30_000))] as const),
      ),
    );
    for (const u of Object.values(mails)) {
      expect(u.links).toHaveLength(2);
      expect(u.trap).toHaveLength(1); // the hidden trap link, in the HTML only
    }
    // Past the seconds after delivery in which anything is a machine.
    await sleep(3500);

    // mac: Apple's proxy fetches the pixel; a scanner probes, then follows every link and the trap within a second.
    expect((await hit(mails.mac.pixel, '17.58.101.3', 'Mozilla/5.0')).status).toBe(200);
    const opened = (name: string) => async () =>
      (await s.t.sql(`SELECT 1 FROM messaging.emails WHERE to_email = $1 AND opened_at IS NOT NULL`, [addr(name)])).length === 1;
    await eventually(opened('mac')); // the pixel is answered before the open is recorded
    expect((await hit(mails.mac.links[0], '203.0.113.55', CHROME, 'HEAD')).status).toBe(302);
    await Promise.all([...mails.mac.links, ...mails.mac.trap].map((u) => hit(u, '203.0.113.55', CHROME)));
    // pat: a person opens and clicks.
    await hit(mails.pat.pixel, '198.51.100.7', CHROME);
    await eventually(opened('pat'));
    const click = await hit(mails.pat.links[1], '198.51.100.7', CHROME);
    expect([click.status, click.headers.get('location')]).toEqual([302, 'https://example.com/two']);
    // ida: MPP opens first; later the person clicks.
    await hit(mails.ida.pixel, '17.58.101.9', 'Mozilla/5.0');
    await eventually(opened('ida'));
    await hit(mails.ida.links[0], '198.51.100.8', CHROME);

    // Every open and click has its class and reasons.
    const classes = await eventually(async () => {
      const rows = await s.t.sql(
        `SELECT e.to_email, g.kind, g.class, g.reasons, g.method FROM messaging.engagements g JOIN messaging.emails e ON e.project_id = g.project_id AND e.id = g.email_id
         WHERE e.campaign_id = $1 ORDER BY g.created_at`,
        [campaign],
      );
      return rows.length === 9 ? rows : undefined;
    });
    const of = (name: string) => classes.filter((r: any) => r.to_email === addr(name)).map((r: any) => `${r.kind}:${r.class}`);
    expect(of('mac')).toEqual(['open:apple_mpp', 'click:security_scanner', 'click:security_scanner', 'click:security_scanner', 'click:security_scanner']);
    expect(classes.find((r: any) => r.to_email === addr('mac') && r.method === 'HEAD').reasons).toContain('head_request');
    expect(classes.filter((r: any) => r.to_email === addr('mac') && r.kind === 'click').flatMap((r: any) => r.reasons)).toEqual(
      expect.arrayContaining(['head_request', 'trap_link', 'link_burst']),
    );
    expect(of('pat')).toEqual(['open:human', 'click:human']);
    expect(of('ida')).toEqual(['open:apple_mpp', 'click:human']);

    // Campaign stats: raw figures count everyone, human ones only pat and ida (ida's open upgraded by the click).
    const stats = await eventually(async () => {
      const r = (await api.get(`/campaigns/${campaign}/stats`)).body;
      return r.humanClickedCount === 2 && r.clickedCount === 3 && r.humanOpenedCount === 2 ? r : undefined;
    }, 20_000);
    expect(stats).toMatchObject({
      sentCount: 3,
      openedCount: 3,
      clickedCount: 3,
      humanOpenedCount: 2,
      humanClickedCount: 2,
      openRate: 100,
      humanOpenRate: 66.67,
    });

    // Activity: the stats' human figures beside the raw ones, the feed's opens labelled, human events for people only.
    const activity = (await api.get('/activity/stats')).body;
    expect(activity).toMatchObject({ totalEmailsOpened: 3, totalEmailsClicked: 3, humanOpened: 2, humanClicked: 2 });
    const feed = (await api.get('/activity?types=email.opened,email.human_opened,email.human_clicked&limit=100')).body.data as any[];
    const macOpen = feed.find((a) => a.type === 'email.opened' && a.contactEmail === addr('mac'));
    expect(macOpen.metadata.engagement).toEqual({ class: 'apple_mpp', reasons: expect.arrayContaining(['apple_mpp_range', 'apple_mpp_ua']) });
    const humanBy = (type: string) =>
      feed
        .filter((a) => a.type === type)
        .map((a) => a.contactEmail)
        .sort();
    expect(humanBy('email.human_opened')).toEqual([addr('ida'), addr('pat')]);
    expect(humanBy('email.human_clicked')).toEqual([addr('ida'), addr('pat')]);
    const series = (await api.get('/analytics/timeseries')).body as any[];
    expect(series.reduce((n, d) => n + d.humanClicks, 0)).toBe(2);

    // The humanOnly trigger started for the people only; the plain one for the scanner's click too.
    expect(await eventually(async () => ((await startedFor(any)).length === 3 ? startedFor(any) : undefined))).toEqual([addr('ida'), addr('mac'), addr('pat')]);
    expect(await eventually(async () => ((await startedFor(human)).length === 2 ? startedFor(human) : undefined))).toEqual([addr('ida'), addr('pat')]);
    expect(await startedFor(human)).not.toContain(addr('mac'));
  }, 120_000);

  it("classifies the opens and clicks a provider reports (SES Open and Click) as Herald's own", async () => {
    const r = await api.post('/v1/send', { to: addr('ses'), from: s.from, subject: 'Via SES', body: '<p>Hi</p><a href="https://example.com/ses">go</a>' });
    expect(r.status).toBe(200);
    const mail = await s.smtp!.waitFor((m) => m.envelope.to[0] === addr('ses'), 20_000);
    // SES reports by Message-ID: the sender records it just after the sink has the mail (a batched write).
    await eventually(
      async () => (await s.t.sql(`SELECT 1 FROM messaging.emails WHERE to_email = $1 AND message_id IS NOT NULL`, [addr('ses')])).length === 1,
      10_000,
    );
    const notify = async (message: string) => {
      const hook = await fetch(`${s.t.baseUrl}/webhooks/mail`, { method: 'POST', body: s.sns!.sign('Notification', { Message: message }, '1') });
      expect(hook.status).toBe(200);
    };
    // Apple's proxy opened it, then a scanner from Microsoft's range clicked.
    const open = JSON.parse(s.sns!.sesOpen(mail.parsed.messageId!, addr('ses')));
    open.open = { ...open.open, ipAddress: '17.58.7.7', userAgent: 'Mozilla/5.0' };
    await notify(JSON.stringify(open));
    const click = JSON.parse(s.sns!.sesClick(mail.parsed.messageId!, addr('ses'), 'https://example.com/ses'));
    click.click = { ...click.click, ipAddress: '40.107.3.3', userAgent: CHROME };
    await notify(JSON.stringify(click));
    const rows = await eventually(async () => {
      const got = await s.t.sql(
        `SELECT g.kind, g.class, g.reasons FROM messaging.engagements g JOIN messaging.emails e ON e.project_id = g.project_id AND e.id = g.email_id
         WHERE e.to_email = $1 ORDER BY g.kind DESC`,
        [addr('ses')],
      );
      return got.length === 2 ? got : undefined;
    });
    expect(rows.map((g: any) => `${g.kind}:${g.class}`)).toEqual(['open:apple_mpp', 'click:security_scanner']);
    expect(rows[1].reasons).toContain('microsoft_scanner_range');
    const contact = r.body.data.emails[0].contact.id;
    const names = await eventually(async () => {
      const got = (await api.get(`/events/contact/${contact}`)).body.events.map((e: any) => e.name as string);
      return got.includes('email.clicked') ? got : undefined;
    });
    expect(names).toEqual(expect.arrayContaining(['email.opened', 'email.clicked']));
    expect(names.filter((n: string) => n.startsWith('email.human_'))).toEqual([]);
  }, 60_000);
});
