import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import { Api, eventually, freePort, IMAGES } from '../libs/testing/src';
import { useSendingStack } from './support/sending';

/**
 * The split topology, across the calls that only suites of all-in-one make in depth: one request
 * of each kind through every gRPC method they reach — billing, campaigns, segments, templates,
 * analytics, uploads, inbound mail, workflow steps and executions — each answered as over the
 * in-process path. With the suites that run split because the topology matters (reliability,
 * tracing, metrics, dead letters, rate limits across gateways), every method of every contract
 * crosses a real gRPC hop in each run: jest's global teardown checks it (libs/testing
 * rpc-coverage.ts).
 */
describe('a tour of the API across processes (split)', () => {
  const env: NodeJS.ProcessEnv = { INBOUND_MX_HOST: 'mx.tour.test', WORKFLOW_TIME_SCALE: '0.001' };
  beforeAll(async () => {
    env.INBOUND_SMTP_PORT = String(await freePort());
  });
  const s = useSendingStack('split', { env, transactionalOpens: true });
  const tag = crypto.randomBytes(3).toString('hex');
  let owner: Api;
  let base: string;

  beforeAll(async () => {
    owner = (await s.t.owner()).withHeaders({ 'x-project-id': s.t.projectId });
    base = `/users/@me/projects/${s.t.projectId}`;
    for (const [email, plan] of [
      [`a-${tag}@tour.test`, 'pro'],
      [`b-${tag}@tour.test`, 'free'],
    ]) {
      expect((await s.api.post('/contacts', { email, data: { plan } })).status).toBe(201);
    }
  }, 60_000);

  it('billing: limits, consumption, invoices; checkout, portal and provider webhooks say no provider is configured', async () => {
    expect((await owner.get(`${base}/billing-limits`)).body).toHaveProperty('campaigns');
    expect((await owner.put(`${base}/billing-limits`, { campaigns: 1000 })).body.campaigns.limit).toBe(1000);
    expect((await owner.get(`${base}/billing-consumption`)).status).toBe(200);
    const invoices = await owner.get(`${base}/billing-invoices`);
    expect([invoices.status, invoices.body.error?.code]).toEqual([404, 'BILLING_DISABLED']);
    for (const path of [`${base}/checkout`, `${base}/billing-portal`]) {
      const r = await owner.post(path, {});
      expect([r.status, r.body.error?.code]).toEqual([404, 'BILLING_DISABLED']);
    }
    const event = { id: 'evt_1', object: 'event', type: 'invoice.paid', created: 1, data: { object: { id: 'in_1' } } };
    const hook = await new Api(s.t.baseUrl).post('/webhooks/incoming/billing', event, { 'stripe-signature': 't=1,v1=abc' });
    expect([hook.status, hook.body.error?.code]).toEqual([404, 'BILLING_DISABLED']);
    expect((await owner.get(`/projects/${s.t.projectId}/security`)).body).toHaveProperty('sevenDay');
  });

  it('templates: create, list, get, update, usage, duplicate, delete', async () => {
    const created = await s.api.post('/templates', { name: `Tour ${tag}`, subject: 'Hi {{email}}', body: '<p>Hi</p>', type: 'TRANSACTIONAL', from: s.from });
    expect(created.status).toBe(201);
    expect((await s.api.get('/templates')).body.data.map((x: any) => x.id)).toContain(created.body.id);
    expect((await s.api.get(`/templates/${created.body.id}`)).body.name).toBe(`Tour ${tag}`);
    expect((await s.api.patch(`/templates/${created.body.id}`, { subject: 'Hello {{email}}' })).body.subject).toBe('Hello {{email}}');
    expect((await s.api.get(`/templates/${created.body.id}/usage`)).body).toMatchObject({ campaigns: [], workflowSteps: [] });
    const copy = await s.api.post(`/templates/${created.body.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.body.template.name).toBe(`Tour ${tag} (Copy)`);
    expect((await s.api.delete(`/templates/${copy.body.id}`)).status).toBe(204);
    expect((await s.api.get(`/templates/${copy.body.id}`)).status).toBe(404);
  });

  it('segments: a preview, dynamic and static, members, compute and refresh, a delete; a field’s usage', async () => {
    const condition = { logic: 'AND', groups: [{ filters: [{ field: 'data.plan', operator: 'equals', value: 'pro' }] }] };
    expect((await s.api.post('/segments/preview', { condition })).body).toEqual({ total: 1, subscribed: 1 });
    const dyn = await s.api.post('/segments', { name: `Pro ${tag}`, type: 'DYNAMIC', trackMembership: true, condition });
    expect(dyn.status).toBe(201);
    expect((await s.api.get('/segments')).body.map((x: any) => x.id)).toContain(dyn.body.id);
    expect((await s.api.patch(`/segments/${dyn.body.id}`, { name: `Pro users ${tag}` })).body.name).toBe(`Pro users ${tag}`);
    expect((await s.api.get(`/segments/${dyn.body.id}/contacts`)).body.data.map((c: any) => c.email)).toEqual([`a-${tag}@tour.test`]);
    expect((await s.api.post(`/segments/${dyn.body.id}/refresh`)).body).toEqual({ memberCount: 1 });
    expect((await s.api.get(`/segments/${dyn.body.id}`)).body.memberCount).toBe(1);
    expect((await s.api.post(`/segments/${dyn.body.id}/compute`)).body.total).toBe(1);

    const stat = (await s.api.post('/segments', { name: `Hand-picked ${tag}`, type: 'STATIC' })).body;
    expect((await s.api.post(`/segments/${stat.id}/members`, { emails: [`b-${tag}@tour.test`] })).status).toBe(200);
    expect((await s.api.get(`/segments/${stat.id}/contacts`)).body.total).toBe(1);
    expect((await s.api.delete(`/segments/${stat.id}/members`, { emails: [`b-${tag}@tour.test`] })).status).toBe(200);
    expect((await s.api.get(`/segments/${stat.id}/contacts`)).body.total).toBe(0);
    expect((await s.api.delete(`/segments/${stat.id}`)).status).toBe(204);
    expect((await s.api.get(`/segments/${stat.id}`)).status).toBe(404);

    const usage = await s.api.get('/contacts/fields/plan/usage');
    expect(usage.status).toBe(200);
  });

  it('campaigns: list, update, duplicate, a test send, a scheduled one cancelled, stats', async () => {
    const c = (await s.api.post('/campaigns', { name: `Tour ${tag}`, subject: 'News', body: '<p>News</p>', from: s.from, audienceType: 'ALL' })).body.data;
    expect((await s.api.get('/campaigns')).body.data.map((x: any) => x.id)).toContain(c.id);
    const updated = await s.api.put(`/campaigns/${c.id}`, {
      name: `Tour updated ${tag}`,
      subject: 'News',
      body: '<p>News</p>',
      from: s.from,
      audienceType: 'ALL',
    });
    expect(updated.body.name).toBe(`Tour updated ${tag}`);
    expect((await s.api.post(`/campaigns/${c.id}/duplicate`)).body).toMatchObject({ name: `Tour updated ${tag} (Copy)`, status: 'DRAFT' });
    expect((await s.api.post(`/campaigns/${c.id}/test`, { email: `me-${tag}@tour.test` })).status).toBe(200);
    await s.smtp!.waitFor((m) => m.envelope.to.includes(`me-${tag}@tour.test`));
    const scheduled = await s.api.post(`/campaigns/${c.id}/send`, { scheduledFor: new Date(Date.now() + 86_400_000).toISOString() });
    expect(scheduled.body.status).toBe('SCHEDULED');
    expect((await s.api.post(`/campaigns/${c.id}/cancel`)).body.status).toBe('CANCELLED');
    expect((await s.api.get(`/campaigns/${c.id}/stats`)).status).toBe(200);
  });

  it('workflows: steps checked and changed, a transition removed, executions read, matched, upcoming and cancelled, the fields, the delete', async () => {
    const event = `tour.${tag}`;
    const wf = (await s.api.post('/workflows', { name: `Tour ${tag}`, eventName: event })).body;
    const cond = await s.api.post(`/workflows/${wf.id}/steps`, { type: 'CONDITION', config: { field: 'data.plan', operator: 'equals', value: 'pro' } });
    expect(cond.status).toBe(201);
    const wait = (await s.api.post(`/workflows/${wf.id}/steps`, { type: 'DELAY', config: { amount: 1, unit: 'days' } })).body;
    expect((await s.api.patch(`/workflows/${wf.id}/steps/${wait.id}`, { config: { amount: 30, unit: 'days' } })).body.config).toEqual({
      amount: 30,
      unit: 'days',
    });
    const link = async (from: string, to: string, branch?: string) =>
      (await s.api.post(`/workflows/${wf.id}/transitions`, { fromStepId: from, toStepId: to, ...(branch ? { condition: { branch } } : {}) })).body;
    await link(wf.steps[0].id, cond.body.id);
    const yes = await link(cond.body.id, wait.id, 'yes');
    const no = await link(cond.body.id, wait.id, 'no');
    expect((await s.api.delete(`/workflows/${wf.id}/transitions/${no.id}`)).status).toBe(204);
    const spare = (await s.api.post(`/workflows/${wf.id}/steps`, { type: 'EXIT', config: { reason: 'spare' } })).body;
    expect((await s.api.delete(`/workflows/${wf.id}/steps/${spare.id}`)).status).toBe(204);
    expect((await s.api.get(`/workflows/${wf.id}`)).body.transitions.map((x: any) => x.id)).toEqual(expect.arrayContaining([yes.id]));
    expect((await s.api.patch(`/workflows/${wf.id}`, { enabled: true })).status).toBe(200);
    expect((await s.api.get('/workflows')).body.workflows.map((x: any) => x.id)).toContain(wf.id);

    const pub = new Api(s.t.baseUrl, s.t.keys.public);
    expect((await pub.post('/v1/track', { event, email: `a-${tag}@tour.test`, data: { plan: 'pro' } })).status).toBe(200);
    // Started by hand: a contact that tracked nothing.
    const c = (await s.api.post('/contacts', { email: `c-${tag}@tour.test`, data: { plan: 'pro' } })).body;
    expect((await s.api.post(`/workflows/${wf.id}/executions`, { contactId: c.id })).status).toBe(201);
    const waiting = await eventually(async () => {
      const list = (await s.api.get(`/workflows/${wf.id}/executions?status=WAITING`)).body.executions;
      return list.length === 2 ? list : undefined;
    }, 20_000);
    const upcoming = (await s.api.get('/activity/upcoming?limit=50')).body.activities;
    expect(upcoming.filter((a: any) => a.metadata?.workflowId === wf.id)).toHaveLength(2);
    expect((await s.api.get(`/workflows/${wf.id}/executions/${waiting[0].id}`)).body).toMatchObject({ id: waiting[0].id, status: 'WAITING' });
    expect((await s.api.delete(`/workflows/${wf.id}/executions/${waiting[0].id}`)).body.status).toBe('CANCELLED');
    expect((await s.api.post(`/workflows/${wf.id}/executions/cancel-all`)).body).toEqual({ cancelled: 1 });
    expect((await s.api.get('/workflows/fields')).body.fields).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'data.plan' })]));
    expect((await s.api.delete(`/workflows/${wf.id}`)).status).toBe(204);
    expect((await s.api.get(`/workflows/${wf.id}`)).status).toBe(404);

    // An email step: workflows has messaging send it.
    const tpl = (await s.api.post('/templates', { name: `Step ${tag}`, subject: `Step ${tag}`, body: '<p>Hi</p>', type: 'TRANSACTIONAL', from: s.from })).body;
    const mailer = (await s.api.post('/workflows', { name: `Mailer ${tag}`, eventName: `mail.${tag}` })).body;
    const send = (await s.api.post(`/workflows/${mailer.id}/steps`, { type: 'SEND_EMAIL', templateId: tpl.id })).body;
    expect((await s.api.post(`/workflows/${mailer.id}/transitions`, { fromStepId: mailer.steps[0].id, toStepId: send.id })).status).toBe(201);
    expect((await s.api.patch(`/workflows/${mailer.id}`, { enabled: true })).status).toBe(200);
    expect((await pub.post('/v1/track', { event: `mail.${tag}`, email: `d-${tag}@tour.test` })).status).toBe(200);
    await s.smtp!.waitFor((m) => m.parsed.subject === `Step ${tag}` && m.envelope.to.includes(`d-${tag}@tour.test`));
  });

  it('mail: an open recorded from the pixel, analytics of it, a spare domain added and removed, an upload served back, inbound mail routed, read and its source kept', async () => {
    const sent = await s.api.post('/v1/send', {
      to: `open-${tag}@tour.test`,
      from: s.from,
      subject: `Open ${tag}`,
      body: '<img src="https://example.com/logo.png" alt="Logo" width="120" height="40"><p>Hello</p>',
    });
    expect(sent.status).toBe(200);
    const mail = await s.smtp!.waitFor((m) => m.parsed.subject === `Open ${tag}`);
    const pixel = /src="([^"]+\/t\/o\/[^"]+)"/.exec(String(mail.parsed.html))![1];
    expect((await fetch(pixel)).headers.get('content-type')).toBe('image/gif');
    await eventually(async () => (await s.api.get('/activity/stats')).body.totalEmailsOpened >= 1, 20_000);
    expect((await s.api.get('/activity/types')).status).toBe(200);
    expect((await s.api.get('/activity/recent-count?minutes=30')).body.count).toBeGreaterThanOrEqual(1);
    for (const path of ['/analytics/timeseries', '/analytics/campaign-stats', '/analytics/top-events', '/analytics/top-campaigns'])
      expect([path, (await s.api.get(path)).status]).toEqual([path, 200]);
    expect((await s.api.get(`/domains/project/${s.t.projectId}`)).body.map((d: any) => d.domain)).toContain(s.domain);
    const spare = await s.api.post('/domains', { domain: `spare-${tag}.tour.test` });
    expect(spare.status).toBe(201);
    expect((await s.api.delete(`/domains/${spare.body.id}`)).status).toBe(204);
    expect((await s.api.get(`/domains/project/${s.t.projectId}`)).body.map((d: any) => d.domain)).not.toContain(`spare-${tag}.tour.test`);

    const form = new FormData();
    form.append('image', new Blob([IMAGES.png.data], { type: 'image/png' }), 'logo.png');
    const uploaded = await fetch(`${s.t.baseUrl}/uploads/image`, { method: 'POST', headers: { authorization: `Bearer ${s.t.keys.secret}` }, body: form }).then(
      (r) => r.json() as Promise<any>,
    );
    expect(Buffer.from(await (await fetch(uploaded.url)).arrayBuffer()).equals(IMAGES.png.data)).toBe(true);

    const smtp = nodemailer.createTransport({ host: '127.0.0.1', port: Number(env.INBOUND_SMTP_PORT), secure: false, ignoreTLS: true });
    await smtp.sendMail({ from: `jane-${tag}@customer.example`, to: `help@${s.domain}`, subject: `Inbound ${tag}`, text: 'Hello' });
    const received = await eventually(
      async () => (await s.api.get('/events?eventName=email.received&limit=100')).body.events.find((e: any) => e.data.subject === `Inbound ${tag}`),
      20_000,
    );
    expect((await s.api.get(`/inbound/${received.data.inboundId}`)).body).toMatchObject({ subject: `Inbound ${tag}` });
    const raw = await fetch(`${s.t.baseUrl}/inbound/${received.data.inboundId}/raw`, { headers: { authorization: `Bearer ${s.t.keys.secret}` } });
    expect(await raw.text()).toContain(`Subject: Inbound ${tag}`);
    const notification = await fetch(`${s.t.baseUrl}/webhooks/mail`, { method: 'POST', body: '{"Type":"Nothing"}', headers: { 'content-type': 'text/plain' } });
    expect(notification.status).toBe(400);
  });
});
