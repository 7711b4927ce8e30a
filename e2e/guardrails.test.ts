import crypto from 'node:crypto';
import { Api, eventually, OWNER, session, type ReceivedMail, type TopologyKind } from '../libs/testing/src';
import { contactEvents, useSendingStack, verifyDomain } from './support/sending';

/**
 * Published guardrails (both topologies): a domain's rolling bounce and complaint rates against
 * their thresholds; its marketing mail pauses at the complaint line while transactional mail flows,
 * and only an explicit resume sends what it held. A stack of its own: the test makes its sink
 * refuse a recipient. GUARDRAILS_MIN_VOLUME is 20 so that twenty mails are a window the rule judges.
 * The pause and the resume show in the activity feed as the project's deliverability activity.
 */
describe.each<TopologyKind>(['all', 'split'])('guardrails (%s)', (kind) => {
  const s = useSendingStack(kind, { sns: true, env: { GUARDRAILS_MIN_VOLUME: '20' } });
  let api: Api;
  let domainId: string;
  let n = 0;
  const to = () => `gr${++n}-${crypto.randomBytes(3).toString('hex')}@example.org`;
  // A company domain on Google Workspace: its provider is google, known from its MX.
  const WORKSPACE = `workspace-${crypto.randomBytes(3).toString('hex')}.example`;
  const toWorkspace = () => `gw${++n}@${WORKSPACE}`;
  const arrived = (emailId: string): Promise<ReceivedMail> => s.smtp!.waitFor((m) => (m.parsed.messageId ?? '').includes(emailId), 20_000);
  const send = async (body: Record<string, unknown>) => {
    const r = await api.post('/v1/send', { from: s.from, ...body });
    if (r.status !== 200) throw new Error(`send → ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data.emails[0] as { contact: { id: string }; email: string };
  };
  const guardrails = async () => {
    const r = await api.get(`/domains/${domainId}/guardrails`);
    expect(r.status).toBe(200);
    return r.body;
  };
  const complain = async (mail: ReceivedMail) => {
    const body = s.sns!.sign('Notification', { Message: s.sns!.sesComplaint(mail.parsed.messageId!, mail.envelope.to[0]) });
    const r = await fetch(`${s.t.baseUrl}/webhooks/mail`, { method: 'POST', headers: s.sns!.headers(body), body });
    expect(r.status).toBe(200);
  };
  const window = (g: any, w: '24h' | '7d', provider: string | null = null) => g.windows.find((x: any) => x.window === w && x.provider === provider);
  /** The project's activity of these types (GET /activity), once there are at least `n`. */
  const activity = (types: string, n = 1) =>
    eventually(async () => {
      const r = await api.get(`/activity?types=${types}`);
      expect(r.status).toBe(200);
      return r.body.data.length >= n ? (r.body.data as any[]) : undefined;
    }, 20_000);

  beforeAll(async () => {
    api = s.api;
    s.dns.set(WORKSPACE, 'MX', [{ exchange: 'aspmx.l.google.com', priority: 1 }]);
    domainId = (await api.get(`/domains/project/${s.t.projectId}`)).body.find((d: any) => d.domain === s.domain).id;
  });

  it('a recipient refused at handoff is a hard bounce of the window', async () => {
    s.smtp!.failNext(1, 550, '5.1.1 no such user here');
    const refused = await send({ to: to(), subject: 'Welcome', body: '<p>Hi</p>' });
    await eventually(async () => (await contactEvents(api, refused.contact.id)).includes('email.failed'), 20_000);
    const g = await guardrails();
    expect(window(g, '24h')).toMatchObject({ sent: 1, bounces: 1, bounceRate: 1, bounceLevel: 'too_few', complaints: 0 });
    expect(g).toMatchObject({ domain: s.domain, paused: null, held: 0, thresholds: { minVolume: 20, complaintPause: 0.003, complaintWarn: 0.001 } });
  });

  it('marketing pauses at the complaint line while /v1/send goes out; a resume sends what it held', async () => {
    const template = (await api.post('/templates', { name: 'News', subject: 'Our news', body: '<p>News</p>', type: 'MARKETING', from: s.from })).body.id;
    const news = await Promise.all(Array.from({ length: 20 }, () => send({ to: toWorkspace(), template, subscribed: true })));
    const mails = await Promise.all(news.map((m) => arrived(m.email)));
    await eventually(async () => window(await guardrails(), '24h', 'google')?.sent === 20, 20_000);
    expect(window(await guardrails(), '24h')).toMatchObject({ sent: 21, complaints: 0, complaintLevel: 'ok' });
    expect(window(await guardrails(), '24h', 'other')).toMatchObject({ sent: 1, bounces: 1 });

    // One complaint in 20 mails to Google: 5 %, over the 0.3 % line (all mail: 1 in 21).
    await complain(mails[0]);
    const paused = await guardrails();
    expect(paused.paused).toEqual({
      at: expect.any(String),
      reason: expect.stringContaining('on google mail of the last 24h reached the pause line of 0.3 %'),
    });
    expect(window(paused, '24h')).toMatchObject({ sent: 21, complaints: 1, complaintLevel: 'critical' });
    expect(window(paused, '7d', 'google')).toMatchObject({ sent: 20, complaints: 1, complaintRate: 0.05, complaintLevel: 'critical' });
    // The activity feed shows the pause, the project's and no contact's, with the reason and the rate.
    expect(await activity('deliverability.guardrail_paused')).toEqual([
      {
        id: expect.any(String),
        type: 'deliverability.guardrail_paused',
        timestamp: expect.any(String),
        contactId: null,
        contactEmail: null,
        metadata: { domain: s.domain, reason: paused.paused.reason, complaintRate: 0.05 },
      },
    ]);

    // Marketing waits (every replica sees the pause within a second); transactional mail flows; the project stays enabled.
    await new Promise((r) => setTimeout(r, 1500));
    const held = await send({ to: to(), template, subscribed: true });
    await eventually(async () => (await guardrails()).held === 1, 20_000);
    expect(s.smtp!.messages.some((m) => (m.parsed.messageId ?? '').includes(held.email))).toBe(false);
    const receipt = await send({ to: to(), subject: 'Your receipt', body: '<p>Thanks</p>' });
    await arrived(receipt.email);
    expect((await api.get('/contacts')).status).toBe(200);

    const resumed = await api.post(`/domains/${domainId}/guardrails/resume`, {});
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ paused: null, resumedAt: expect.any(String) });
    await arrived(held.email);
    expect((await guardrails()).held).toBe(0);
    // The resume too, with the mail it held; newest first beside the pause; a contact's feed has neither.
    expect((await activity('deliverability.guardrail_resumed'))[0]).toMatchObject({ contactId: null, metadata: { domain: s.domain, held: 1 } });
    expect((await activity('deliverability.guardrail_paused,deliverability.guardrail_resumed', 2)).map((a) => a.type)).toEqual([
      'deliverability.guardrail_resumed',
      'deliverability.guardrail_paused',
    ]);
    const contactFeed = await eventually(async () => {
      const data = (await api.get(`/activity?contactId=${held.contact.id}`)).body.data as any[];
      return data.some((a) => a.type === 'email.sent') ? data : undefined;
    }, 20_000);
    expect(contactFeed.filter((a) => a.type.startsWith('deliverability.'))).toEqual([]);

    // After a resume the rule judges only mail sent since: a late complaint on earlier mail does not pause again.
    await complain(mails[1]);
    const after = await guardrails();
    expect(after.paused).toBeNull();
    expect(window(after, '24h').complaints).toBe(2);
    expect((await api.get('/activity?types=deliverability.guardrail_paused')).body.data).toHaveLength(1);
  }, 90_000);

  it("another project's domain and a malformed id are not found", async () => {
    const other = await api.get('/domains/not-a-domain/guardrails');
    expect([other.status, other.body.error.code]).toEqual([404, 'DOMAIN_NOT_FOUND']);
    const resumeUnknown = await api.post(`/domains/${crypto.randomUUID()}/guardrails/resume`, {});
    expect([resumeUnknown.status, resumeUnknown.body.error.code]).toEqual([404, 'DOMAIN_NOT_FOUND']);
    // A second project sending from the same domain has guardrails of its own, and cannot read the first's.
    const owner = await session(s.t.baseUrl, OWNER.email, OWNER.password);
    const project = await owner.post('/users/@me/projects', { name: `Guardrails ${kind}` });
    const second = new Api(s.t.baseUrl, project.body.secret);
    const secondId = await verifyDomain(second, s.dns, s.domain);
    const own = await second.get(`/domains/${secondId}/guardrails`);
    expect(own.body).toMatchObject({ paused: null, held: 0 });
    expect(window(own.body, '24h').sent).toBe(0);
    expect((await second.get(`/domains/${domainId}/guardrails`)).status).toBe(404);
  });
});
