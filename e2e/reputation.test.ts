import { Api, DnsTestServer, eventually, OWNER, session, SmtpSink, SnsSimulator, TEST_TOPIC_ARN, Topology, TopologyKind } from '../libs/testing/src';
import { startHerald } from './support/herald';

/** Reputation, by Plunk's thresholds: bounce figures per project, and a critical level disables the project. */
describe.each<TopologyKind>(['all'])('reputation (%s)', (kind) => {
  let t: Topology;
  let dns: DnsTestServer;
  let smtp: SmtpSink;
  let sns: SnsSimulator;

  beforeAll(async () => {
    [dns, smtp, sns] = await Promise.all([DnsTestServer.start(), SmtpSink.start(), SnsSimulator.start()]);
    t = await startHerald(kind, {
      env: {
        SMTP_URL: smtp.url,
        DNS_SERVERS: `127.0.0.1:${dns.port}`,
        SNS_CERT_URL_PATTERN: sns.certUrlPattern,
        SNS_TOPIC_ARNS: TEST_TOPIC_ARN,
        SEND_RATE_PER_SECOND: '1000',
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
    await Promise.all([dns?.close(), smtp?.close(), sns?.close()]);
  });

  it('reports bounce rates and disables the project when bounces turn critical', async () => {
    const api = new Api(t.baseUrl, t.keys.secret);
    const domain = `rep-${kind}.example`;
    const added = await api.post('/domains', { domain });
    for (const rec of added.body.records) {
      if (rec.type === 'TXT') dns.set(rec.name, 'TXT', [rec.value]);
      if (rec.type === 'MX') dns.set(rec.name, 'MX', [{ exchange: rec.value, priority: rec.priority ?? 10 }]);
    }
    expect((await api.get(`/domains/${added.body.id}/verify`)).body.verified).toBe(true);

    const to = Array.from({ length: 100 }, (_, i) => `r${i}@example.org`);
    const sent = await api.post('/v1/send', { to, from: `news@${domain}`, subject: 'Hello', body: '<p>hi</p>' });
    expect(sent.status).toBe(200);
    await eventually(async () => smtp.messages.filter((m) => m.parsed.subject === 'Hello').length >= 100, 60_000);

    const owner = await session(t.baseUrl, OWNER.email, OWNER.password);
    const security = async () => (await owner.get(`/users/@me/projects/${t.projectId}/security`)).body;
    await eventually(async () => (await security()).sevenDay.total === 100);
    expect((await security()).levels.bounce7Day).toBe('healthy');

    // 11 permanent bounces of 100: an 11 % 7-day bounce rate is critical (≥ 10 %).
    const bounced = smtp.messages.filter((m) => m.parsed.subject === 'Hello').slice(0, 11);
    for (const m of bounced) {
      const body = sns.sign('Notification', { Message: sns.sesBounce(m.parsed.messageId!, m.envelope.to[0], 'Permanent') }, '1');
      const r = await fetch(`${t.baseUrl}/webhooks/mail`, { method: 'POST', body });
      expect(r.status).toBe(200);
    }
    const figures = await security();
    expect(figures.sevenDay.bounces).toBe(11);
    expect(figures.sevenDay.bounceRate).toBeCloseTo(0.11);
    expect(figures.levels.bounce7Day).toBe('critical');

    await eventually(async () => (await api.get('/contacts')).status === 403, 20_000);
    const refused = await api.get('/contacts');
    expect(refused.body.error.code).toBe('PROJECT_DISABLED');
    const project = (await owner.get('/users/@me/projects')).body.find((p: any) => p.id === t.projectId);
    expect(project).toMatchObject({ disabled: true, disabledReason: 'EMAIL_REPUTATION' });
    expect((await security()).isDisabled).toBe(true);
  }, 120_000);
});
