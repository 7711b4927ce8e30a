import crypto from 'node:crypto';
import { Client } from 'pg';
import { Api, eventually, OWNER, session, TopologyKind } from '../libs/testing/src';
import { useSendingStack } from './support/sending';
import { FakeStripe } from './support/stripe';

const CATEGORIES = ['transactional', 'campaigns', 'workflows', 'inbound'] as const;
const unlimited = (usage = 0) => ({ limit: null, usage, percentage: 0, isWarning: false, isBlocked: false });

/** The calendar month (UTC) of now: the billing period of a project without a subscription. */
function calendarMonth() {
  const now = new Date();
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
  };
}

/** A dashboard user of the project with `role` (the members API is another feature: the membership row is written as it would). */
async function memberSession(baseUrl: string, dbUrl: string, projectId: string, role: 'MEMBER' | 'ADMIN', tag: string) {
  const email = `${role.toLowerCase()}-${tag}-${crypto.randomBytes(4).toString('hex')}@herald.test`;
  const signup = await new Api(baseUrl).post('/auth/signup', { email, password: 'member-password-1' });
  expect(signup.status).toBe(201);
  const db = new Client({ connectionString: dbUrl });
  await db.connect();
  try {
    await db.query(`INSERT INTO gateway.memberships (project_id, user_id, role) VALUES ($1, $2, $3)`, [projectId, signup.body.id, role]);
  } finally {
    await db.end();
  }
  return session(baseUrl, email, 'member-password-1');
}

/** Whether messaging has recorded billing's block of a category (its consumer's projection, which its sends check). */
async function messagingKnowsBlock(dbUrl: string, projectId: string, category: string, blocked: boolean) {
  const db = new Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const r = await db.query(`SELECT blocked FROM messaging.billing_blocks WHERE project_id = $1 AND category = $2`, [projectId, category]);
    return (r.rows[0]?.blocked ?? false) === blocked;
  } finally {
    await db.end();
  }
}

/**
 * Billing without a payment provider (self-hosted caps): consumption per category from what
 * messaging sends, limits that block a category's sends within seconds of a change, and the
 * payment routes answering BILLING_DISABLED. Real SMTP sink, both topologies.
 */
