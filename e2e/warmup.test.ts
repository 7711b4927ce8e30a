import crypto from 'node:crypto';
import { Api, eventually, type TopologyKind } from '../libs/testing/src';
import { useSendingStack } from './support/sending';

/**
 * Warm-up per sending domain × provider (both topologies): marketing mail to a provider is held
 * to its hourly cap and the rest waits in the queue for the next hour, while another provider has
 * a cap of its own and transactional mail passes. DELIVERABILITY_TIME_SCALE=360 makes an hour last
 * ten seconds (the daily step is covered by the component test, a day being four minutes here).
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

  it('switched off, nothing is held', async () => {
    const off = await api.patch(`/domains/${domainId}/warmup`, { enabled: false });
    expect(off.body.plan.enabled).toBe(false);
    const template = (await api.post('/templates', { name: 'More', subject: 'More', body: '<p>More</p>', type: 'MARKETING', from: s.from })).body.id;
    const sent = await Promise.all(Array.from({ length: 8 }, () => send({ to: `x${++n}@${WORKSPACE}`, template, subscribed: true })));
    await eventually(async () => arrivedIds(sent.map((x) => x.email)).length === 8, 8_000);
  });
});
