import { Api, eventually, TopologyKind } from '../libs/testing/src';
import { useSendingStack } from './support/sending';

/**
 * A campaign previewed for its audience's contacts (POST /campaigns/:id/preview, rendered by
 * POST /templates/preview) and tested with one contact's data (POST /campaigns/:id/test with
 * `contactId`) and the top campaigns by name, in both topologies against the real SMTP sink: the first contacts the audience
 * resolves to, a chosen contact, the mail carrying that contact's data, the 422s and 404s.
 */
describe.each<TopologyKind>(['all', 'split'])('campaign preview (%s)', (kind) => {
  const s = useSendingStack(kind, { shared: true });
  let api: Api;
  beforeAll(() => {
    api = s.api;
  });
  const t = `pv${kind}${Date.now().toString(36)}`;
  const subject = 'Olá {{firstName ?? "friend"}}';
  const body = '<p>Olá {{firstName ?? "friend"}}, your {{plan}} plan.</p><a href="{{unsubscribeUrl}}">Unsubscribe</a>';

  async function seeded() {
    const ids: Record<string, string> = {};
    for (const [name, plan] of [
      ['ana', 'pro'],
      ['bea', 'free'],
      ['cid', 'team'],
    ] as const) {
      const r = await api.post('/contacts', { email: `${name}@${t}.test`, subscribed: true, data: { firstName: name.toUpperCase(), plan, tag: t } });
      expect(r.status).toBeLessThan(300);
      ids[name] = r.body.id;
    }
    // Not subscribed: never in the audience.
    await api.post('/contacts', { email: `dan@${t}.test`, subscribed: false, data: { firstName: 'DAN', plan: 'pro', tag: t } });
    const c = await api.post('/campaigns', {
      name: `Preview ${t}`,
      subject,
      body,
      from: s.from,
      audienceType: 'FILTERED',
      audienceFilter: { logic: 'AND', groups: [{ filters: [{ field: 'data.tag', operator: 'equals', value: t }] }] },
    });
    expect([c.status, c.body.error]).toEqual([201, undefined]);
    return { ids, campaign: c.body.data };
  }

  it("answers the audience's first contacts and the chosen one's data; the rendering shows it", async () => {
    const { ids, campaign } = await seeded();
    const r = await api.post(`/campaigns/${campaign.id}/preview`, {});
    expect([r.status, r.body.error]).toEqual([200, undefined]);
    expect(r.body).toMatchObject({ subject, body, from: s.from, fromName: null });
    // The subscribed contacts of the audience, in id order (the order a send takes them).
    const expected = Object.values(ids).sort();
    expect(r.body.contacts.map((x: any) => x.id)).toEqual(expected);
    expect(r.body.contacts.map((x: any) => x.email)).not.toContain(`dan@${t}.test`);
    expect(r.body.contact.id).toBe(expected[0]);

    const two = await api.post(`/campaigns/${campaign.id}/preview`, { sample: 2 });
    expect(two.body.contacts).toHaveLength(2);

    const ana = await api.post(`/campaigns/${campaign.id}/preview`, { contactId: ids.ana });
    expect(ana.body.contact).toEqual({ id: ids.ana, email: `ana@${t}.test`, subscribed: true, data: { firstName: 'ANA', plan: 'pro', tag: t } });
    const rendered = await api.post('/templates/preview', {
      subject: ana.body.subject,
      body: ana.body.body,
      data: { ...ana.body.contact.data, email: ana.body.contact.email },
    });
    expect(rendered.body.subject).toBe('Olá ANA');
    expect(rendered.body.html).toContain('your pro plan');
  });

  it('refuses a bad contactId or sample with the field named, another project’s contact or campaign with a 404', async () => {
    const { ids, campaign } = await seeded();
    const bad = await api.post(`/campaigns/${campaign.id}/preview`, { contactId: 'nope' });
    expect([bad.status, bad.body.error.errors[0].field]).toEqual([422, 'contactId']);
    expect(bad.body.error.suggestion).toBeTruthy();
    const sample = await api.post(`/campaigns/${campaign.id}/preview`, { sample: 0 });
    expect([sample.status, sample.body.error.errors[0].field]).toEqual([422, 'sample']);
    const testBad = await api.post(`/campaigns/${campaign.id}/test`, { email: `me@${t}.test`, contactId: 'nope' });
    expect([testBad.status, testBad.body.error.errors[0].field]).toEqual([422, 'contactId']);

    const owner = await s.t.owner();
    const other = await owner.post('/users/@me/projects', { name: `Preview other ${t}` });
    const them = new Api(s.t.baseUrl, other.body.secret);
    const theirs = await them.post('/contacts', { email: `eve@${t}.test`, data: { plan: 'secret' } });
    const theirId = theirs.body.id;
    const foreign = await api.post(`/campaigns/${campaign.id}/preview`, { contactId: theirId });
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'CONTACT_NOT_FOUND']);
    expect(JSON.stringify(foreign.body)).not.toContain('secret');
    const foreignTest = await api.post(`/campaigns/${campaign.id}/test`, { email: `me@${t}.test`, contactId: theirId });
    expect([foreignTest.status, foreignTest.body.error.code]).toEqual([404, 'CONTACT_NOT_FOUND']);
    const notTheirs = await them.post(`/campaigns/${campaign.id}/preview`, { contactId: ids.ana });
    expect([notTheirs.status, notTheirs.body.error.code]).toEqual([404, 'CAMPAIGN_NOT_FOUND']);
  });

  it("sends a test rendered with the chosen contact's data, without storing it on the test address's contact", async () => {
    const { ids, campaign } = await seeded();
    const to = `tester@${t}.test`;
    const r = await api.post(`/campaigns/${campaign.id}/test`, { email: to, contactId: ids.ana });
    expect([r.status, r.body.error]).toEqual([200, undefined]);
    const mail = await eventually(async () => s.smtp!.messages.find((m) => m.envelope.to[0] === to), 30_000);
    expect(mail.parsed.subject).toBe('[TEST] Olá ANA');
    expect(String(mail.parsed.html)).toContain('your pro plan');
    // The test address's contact (upserted by the send) keeps no data of the chosen contact's.
    const tester = (await api.get(`/contacts?search=${encodeURIComponent(to)}`)).body.data.find((x: any) => x.email === to);
    expect(tester).toBeDefined();
    expect(tester.data).not.toHaveProperty('plan');
  });

  it('names each of the top campaigns (its subject being a template)', async () => {
    const { campaign } = await seeded();
    expect((await api.post(`/campaigns/${campaign.id}/send`, {})).status).toBe(200);
    const top = await eventually(async () => {
      const r = (await api.get('/analytics/top-campaigns?limit=100')).body as any[];
      return r.find((c) => c.id === campaign.id);
    }, 30_000);
    expect(top).toMatchObject({ id: campaign.id, name: `Preview ${t}`, subject });
  });
});