describe.each<TopologyKind>(['all'])('billing limits, no payment provider (%s)', (kind) => {
  const s = useSendingStack(kind, { shared: true });
  let owner: Api;
  let base: string;
  const limits = async () => (await owner.get(`${base}/billing-limits`)).body;
  const consumption = async () => (await owner.get(`${base}/billing-consumption`)).body;
  const send = (to: string, subject = 'Billing test') => s.api.post('/v1/send', { to, from: s.from, subject, body: '<p>x</p>' });
  const putLimits = async (body: unknown) => {
    const r = await owner.put(`${base}/billing-limits`, body);
    expect([r.status, r.body?.error]).toEqual([200, undefined]);
    return r.body;
  };

  beforeAll(async () => {
    owner = await s.t.owner();
    base = `/users/@me/projects/${s.t.projectId}`;
  });

  it('counts sent emails per category in the calendar month, warns at 80 %, and blocks and unblocks /v1/send within seconds of a limit change', async () => {
    expect(await limits()).toEqual(Object.fromEntries(CATEGORIES.map((c) => [c, unlimited()])));
    for (let i = 0; i < 4; i++) expect((await send(`tx${i}-${kind}@example.org`)).status).toBe(200);
    await eventually(async () => (await consumption()).usage.transactional === 4, 20_000);
    const month = calendarMonth();
    const used = await consumption();
    expect(used).toEqual({
      periodStart: month.start,
      periodEnd: month.end,
      period: 'calendar_month',
      usage: { transactional: 4, campaigns: 0, workflows: 0, inbound: 0 },
      total: 4,
    });

    // 4 of 5: a warning, not a block.
    const warned = await putLimits({ transactional: 5 });
    expect(warned.transactional).toEqual({ limit: 5, usage: 4, percentage: 80, isWarning: true, isBlocked: false });
    expect(warned.campaigns).toEqual(unlimited());

    // The 5th is accepted; once it is counted, the category is blocked.
    expect((await send(`tx4-${kind}@example.org`)).status).toBe(200);
    const refused = await eventually(async () => {
      const r = await send(`late-${kind}@example.org`);
      return r.status === 403 ? r : undefined;
    }, 20_000);
    expect(refused.body).toMatchObject({
      success: false,
      error: { code: 'BILLING_LIMIT_EXCEEDED', statusCode: 403, details: { category: 'transactional', periodEnd: month.end } },
    });
    expect(refused.body.error.suggestion).toMatch(/billing-limits/);
    expect((await limits()).transactional).toMatchObject({ limit: 5, isWarning: true, isBlocked: true });

    // Raised: accepted again within seconds.
    await putLimits({ transactional: 1000 });
    await eventually(async () => (await send(`raised-${kind}@example.org`)).status === 200, 10_000);

    // Lowered below the usage: blocked within seconds, naming the category and the period's end.
    const lowered = await putLimits({ transactional: 2 });
    expect(lowered.transactional).toMatchObject({ limit: 2, isBlocked: true, isWarning: true });
    expect(lowered.transactional.percentage).toBeGreaterThanOrEqual(250);
    const blocked = await eventually(async () => {
      const r = await send(`lowered-${kind}@example.org`);
      return r.status === 403 ? r : undefined;
    }, 10_000);
    expect(blocked.body.error).toMatchObject({ code: 'BILLING_LIMIT_EXCEEDED', details: { category: 'transactional', periodEnd: month.end } });

    // No limit: open again.
    expect((await putLimits({ transactional: null })).transactional).toMatchObject({ limit: null, isBlocked: false, isWarning: false, percentage: 0 });
    await eventually(async () => (await send(`open-${kind}@example.org`)).status === 200, 10_000);
  }, 120_000);

  it('refuses bad limits with a 422 naming the field', async () => {
    const negative = await owner.put(`${base}/billing-limits`, { transactional: -1 });
    expect(negative.status).toBe(422);
    expect(negative.body.error).toMatchObject({ code: 'VALIDATION_ERROR', errors: [expect.objectContaining({ field: 'transactional' })] });
    const text = await owner.put(`${base}/billing-limits`, { campaigns: 'lots' });
    expect(text.body.error.errors).toEqual([expect.objectContaining({ field: 'campaigns' })]);
    const fraction = await owner.put(`${base}/billing-limits`, { workflows: 1.5 });
    expect(fraction.body.error.errors).toEqual([expect.objectContaining({ field: 'workflows' })]);
    const typo = await owner.put(`${base}/billing-limits`, { transactionals: 5 });
    expect(typo.status).toBe(422);
    expect(typo.body.error.errors).toEqual([
      expect.objectContaining({ field: 'transactionals', message: expect.stringContaining('transactional, campaigns, workflows, inbound') }),
    ]);
    const notObject = await owner.put(`${base}/billing-limits`, [1, 2]);
    expect(notObject.status).toBe(422);
    // Nothing of it was applied.
    expect((await limits()).workflows.limit).toBeNull();
  });

  it('pauses a campaign while its category is blocked and sends it once opened; fails a workflow step with the reason; counts both categories', async () => {
    const tag = `cw-${kind}`;
    for (let i = 0; i < 3; i++) expect((await s.api.post('/contacts', { email: `${tag}-${i}@example.org`, subscribed: true })).status).toBe(201);

    // Campaigns blocked outright (a limit of 0).
    expect((await putLimits({ campaigns: 0 })).campaigns).toMatchObject({ limit: 0, usage: 0, isBlocked: true, percentage: 100 });
    await eventually(() => messagingKnowsBlock(s.t.dbUrl, s.t.projectId, 'campaigns', true), 10_000);
    const created = await s.api.post('/campaigns', {
      name: 'Capped',
      subject: `Capped ${tag}`,
      body: '<p>hello</p>',
      from: s.from,
      audienceType: 'FILTERED',
      audienceFilter: { logic: 'AND', groups: [{ filters: [{ field: 'email', operator: 'contains', value: tag }] }] },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect((await s.api.post(`/campaigns/${id}/send`, {})).status).toBe(200);
    // It froze its audience and is waiting on the block: still SENDING, nothing delivered.
    await eventually(async () => (await s.api.get(`/campaigns/${id}`)).body.totalRecipients === 3, 10_000);
    expect((await s.api.get(`/campaigns/${id}`)).body.status).toBe('SENDING');
    expect(s.smtp!.messages.filter((m) => m.parsed.subject === `Capped ${tag}`)).toHaveLength(0);
    await putLimits({ campaigns: null });
    await eventually(async () => (await s.api.get(`/campaigns/${id}`)).body.status === 'SENT', 30_000);
    expect(s.smtp!.messages.filter((m) => m.parsed.subject === `Capped ${tag}`)).toHaveLength(3);
    await eventually(async () => (await consumption()).usage.campaigns === 3, 20_000);

    // Workflows blocked: the SEND_EMAIL step fails its execution, saying why.
    const template = (await s.api.post('/templates', { name: `T ${tag}`, subject: `Flow ${tag}`, body: '<p>hi</p>', type: 'TRANSACTIONAL', from: s.from }))
      .body;
    const wf = (await s.api.post('/workflows', { name: `Flow ${tag}`, eventName: `go.${tag}`, allowReentry: true })).body;
    const step = (await s.api.post(`/workflows/${wf.id}/steps`, { type: 'SEND_EMAIL', name: 'Mail', templateId: template.id })).body;
    expect((await s.api.post(`/workflows/${wf.id}/transitions`, { fromStepId: wf.steps[0].id, toStepId: step.id })).status).toBe(201);
    expect((await s.api.patch(`/workflows/${wf.id}`, { enabled: true })).status).toBe(200);
    await putLimits({ workflows: 0 });
    await eventually(() => messagingKnowsBlock(s.t.dbUrl, s.t.projectId, 'workflows', true), 10_000);
    const pub = new Api(s.t.baseUrl, s.t.keys.public);
    expect((await pub.post('/v1/track', { event: `go.${tag}`, email: `${tag}-0@example.org` })).status).toBe(200);
    const failed = await eventually(async () => (await s.api.get(`/workflows/${wf.id}/executions?status=FAILED`)).body.executions[0], 20_000);
    expect(failed.exitReason).toMatch(/workflows limit/);

    await putLimits({ workflows: null });
    await eventually(() => messagingKnowsBlock(s.t.dbUrl, s.t.projectId, 'workflows', false), 10_000);
    expect((await pub.post('/v1/track', { event: `go.${tag}`, email: `${tag}-1@example.org` })).status).toBe(200);
    await eventually(async () => (await s.api.get(`/workflows/${wf.id}/executions?status=COMPLETED`)).body.executions.length === 1, 20_000);
    const after = await eventually(async () => {
      const c = await consumption();
      return c.usage.workflows === 1 ? c : undefined;
    }, 20_000);
    expect(after.usage).toMatchObject({ campaigns: 3, workflows: 1, inbound: 0 });
    expect(after.total).toBe(after.usage.transactional + 4);

    // The onboarding state sees the verified domain, the contacts, the campaign sent and the enabled workflow.
    const contacts = (await s.api.get('/contacts')).body.total;
    const sentAt = (await s.api.get(`/campaigns/${id}`)).body.sentAt;
    expect((await owner.get(`/projects/${s.t.projectId}/setup-state`)).body).toEqual({
      hasVerifiedDomain: true,
      contactCount: contacts,
      lastCampaignSentAt: sentAt,
      hasEnabledWorkflow: true,
      hasSubscription: false,
    });
  }, 180_000);

  it('guards the routes: members read, only owners and admins change limits', async () => {
    const member = await memberSession(s.t.baseUrl, s.t.dbUrl, s.t.projectId, 'MEMBER', kind);
    expect((await member.get(`${base}/billing-limits`)).status).toBe(200);
    expect((await member.get(`${base}/billing-consumption`)).status).toBe(200);
    expect((await member.get(`/projects/${s.t.projectId}/setup-state`)).status).toBe(200);
    const put = await member.put(`${base}/billing-limits`, { transactional: 1 });
    expect(put.status).toBe(403);
    expect(put.body.error.code).toBe('FORBIDDEN');
    expect((await member.post(`${base}/checkout`, {})).status).toBe(403);
    expect((await member.post(`${base}/billing-portal`, {})).status).toBe(403);
    expect((await limits()).transactional.limit).toBeNull();

    const admin = await memberSession(s.t.baseUrl, s.t.dbUrl, s.t.projectId, 'ADMIN', kind);
    expect((await admin.put(`${base}/billing-limits`, { inbound: 50 })).body.inbound).toEqual({
      limit: 50,
      usage: 0,
      percentage: 0,
      isWarning: false,
      isBlocked: false,
    });

    // An API key is not a session; nobody outside the project.
    expect((await s.api.get(`${base}/billing-limits`)).status).toBe(401);
    const stranger = await new Api(s.t.baseUrl).post('/auth/signup', {
      email: `stranger-${kind}-${crypto.randomBytes(4).toString('hex')}@herald.test`,
      password: 'stranger-password',
    });
    const strangerSession = await session(s.t.baseUrl, stranger.body.email, 'stranger-password');
    expect((await strangerSession.get(`${base}/billing-limits`)).body.error.code).toBe('PROJECT_ACCESS_DENIED');
  });

  it('answers BILLING_DISABLED on the payment routes and says so in /config', async () => {
    for (const r of [
      await owner.post(`${base}/checkout`, {}),
      await owner.post(`${base}/checkout`, { priceId: 7, plan: 'pro' }), // disabled comes before a bad body
      await owner.post(`${base}/billing-portal`, {}),
      await owner.get(`${base}/billing-invoices`),
    ]) {
      expect(r.status).toBe(404);
      expect(r.body.error).toMatchObject({ code: 'BILLING_DISABLED', statusCode: 404 });
      expect(r.body.error.suggestion).toMatch(/STRIPE_SECRET_KEY/);
    }
    const event = { id: 'evt_1', object: 'event', type: 'invoice.paid', created: 1, data: { object: { id: 'in_1' } } };
    const hook = await fetch(`${s.t.baseUrl}/webhooks/incoming/billing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      body: JSON.stringify(event),
    });
    expect(hook.status).toBe(404);
    expect(((await hook.json()) as any).error.code).toBe('BILLING_DISABLED');
    expect((await new Api(s.t.baseUrl).get('/config')).body.features.billing).toEqual({ enabled: false });
  });
});

/**
 * Billing with Stripe configured: the real `stripe` SDK against a loopback server speaking
 * Stripe's API (checkout, portal), and webhook notifications signed as Stripe signs them.
 */
describe.each<TopologyKind>(['all'])('billing with Stripe (%s)', (kind) => {
  let stripe: FakeStripe;
  const env: NodeJS.ProcessEnv = {};
  // Registered before the stack's: the fake is up, and named in `env`, when Herald starts.
  beforeAll(async () => {
    stripe = await FakeStripe.start();
    Object.assign(env, {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_PRICE_IDS: 'price_basic, price_pro',
      STRIPE_API_URL: stripe.url,
      BILLING_RETURN_URL: 'https://app.example.com/settings/billing',
    });
  });
  const s = useSendingStack(kind, { env });
  afterAll(() => stripe?.close());
  let owner: Api;
  let base: string;

  const hook = (payload: string, signature?: string) =>
    fetch(`${s.t.baseUrl}/webhooks/incoming/billing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
      body: payload,
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
  const deliver = (e: { payload: string; signature: string }) => hook(e.payload, e.signature);

  it('opens checkout and the billing portal at the provider, for one customer per project', async () => {
    owner = await session(s.t.baseUrl, OWNER.email, OWNER.password);
    base = `/users/@me/projects/${s.t.projectId}`;
    expect((await new Api(s.t.baseUrl).get('/config')).body.features.billing).toEqual({ enabled: true });

    const checkout = await owner.post(`${base}/checkout`, {});
    expect(checkout.status).toBe(200);
    expect(checkout.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const customers = stripe.requests.filter((r) => r.path === '/v1/customers');
    expect(customers).toHaveLength(1);
    expect(customers[0].form['metadata[projectId]']).toBe(s.t.projectId);
    const session1 = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(session1.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_basic',
      'line_items[0][quantity]': '1',
      client_reference_id: s.t.projectId,
      'subscription_data[metadata][projectId]': s.t.projectId,
      success_url: 'https://app.example.com/settings/billing?checkout=success',
    });
    expect(session1.form.customer).toMatch(/^cus_test_/);

    const pro = await owner.post(`${base}/checkout`, { priceId: 'price_pro' });
    expect(pro.status).toBe(200);
    expect(stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.form).toMatchObject({
      'line_items[0][price]': 'price_pro',
      customer: session1.form.customer,
    });
    const unknown = await owner.post(`${base}/checkout`, { priceId: 'price_gold' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.errors).toEqual([expect.objectContaining({ field: 'priceId', message: expect.stringContaining('price_basic') })]);
    // A key of no meaning is named beside the unknown price, a priceId not a string alone.
    const extra = await owner.post(`${base}/checkout`, { priceId: 'price_gold', plan: 'pro' });
    expect(extra.status).toBe(422);
    expect(extra.body.error.errors).toEqual([
      expect.objectContaining({ field: 'body', code: 'unrecognized_keys' }),
      expect.objectContaining({ field: 'priceId', message: expect.stringContaining('price_basic') }),
    ]);
    const notString = await owner.post(`${base}/checkout`, { priceId: 7 });
    expect(notString.body.error.errors).toEqual([expect.objectContaining({ field: 'priceId', code: 'invalid_type' })]);

    const portal = await owner.post(`${base}/billing-portal`, {});
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/bps_test_/);
    expect(stripe.requests.find((r) => r.path === '/v1/billing_portal/sessions')!.form).toEqual({
      customer: session1.form.customer,
      return_url: 'https://app.example.com/settings/billing',
    });
    // Still the one customer.
    expect(stripe.requests.filter((r) => r.path === '/v1/customers')).toHaveLength(1);
  });

  it('verifies the signature of every notification', async () => {
    const e = stripe.event(
      'customer.subscription.created',
      { id: 'sub_forged', object: 'subscription', customer: 'cus_x', status: 'active', metadata: { projectId: s.t.projectId } },
      { secret: 'whsec_not_the_right_secret' },
    );
    const forged = await deliver(e);
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe('INVALID_SIGNATURE');
    const unsigned = await hook(e.payload);
    expect([unsigned.status, unsigned.body.error.code]).toEqual([400, 'INVALID_SIGNATURE']);
    // A valid signature of another body.
    const other = stripe.event('customer.subscription.created', { id: 'sub_other', object: 'subscription' });
    expect((await hook(e.payload, other.signature)).status).toBe(400);
    // Not an event at all: a 400 naming the fields, signed or not.
    const junk = JSON.stringify({ hello: 'world' });
    const malformed = await hook(junk, stripe.event('x', {}).signature);
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('BAD_REQUEST');
    expect(malformed.body.error.errors.map((e: any) => e.field).sort()).toEqual(['created', 'data', 'id', 'object', 'type']);
    expect((await hook('{not json', 'sig')).status).toBe(400);
    expect((await owner.get(`/projects/${s.t.projectId}/setup-state`)).body.hasSubscription).toBe(false);
  });

  it('takes the billing period from the subscription, disables the project when a payment fails and enables it when paid, each event once', async () => {
    const customer = stripe.requests.find((r) => r.path === '/v1/checkout/sessions')!.form.customer;
    const now = Math.floor(Date.now() / 1000);
    const start = now - 86_400;
    const end = now + 29 * 86_400;
    const subscription = {
      id: 'sub_test_1',
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      metadata: { projectId: s.t.projectId },
      items: {
        object: 'list',
        data: [
          { id: 'si_1', object: 'subscription_item', price: { id: 'price_basic', object: 'price' }, current_period_start: start, current_period_end: end },
        ],
      },
    };
    const created = await deliver(stripe.event('customer.subscription.created', subscription));
    expect(created).toEqual({ status: 200, body: { received: true, applied: 'customer.subscription.created', projectId: s.t.projectId } });
    const consumption = (await owner.get(`${base}/billing-consumption`)).body;
    expect(consumption).toMatchObject({
      period: 'subscription',
      periodStart: new Date(start * 1000).toISOString(),
      periodEnd: new Date(end * 1000).toISOString(),
    });
    expect((await owner.get(`/projects/${s.t.projectId}/setup-state`)).body.hasSubscription).toBe(true);

    // The invoice names only the customer: the project is the customer's.
    const invoice = {
      id: 'in_test_1',
      object: 'invoice',
      customer,
      number: 'HRLD-0001',
      status: 'open',
      amount_due: 2900,
      amount_paid: 0,
      currency: 'usd',
      created: now,
      period_start: start,
      period_end: end,
      hosted_invoice_url: 'https://invoice.stripe.com/i/test_1',
      invoice_pdf: 'https://pay.stripe.com/invoice/test_1/pdf',
    };
    const failure = stripe.event('invoice.payment_failed', invoice);
    expect((await deliver(failure)).body).toMatchObject({ applied: 'invoice.payment_failed' });
    await eventually(async () => (await s.api.get('/contacts')).status === 403, 20_000);
    expect((await s.api.get('/contacts')).body.error.code).toBe('PROJECT_DISABLED');
    expect((await owner.get('/users/@me/projects')).body.find((p: any) => p.id === s.t.projectId)).toMatchObject({
      disabled: true,
      disabledReason: 'PAYMENT_FAILED',
    });
    // A disabled project's owner can still fix the payment.
    expect((await owner.post(`${base}/billing-portal`, {})).status).toBe(200);

    // The same notification again (Stripe retries): answered, not applied twice.
    expect(await deliver(failure)).toEqual({ status: 200, body: { received: true, duplicate: true } });

    const paid = stripe.event('invoice.paid', { ...invoice, status: 'paid', amount_paid: 2900 });
    expect((await deliver(paid)).body).toMatchObject({ applied: 'invoice.paid' });
    await eventually(async () => (await s.api.get('/contacts')).status === 200, 20_000);
    expect((await owner.get('/users/@me/projects')).body.find((p: any) => p.id === s.t.projectId)).toMatchObject({ disabled: false, disabledReason: null });

    // The failure replayed after the payment changes nothing: the project stays enabled.
    expect((await deliver(failure)).body).toEqual({ received: true, duplicate: true });
    const replayed = stripe.event('invoice.payment_failed', invoice, { id: JSON.parse(failure.payload).id });
    expect((await deliver(replayed)).body.duplicate).toBe(true);
    expect((await s.api.get('/contacts')).status).toBe(200);

    const invoices = (await owner.get(`${base}/billing-invoices`)).body;
    expect(invoices).toEqual([
      {
        id: 'in_test_1',
        number: 'HRLD-0001',
        status: 'paid',
        amountDue: 2900,
        amountPaid: 2900,
        currency: 'usd',
        periodStart: new Date(start * 1000).toISOString(),
        periodEnd: new Date(end * 1000).toISOString(),
        hostedInvoiceUrl: 'https://invoice.stripe.com/i/test_1',
        invoicePdf: 'https://pay.stripe.com/invoice/test_1/pdf',
        createdAt: new Date(now * 1000).toISOString(),
      },
    ]);

    // Cancelled: back to the calendar month, no subscription.
    expect((await deliver(stripe.event('customer.subscription.deleted', { ...subscription, status: 'canceled' }))).status).toBe(200);
    expect((await owner.get(`${base}/billing-consumption`)).body).toMatchObject({ period: 'calendar_month', periodStart: calendarMonth().start });
    expect((await owner.get(`/projects/${s.t.projectId}/setup-state`)).body.hasSubscription).toBe(false);

    // Events Herald does not act on are acknowledged.
    expect((await deliver(stripe.event('customer.created', { id: 'cus_other', object: 'customer' }))).body).toMatchObject({
      received: true,
      ignored: expect.any(String),
    });
  }, 90_000);
});
