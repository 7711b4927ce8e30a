import { Api, eventually, TopologyKind, type ReceivedMail } from '../libs/testing/src';
import { useSendingStack } from './support/sending';

/**
 * Campaigns end to end, in both topologies, against the real SMTP sink: CRUD and its refusals,
 * sends to ALL, SEGMENT and FILTERED audiences (exactly the right recipients, once each,
 * personalised; unsubscribed and suppressed skipped), schedules, cancel, stats consistent with
 * what arrived, opens, clicks and unsubscribes counted once, template and segment usage, tenancy.
 */
describe.each<TopologyKind>(['all'])('campaigns (%s)', (kind) => {
  const s = useSendingStack(kind, { shared: true });
  let api: Api;
  let n = 0;
  /** A tag unique to each test: its contacts' emails carry it, so tests never see each other's mail. */
  const tag = () => `c${++n}${kind}`;

  beforeAll(() => {
    api = s.api;
  });

  const mailTo = (suffix: string) => s.smtp!.messages.filter((m) => m.envelope.to[0]?.endsWith(suffix));
  const create = async (body: Record<string, unknown>) => {
    const r = await api.post('/campaigns', {
      name: 'Campaign',
      subject: 'Hi {{data.first ?? "there"}}',
      body: '<p>Hello {{data.first ?? "friend"}} ({{email}})</p><a href="https://example.com/x">x</a>',
      from: s.from,
      audienceType: 'ALL',
      ...body,
    });
    expect(r.status).toBe(201);
    return r.body.data;
  };
  const sent = (id: string) =>
    eventually(async () => {
      const c = (await api.get(`/campaigns/${id}`)).body;
      return c.status === 'SENT' ? c : undefined;
    }, 30_000);
  /** Contacts `<name>@<t>.test` for each name; `unsub` ones unsubscribed. */
  const seed = async (t: string, names: string[], opts: { unsub?: string[]; data?: (name: string) => Record<string, unknown> } = {}) => {
    for (const name of names) {
      const r = await api.post('/contacts', {
        email: `${name}@${t}.test`,
        subscribed: !opts.unsub?.includes(name),
        data: { first: name.toUpperCase(), ...opts.data?.(name) },
      });
      expect(r.status).toBeLessThan(300);
    }
  };
  /** A send to ALL reaches every subscribed contact of the project: a test's own recipients are those with its tag. */
  const recipients = (t: string) =>
    mailTo(`@${t}.test`)
      .map((m) => m.envelope.to[0])
      .sort();

  it('creates, lists, gets, replaces, duplicates and deletes; refuses bad input with the field named', async () => {
    const c = await create({ name: 'First', description: 'd' });
    expect(c).toMatchObject({ name: 'First', status: 'DRAFT', type: 'ALL', audienceType: 'ALL', scheduledAt: null, totalRecipients: 0, sentCount: 0 });

    const list = await api.get('/campaigns?pageSize=100');
    expect(list.status).toBe(200);
    expect(list.body.data.map((x: any) => x.id)).toContain(c.id);
    expect(list.body).toMatchObject({ page: 1, pageSize: 100 });
    expect((await api.get('/campaigns?status=NOPE')).status).toBe(400);

    expect((await api.get(`/campaigns/${c.id}`)).body.name).toBe('First');
    const put = await api.put(`/campaigns/${c.id}`, {
      name: 'Renamed',
      subject: 'S',
      body: 'B',
      from: s.from,
      audienceType: 'FILTERED',
      audienceCondition: { logic: 'AND', groups: [{ filters: [{ field: 'data.plan', operator: 'equals', value: 'pro' }] }] },
    });
    expect([put.status, put.body?.error]).toEqual([200, undefined]);
    // Plunk's audienceCondition is audienceFilter.
    expect(put.body).toMatchObject({
      name: 'Renamed',
      audienceType: 'FILTERED',
      audienceFilter: { logic: 'AND', groups: [{ filters: [{ field: 'data.plan', operator: 'equals', value: 'pro' }] }] },
    });

    // Contacts lists it among the users of the field it filters on.
    await eventually(async () =>
      (await api.get('/contacts/fields/data.plan/usage')).body.usedInCampaigns.some((x: any) => x.id === c.id && x.name === 'Renamed'),
    );

    const copy = await api.post(`/campaigns/${c.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Renamed (Copy)', status: 'DRAFT', audienceType: 'FILTERED' });
    expect(copy.body.id).not.toBe(c.id);

    expect((await api.delete(`/campaigns/${copy.body.id}`)).status).toBe(204);
    expect((await api.get(`/campaigns/${copy.body.id}`)).status).toBe(404);
    expect((await api.get('/campaigns/not-an-id')).body.error.code).toBe('CAMPAIGN_NOT_FOUND');

    const missing = await api.post('/campaigns', { subject: 'x', body: 'y', from: s.from, audienceType: 'SEGMENT' });
    expect(missing.status).toBe(422);
    expect(missing.body.error.errors.map((e: any) => e.field)).toEqual(['name']);
    const noSegmentId = await api.post('/campaigns', { name: 'x', subject: 'x', body: 'y', from: s.from, audienceType: 'SEGMENT' });
    expect(noSegmentId.body.error.errors.map((e: any) => e.field)).toEqual(['segmentId']);
    const badFilter = await api.post('/campaigns', {
      name: 'x',
      subject: 'x',
      body: 'y',
      from: s.from,
      audienceType: 'FILTERED',
      audienceFilter: { logic: 'AND', groups: [{ filters: [{ field: 'data.plan', operator: 'sortOf' }] }] },
    });
    expect(badFilter.status).toBe(422);
    expect(badFilter.body.error.errors[0].field).toBe('audienceFilter.groups[0].filters[0].operator');
    const noSegment = await api.post('/campaigns', {
      name: 'x',
      subject: 'x',
      body: 'y',
      from: s.from,
      audienceType: 'SEGMENT',
      segmentId: '01970b1e-3c4d-7e5f-8a9b-0c1d2e3f4a5b',
    });
    expect(noSegment.status).toBe(422);
    expect(noSegment.body.error.errors[0].field).toBe('segmentId');
    const unverified = await api.post('/campaigns', { name: 'x', subject: 'x', body: 'y', from: 'me@not-verified.example', audienceType: 'ALL' });
    expect(unverified.status).toBe(403);
    expect(unverified.body.error).toMatchObject({ code: 'DOMAIN_NOT_VERIFIED', errors: [{ field: 'from' }] });
    expect((await api.post('/campaigns', '{"name":')).status).toBe(400);
    // zod's own codes, every bad field named; on a replace an unknown campaign comes first.
    const badIds = await api.post('/campaigns', { name: 7, subject: 'x', body: 'y', from: s.from, audienceType: 'ALL', templateId: 'nope' });
    expect(badIds.body.error.errors).toEqual([
      expect.objectContaining({ field: 'name', code: 'invalid_type' }),
      expect.objectContaining({ field: 'templateId', code: 'invalid_format', message: 'must be a template id' }),
    ]);
    const ghost = await api.put('/campaigns/01970b1e-3c4d-7e5f-8a9b-0c1d2e3f4a5b', { name: '' });
    expect([ghost.status, ghost.body.error.code]).toEqual([404, 'CAMPAIGN_NOT_FOUND']);
    const badPut = await api.put(`/campaigns/${c.id}`, { name: '' });
    expect([badPut.status, badPut.body.error.errors.map((e: any) => e.field)]).toEqual([422, ['name', 'audienceType']]);
  });

  it('sends to ALL: every subscribed contact once, personalised, with one-click unsubscribe; unsubscribed and suppressed get nothing', async () => {
    const t = tag();
    await seed(t, ['ann', 'bob', 'cy', 'dee', 'eve'], { unsub: ['dee'] });
    await s.t.sql(`INSERT INTO messaging.suppressions (project_id, email, reason) VALUES ($1, $2, 'bounced')`, [s.t.projectId, `eve@${t}.test`]);
    const c = await create({ name: `All ${t}`, audienceType: 'ALL' });
    const subscribed = (await api.get('/contacts?subscribed=true&limit=1')).body.total;
    const started = await api.post(`/campaigns/${c.id}/send`, {});
    expect(started.status).toBe(200);
    expect(started.body.status).toBe('SENDING');

    const done = await sent(c.id);
    await eventually(async () => recipients(t).length === 3);
    expect(recipients(t)).toEqual([`ann@${t}.test`, `bob@${t}.test`, `cy@${t}.test`]);
    const ann = mailTo(`ann@${t}.test`)[0];
    expect(ann.parsed.subject).toBe('Hi ANN');
    expect(String(ann.parsed.html)).toContain(`Hello ANN (ann@${t}.test)`);
    expect(ann.parsed.headerLines.find((h) => h.key === 'list-unsubscribe')?.line).toMatch(/\/unsubscribe\//);
    expect(ann.parsed.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toMatch(/List-Unsubscribe=One-Click/);
    expect(done.totalRecipients).toBe(subscribed); // every subscribed contact of the project, eve (suppressed) included
    expect((await api.post(`/campaigns/${c.id}/send`, {})).status).toBe(400); // sent already
    expect((await api.put(`/campaigns/${c.id}`, { name: 'x', subject: 'x', body: 'y', from: s.from, audienceType: 'ALL' })).status).toBe(400);

    // The stats agree with the sink: eve's email failed (suppressed), the others were sent.
    const stats = await eventually(async () => {
      const r = (await api.get(`/campaigns/${c.id}/stats`)).body;
      return r.sentCount === done.totalRecipients - 1 ? r : undefined;
    });
    expect(stats).toMatchObject({ totalRecipients: done.totalRecipients, openedCount: 0, clickedCount: 0, unsubscribedCount: 0, openRate: 0 });
  });

  it('counts opens, clicks and unsubscribes once per recipient', async () => {
    const t = tag();
    await seed(t, ['fay', 'gus']);
    const c = await create({
      name: `Track ${t}`,
      audienceType: 'FILTERED',
      audienceFilter: { logic: 'AND', groups: [{ filters: [{ field: 'email', operator: 'contains', value: `@${t}.test` }] }] },
      body: '<img src="https://example.com/logo.png" alt="Logo" width="120" height="40"><p>{{email}}</p><a href="https://example.com/read">read</a> <a href="{{unsubscribeUrl}}">unsubscribe</a>',
    });
    await api.post(`/campaigns/${c.id}/send`, {});
    await sent(c.id);
    await eventually(async () => recipients(t).length === 2);
    const html = String(mailTo(`fay@${t}.test`)[0].parsed.html);
    const pixel = html.match(/src="([^"]+\/t\/o\/[^"]+)"/)![1];
    const link = html.match(/href="([^"]+\/t\/c\/[^"]+)"/)![1];
    await fetch(pixel);
    await fetch(pixel);
    await fetch(link, { redirect: 'manual' });
    await fetch(link, { redirect: 'manual' });
    const unsubscribe = html.match(/href="([^"]+\/unsubscribe\/[^"]+)"/)![1];
    expect(
      (await fetch(unsubscribe, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } }))
        .status,
    ).toBe(200);
    const stats = await eventually(async () => {
      const r = (await api.get(`/campaigns/${c.id}/stats`)).body;
      return r.clickedCount === 1 && r.unsubscribedCount === 1 ? r : undefined;
    });
    expect(stats).toMatchObject({ totalRecipients: 2, sentCount: 2, openedCount: 1, clickedCount: 1, unsubscribedCount: 1, openRate: 50, clickRate: 50 });
  });

  it('sends to a SEGMENT and to a FILTERED audience: exactly their subscribed members', async () => {
    const t = tag();
    await seed(t, ['hal', 'ida', 'jon', 'kim'], { unsub: ['kim'], data: (name) => ({ plan: name === 'jon' ? 'free' : 'pro' }) });
    const seg = await api.post('/segments', {
      name: `Pro ${t}`,
      type: 'DYNAMIC',
      condition: {
        logic: 'AND',
        groups: [
          {
            filters: [
              { field: 'data.plan', operator: 'equals', value: 'pro' },
              { field: 'email', operator: 'contains', value: `@${t}.test` },
            ],
          },
        ],
      },
    });
    expect(seg.status).toBe(201);
    const bySegment = await create({ name: `Seg ${t}`, audienceType: 'SEGMENT', segmentId: seg.body.id, subject: 'seg {{data.first}}' });
    const byFilter = await create({
      name: `Filter ${t}`,
      audienceType: 'FILTERED',
      audienceFilter: {
        logic: 'AND',
        groups: [
          {
            filters: [
              { field: 'data.plan', operator: 'equals', value: 'free' },
              { field: 'email', operator: 'contains', value: `@${t}.test` },
            ],
          },
        ],
      },
      subject: 'filter {{data.first}}',
    });
    await api.post(`/campaigns/${bySegment.id}/send`, {});
    await api.post(`/campaigns/${byFilter.id}/send`, {});
    const [a, b] = await Promise.all([sent(bySegment.id), sent(byFilter.id)]);
    expect([a.totalRecipients, b.totalRecipients]).toEqual([2, 1]);
    await eventually(async () => recipients(t).length === 3);
    const subjects = mailTo(`@${t}.test`)
      .map((m) => `${m.envelope.to[0]} ${m.parsed.subject}`)
      .sort();
    expect(subjects).toEqual([`hal@${t}.test seg HAL`, `ida@${t}.test seg IDA`, `jon@${t}.test filter JON`]);
  });

  it('schedules (and reschedules), refuses a past date, starts on time; cancel stops a scheduled one', async () => {
    const t = tag();
    await seed(t, ['lou']);
    const audience = {
      audienceType: 'FILTERED',
      audienceFilter: { logic: 'AND', groups: [{ filters: [{ field: 'email', operator: 'contains', value: `@${t}.test` }] }] },
    };
    const c = await create({ name: `Later ${t}`, ...audience });
    const past = await api.post(`/campaigns/${c.id}/send`, { scheduledFor: '2020-01-01T00:00:00Z' });
    expect([past.status, past.body.error.code, past.body.error.errors]).toEqual([400, 'BAD_REQUEST', [expect.objectContaining({ field: 'scheduledFor' })]]);
    expect((await api.post(`/campaigns/${c.id}/send`, { scheduledFor: 'tomorrow' })).status).toBe(400);
    expect((await api.post(`/campaigns/${c.id}/send`, { scheduledFor: '2031-02-31T09:00:00Z' })).status).toBe(400);
    const blank = await api.post(`/campaigns/${c.id}/send`, { scheduledFor: '' }); // a blank form field is not "now"
    expect([blank.status, blank.body.error.errors[0].field]).toEqual([422, 'scheduledFor']);
    expect((await api.get(`/campaigns/${c.id}`)).body.status).toBe('DRAFT');
    const far = await api.post(`/campaigns/${c.id}/send`, { scheduledFor: new Date(Date.now() + 3_600_000).toISOString() });
    expect(far.body).toMatchObject({ status: 'SCHEDULED' });
    const busy = await api.delete(`/campaigns/${c.id}`);
    expect([busy.status, busy.body.error.code, busy.body.error.details]).toEqual([409, 'CAMPAIGN_STATE', { status: 'SCHEDULED', action: 'delete' }]);
    const soon = new Date(Date.now() + 1500).toISOString();
    const again = await api.post(`/campaigns/${c.id}/send`, { scheduledFor: soon });
    expect(again.body).toMatchObject({ status: 'SCHEDULED', scheduledAt: soon });
    await sent(c.id);
    await eventually(async () => recipients(t).length === 1);
    expect(mailTo(`lou@${t}.test`)[0].receivedAt).toBeGreaterThanOrEqual(Date.parse(soon));

    const other = await create({ name: `Never ${t}`, ...audience });
    await api.post(`/campaigns/${other.id}/send`, { scheduledFor: new Date(Date.now() + 1500).toISOString() });
    const cancelled = await api.post(`/campaigns/${other.id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED' });
    expect((await api.post(`/campaigns/${other.id}/cancel`)).body).toMatchObject({ status: 'CANCELLED' }); // again: the same answer
    const late = await api.post(`/campaigns/${c.id}/cancel`);
    expect([late.status, late.body.error.code, late.body.error.details]).toEqual([400, 'CAMPAIGN_STATE', { status: 'SENT', action: 'cancel' }]);
    expect((await api.post(`/campaigns/${other.id}/send`, {})).status).toBe(400);
    await new Promise((r) => setTimeout(r, 2500));
    expect(recipients(t)).toHaveLength(1);
    expect((await api.delete(`/campaigns/${other.id}`)).status).toBe(204);
  });

  it('stops a send whose audience can no longer be read, saying why', async () => {
    const t = tag();
    await seed(t, ['ned']);
    const seg = await api.post('/segments', { name: `Gone ${t}`, type: 'STATIC' });
    await api.post(`/segments/${seg.body.id}/members`, { emails: [`ned@${t}.test`] });
    const c = await create({
      name: `Orphan ${t}`,
      audienceType: 'FILTERED',
      audienceFilter: { logic: 'AND', groups: [{ filters: [{ field: `segment.${seg.body.id}`, operator: 'memberOfSegment' }] }] },
    });
    expect((await api.post(`/campaigns/${c.id}/send`, { scheduledFor: new Date(Date.now() + 3000).toISOString() })).body.status).toBe('SCHEDULED');
    // The filter names the segment: once contacts knows the campaign, the segment is held…
    await eventually(
      async () => (await s.t.sql(`SELECT 1 FROM contacts.campaign_audiences WHERE campaign_id = $1 AND status = 'SCHEDULED'`, [c.id])).length === 1,
    );
    expect((await api.delete(`/segments/${seg.body.id}`)).status).toBe(409);
    // …but one gone before contacts learned of the campaign (the moment after scheduling) leaves
    // it an audience it cannot read: here the segment is removed under it directly.
    await s.t.sql(`DELETE FROM contacts.segment_members WHERE segment_id = $1`, [seg.body.id]);
    await s.t.sql(`DELETE FROM contacts.segments WHERE id = $1`, [seg.body.id]);
    const stopped = await eventually(async () => {
      const r = (await api.get(`/campaigns/${c.id}`)).body;
      return r.status === 'CANCELLED' ? r : undefined;
    });
    expect(stopped.statusReason).toMatch(/audience could not be read/);
    expect(recipients(t)).toEqual([]);
  });

  it('refuses to send to an empty audience', async () => {
    const c = await create({
      name: 'Empty',
      audienceType: 'FILTERED',
      audienceFilter: { logic: 'AND', groups: [{ filters: [{ field: 'email', operator: 'equals', value: 'nobody@nowhere.test' }] }] },
    });
    const r = await api.post(`/campaigns/${c.id}/send`, {});
    expect(r.status).toBe(400);
    expect(r.body.error.message).toMatch(/no subscribed contacts/);
  });

  it('sends a test: one email, marked, not counted', async () => {
    const t = tag();
    const c = await create({ name: `Test ${t}`, audienceType: 'ALL' });
    const r = await api.post(`/campaigns/${c.id}/test`, { email: `me@${t}.test` });
    expect(r.status).toBe(200);
    const mail = await s.smtp!.waitFor((m: ReceivedMail) => m.envelope.to[0] === `me@${t}.test`);
    expect(mail.parsed.subject).toBe('[TEST] Hi there');
    expect(mail.parsed.headers.get('x-herald-test')).toBe('true');
    // Once its email.sent is recorded (its status event went round), the campaign still counts nothing.
    const contact = (await api.get(`/contacts?search=me@${t}.test`)).body.data[0];
    await eventually(async () => (await api.get(`/events/contact/${contact.id}`)).body.events.some((e: any) => e.name === 'email.sent'));
    expect((await api.get(`/campaigns/${c.id}/stats`)).body.sentCount).toBe(0);
    expect((await api.post(`/campaigns/${c.id}/test`, { email: 'not an email' })).status).toBe(422);
  });

  it("lists a template's campaigns; a segment of an active campaign cannot be deleted", async () => {
    const tpl = await api.post('/templates', { name: 'Base', subject: 'From template', body: '<p>tpl</p>', type: 'MARKETING', from: s.from });
    const c = (await api.post('/campaigns', { name: 'Templated', templateId: tpl.body.id, audienceType: 'ALL' })).body.data;
    expect(c).toMatchObject({ subject: 'From template', body: '<p>tpl</p>', from: s.from, templateId: tpl.body.id });
    await eventually(async () => (await api.get(`/templates/${tpl.body.id}/usage`)).body.campaigns.some((x: any) => x.id === c.id)).catch(async (err) => {
      throw new Error(
        `${err}: ${JSON.stringify((await api.get(`/templates/${tpl.body.id}/usage`)).body)} ${JSON.stringify(c)} ${JSON.stringify(await s.t.sql('SELECT * FROM messaging.campaign_templates'))} ${JSON.stringify(await s.t.sql('SELECT type, sent_at FROM campaigns.outbox ORDER BY seq DESC LIMIT 3').catch((e) => String(e)))}`,
      );
    });

    const t = tag();
    await seed(t, ['max']);
    const seg = await api.post('/segments', { name: `Held ${kind}`, type: 'STATIC' });
    expect((await api.post(`/segments/${seg.body.id}/members`, { emails: [`max@${t}.test`] })).body.added).toBe(1);
    const user = await create({ name: 'Uses segment', audienceType: 'SEGMENT', segmentId: seg.body.id });
    expect((await api.post(`/campaigns/${user.id}/send`, { scheduledFor: new Date(Date.now() + 3_600_000).toISOString() })).body).toMatchObject({
      status: 'SCHEDULED',
    });
    // Contacts learns of the campaign through its events (within moments): then the segment is held.
    await eventually(
      async () => (await s.t.sql(`SELECT 1 FROM contacts.campaign_audiences WHERE campaign_id = $1 AND status = 'SCHEDULED'`, [user.id])).length === 1,
    );
    const held = await api.delete(`/segments/${seg.body.id}`);
    expect(held.status).toBe(409);
    expect(held.body.error.message).toContain('Uses segment');
    await api.post(`/campaigns/${user.id}/cancel`);
    await eventually(async () => (await api.delete(`/segments/${seg.body.id}`)).status === 204);
  });

  it("keeps every project's campaigns to itself", async () => {
    const c = await create({ name: 'Mine' });
    const owner = await s.t.owner();
    const other = await owner.post('/users/@me/projects', { name: `Campaigns other ${kind}` });
    const two = new Api(s.t.baseUrl, other.body.secret);
    expect((await two.get('/campaigns')).body.data).toEqual([]);
    for (const [method, path] of [
      ['GET', `/campaigns/${c.id}`],
      ['PUT', `/campaigns/${c.id}`],
      ['DELETE', `/campaigns/${c.id}`],
      ['POST', `/campaigns/${c.id}/duplicate`],
      ['POST', `/campaigns/${c.id}/send`],
      ['POST', `/campaigns/${c.id}/cancel`],
      ['POST', `/campaigns/${c.id}/test`],
      ['GET', `/campaigns/${c.id}/stats`],
    ] as const) {
      const body = path.endsWith('/test')
        ? { email: 'x@y.test' }
        : method === 'PUT'
          ? { name: 'x', subject: 'x', body: 'y', from: s.from, audienceType: 'ALL' }
          : method === 'POST'
            ? {}
            : undefined;
      const r = await two.request(method, path, body);
      expect([method, path, r.status]).toEqual([method, path, 404]);
    }
    expect((await api.get(`/campaigns/${c.id}`)).body.name).toBe('Mine');
    // Another project's template or segment as a campaign's: the field named, nothing of theirs shown.
    const tpl = await api.post('/templates', { name: 'Mine', subject: 's', body: 'b', type: 'MARKETING', from: s.from });
    const seg = await api.post('/segments', { name: `Mine ${kind}`, type: 'STATIC' });
    const foreign = { name: 'x', subject: 'x', body: 'y', from: s.from, audienceType: 'ALL' };
    expect((await two.post('/campaigns', { ...foreign, templateId: tpl.body.id })).body.error.errors[0].field).toBe('templateId');
    expect((await two.post('/campaigns', { ...foreign, audienceType: 'SEGMENT', segmentId: seg.body.id })).body.error.errors[0].field).toBe('segmentId');
    expect((await api.get('/campaigns')).status).toBe(200);
    expect((await new Api(s.t.baseUrl).get('/campaigns')).status).toBe(401);
  });
});
