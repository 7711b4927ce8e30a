import crypto from 'node:crypto';
import { Api, eventually, type TopologyKind } from '../libs/testing/src';
import { useSendingStack } from './support/sending';

/**
 * Warm-up per sending domain × provider (both topologies): marketing mail to a provider is held
 * to its hourly cap and the rest waits in the queue for the next hour, while another provider has
 * a cap of its own and transactional mail passes. DELIVERABILITY_TIME_SCALE=360 makes an hour last
 * ten seconds (the daily step is covered by the component test, a day being four minutes here). A
 * campaign held by a cap says when it is expected out (GET /campaigns/:id expectedFinishAt).
 */
describe.each<TopologyKind>(['all', 'split'])('warm-up (%s)', (kind) => {
  const s = useSendingStack(kind, { env: { DELIVERABILITY_TIME_SCALE: '360' } });
  let api: Api;
  let domainId: string;
  const WORKSPACE = `ws-${crypto.randomBytes(3).toString('hex')}.example`;
  let n = 0;
  const send = async (body: Record<string, unknown>) => {
    const r = await api.post('/v1/send', { from: s.from, ...body });
    if (r.status !== 200) throw new Error(`send → ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data.emails[0] as { email: string };
  };
  const arrivedIds = (ids: string[]) => ids.filter((id) => s.smtp!.messages.some((m) => (m.parsed.messageId ?? '').includes(id)));
  const warmup = async () => (await api.get(`/domains/${domainId}/warmup`)).body;

  beforeAll(async () => {
    api = s.api;
    domainId = (await api.get(`/domains/project/${s.t.projectId}`)).body.find((d: any) => d.domain === s.domain).id;
    s.dns.set(WORKSPACE, 'MX', [{ exchange: 'alt1.aspmx.l.google.com', priority: 5 }]);
  });

  it('a new domain is in warm-up; its plan is a setting, refused with the field when wrong', async () => {
    const initial = await warmup();
    expect(initial).toMatchObject({ domain: s.domain, plan: { enabled: true, startPerHour: 50, growth: 1.4, maxPerHour: 5000, exemptTransactional: true } });
    const bad = await api.patch(`/domains/${domainId}/warmup`, { growth: 0.5 });
    expect(bad.status).toBe(422);
    expect(bad.body.error.errors).toEqual([expect.objectContaining({ field: 'growth' })]);
    expect((await api.patch(`/domains/${domainId}/warmup`, {})).status).toBe(422);
    const set = await api.patch(`/domains/${domainId}/warmup`, { startPerHour: 4, growth: 2, maxPerHour: 64 });
    expect(set.status).toBe(200);
    expect(set.body.plan).toEqual({ enabled: true, startPerHour: 4, growth: 2, maxPerHour: 64, exemptTransactional: true });
    expect((await api.patch(`/domains/${crypto.randomUUID()}/warmup`, { enabled: false })).status).toBe(404);
  });

  it("holds marketing to each provider's hourly cap; the rest goes the next hour; transactional passes", async () => {
    const template = (await api.post('/templates', { name: 'Launch', subject: 'Launch', body: '<p>Launch</p>', type: 'MARKETING', from: s.from })).body.id;
    const google = await Promise.all(Array.from({ length: 6 }, () => send({ to: `g${++n}@${WORKSPACE}`, template, subscribed: true })));
    const other = await Promise.all(Array.from({ length: 3 }, () => send({ to: `o${++n}@example.org`, template, subscribed: true })));
    const receipts = await Promise.all(Array.from({ length: 6 }, () => send({ to: `t${++n}@${WORKSPACE}`, subject: 'Receipt', body: '<p>Thanks</p>' })));
    const ids = (xs: { email: string }[]) => xs.map((x) => x.email);

    // The first hour: four to Google (its cap), the other provider's three (its own cap), every receipt.
    await eventually(async () => arrivedIds(ids(google)).length === 4 && arrivedIds(ids(other)).length === 3 && arrivedIds(ids(receipts)).length === 6, 8_000);
    const during = await warmup();
    const g = during.providers.find((p: any) => p.provider === 'google');
    expect(g).toMatchObject({ cap: 4, sentThisHour: 4, waiting: 2, step: 0, done: false, heldBack: null, expectedDoneAt: expect.any(String) });
    expect(during.providers.find((p: any) => p.provider === 'other')).toMatchObject({ cap: 4, waiting: 0, expectedDoneAt: null });
    expect(arrivedIds(ids(google))).toHaveLength(4);

    // The next hour (ten seconds here): the two that waited go out.
    await eventually(async () => arrivedIds(ids(google)).length === 6, 20_000);
    expect((await warmup()).providers.find((p: any) => p.provider === 'google').waiting).toBe(0);
  }, 60_000);

  it('a campaign over the cap says when it is expected out while the warm-up holds it; null once all are out', async () => {
    const CAMP = `camp-${crypto.randomBytes(3).toString('hex')}.example`;
    s.dns.set(CAMP, 'MX', [{ exchange: 'aspmx.l.google.com', priority: 1 }]);
    const to = Array.from({ length: 6 }, (_, i) => `c${i}@${CAMP}`);
    for (const email of to) expect((await api.post('/contacts', { email, subscribed: true })).status).toBeLessThan(300);
    const audienceFilter = { logic: 'AND', groups: [{ filters: [{ field: 'email', operator: 'contains', value: `@${CAMP}` }] }] };
    const created = await api.post('/campaigns', {
      name: 'Over the cap',
      subject: 'News',
      body: '<p>News</p><p><a href="{{unsubscribeUrl}}">Unsubscribe</a></p>',
      from: s.from,
      audienceType: 'FILTERED',
      audienceFilter,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    // A draft is not sending: nothing is expected.
    expect((await api.get(`/campaigns/${id}`)).body).toMatchObject({ status: 'DRAFT', expectedFinishAt: null, heldBy: [] });
    expect((await api.post(`/campaigns/${id}/send`, {})).status).toBe(200);
    const arrived = () => s.smtp!.messages.filter((m) => (m.envelope.to[0] ?? '').endsWith(`@${CAMP}`)).length;

    // Six to Google at four an hour: some wait for the next hour, and the campaign says when it is out.
    let held: { body: any; before: number; after: number } | undefined;
    await eventually(async () => {
      const before = Date.now();
      const body = (await api.get(`/campaigns/${id}`)).body;
      if (body.expectedFinishAt) held = { body, before, after: Date.now() };
      return !!held;
    }, 15_000);
    const c = held!.body;
    expect(c.status).toBe('SENDING');
    expect(c.heldBy).toEqual([{ domain: s.domain, provider: 'google', waiting: expect.any(Number), cap: 4, expectedDoneAt: c.expectedFinishAt }]);
    expect(c.heldBy[0].waiting).toBeGreaterThan(0);
    expect(c.heldBy[0].waiting).toBeLessThanOrEqual(6);
    // At most six waiting at four an hour: out within one or two (scaled, ten-second) hours of the answer.
    const at = Date.parse(c.expectedFinishAt);
    expect(at).toBeGreaterThanOrEqual(held!.before + 10_000);
    expect(at).toBeLessThanOrEqual(held!.after + 20_000);
    expect(arrived()).toBeLessThan(6);

    // Once every email is out, nothing is expected any more.
    await eventually(async () => arrived() === 6, 40_000);
    await eventually(async () => (await api.get(`/campaigns/${id}`)).body.status === 'SENT', 40_000);
    expect((await api.get(`/campaigns/${id}`)).body).toMatchObject({ status: 'SENT', sentCount: 6, expectedFinishAt: null, heldBy: [] });
  }, 120_000);

  it('switched off, nothing is held', async () => {
    const off = await api.patch(`/domains/${domainId}/warmup`, { enabled: false });
    expect(off.body.plan.enabled).toBe(false);
    const template = (await api.post('/templates', { name: 'More', subject: 'More', body: '<p>More</p>', type: 'MARKETING', from: s.from })).body.id;
    const sent = await Promise.all(Array.from({ length: 8 }, () => send({ to: `x${++n}@${WORKSPACE}`, template, subscribed: true })));
    await eventually(async () => arrivedIds(sent.map((x) => x.email)).length === 8, 8_000);
  });
});
