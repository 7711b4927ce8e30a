import crypto from 'node:crypto';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import Plunk from '@plunk/node';
import { Api, DnsTestServer, eventually, type ReceivedMail, SmtpSink, SnsSimulator, TEST_TOPIC_ARN, Topology, TopologyKind } from '../libs/testing/src';
import { startHerald } from './support/herald';
import { trackTransactionalOpens } from './support/sending';

/**
 * Sending for real, in both topologies: a domain verified through a real DNS server (dns2), mail
 * delivered to a real SMTP server (smtp-server), DKIM checked against the published key, opens and
 * clicks through the tracking URLs, a bounce through a signed SNS notification.
 */
describe.each<TopologyKind>(['all'])('sending (%s)', (kind) => {
  let t: Topology;
  let api: Api;
  let dns: DnsTestServer;
  let smtp: SmtpSink;
  let sns: SnsSimulator;
  const DOMAIN = `${kind}.herald-test.example`;
  const FROM = `hello@${DOMAIN}`;

  const events = async (contactId: string) => (await api.get(`/events/contact/${contactId}`)).body.events.map((e: any) => e.name) as string[];
  const resolve = async (name: string, rr: string) => {
    const { promises } = await import('node:dns');
    const r = new promises.Resolver();
    r.setServers([`127.0.0.1:${dns.port}`]);
    return r.resolve(name, rr as any) as any;
  };

  beforeAll(async () => {
    [dns, smtp, sns] = await Promise.all([DnsTestServer.start(), SmtpSink.start(), SnsSimulator.start()]);
    t = await startHerald(kind, {
      env: {
        SMTP_URL: smtp.url,
        DNS_SERVERS: `127.0.0.1:${dns.port}`,
        SNS_CERT_URL_PATTERN: sns.certUrlPattern,
        SNS_SUBSCRIBE_URL_PATTERN: sns.subscribeUrlPattern,
        SNS_TOPIC_ARNS: TEST_TOPIC_ARN,
        SEND_RATE_PER_SECOND: '1000',
        ENCRYPTION_KEY: crypto.randomBytes(32).toString('hex'),
      },
    });
    api = new Api(t.baseUrl, t.keys.secret);
    const added = await api.post('/domains', { domain: DOMAIN });
    expect(added.status).toBe(201);
    for (const rec of added.body.records) {
      if (rec.type === 'TXT') dns.set(rec.name, 'TXT', [rec.value]);
      if (rec.type === 'MX') dns.set(rec.name, 'MX', [{ exchange: rec.value, priority: rec.priority ?? 10 }]);
    }
    const verified = await api.get(`/domains/${added.body.id}/verify`);
    expect(verified.body.verified).toBe(true);
    // These tests open transactional mail: the project opts in to its pixel (off by default, e2e/mail-format.test.ts).
    await trackTransactionalOpens(t.baseUrl, t.projectId);
  }, 90_000);

  afterAll(async () => {
    await t?.stop();
    await Promise.all([dns?.close(), smtp?.close(), sns?.close()]);
  });

  it('refuses a sender whose domain is not verified', async () => {
    const r = await api.post('/v1/send', { to: 'x@example.org', from: 'me@not-verified.example', subject: 's', body: 'b' });
    expect(r.status).toBe(403);
    expect(r.body.error).toMatchObject({ code: 'DOMAIN_NOT_VERIFIED', errors: [{ field: 'from' }] });
  });

  it('delivers a rendered, DKIM-signed message with tracking and records sent and delivered', async () => {
    const r = await api.post('/v1/send', {
      to: { name: 'Ada', email: 'Ada@Example.org' },
      from: { name: 'Herald Test', email: FROM },
      subject: 'Hi {{name ?? "there"}}',
      body: '<html><body><img src="https://example.com/logo.png" alt="Logo" width="120" height="40"><p>Plan: {{plan}} {{missing ?? "none"}} {{html}}</p><a href="https://example.com/docs?a=1&amp;b=2">docs</a></body></html>',
      data: { plan: 'pro', html: '<b>x</b>' },
      headers: { 'X-Campaign': 'launch' },
    });
    expect(r.status).toBe(200);
    const { contact, email } = r.body.data.emails[0];
    expect(contact.email).toBe('ada@example.org');

    const mail = await smtp.waitFor((m) => (m.parsed.messageId ?? '').includes(email));
    expect(mail.parsed.subject).toBe('Hi Ada');
    expect(mail.parsed.from?.value[0]).toEqual({ name: 'Herald Test', address: FROM });
    expect(mail.parsed.headers.get('x-campaign')).toBe('launch');
    expect(mail.parsed.headers.get('list-unsubscribe')).toBeUndefined(); // transactional
    const html = String(mail.parsed.html);
    expect(html).toContain('Plan: pro none &lt;b&gt;x&lt;/b&gt;');
    expect(html).toMatch(new RegExp(`${t.baseUrl}/t/o/[^"]+\\.gif`));
    expect(html).not.toContain('href="https://example.com/docs');

    const dkim = await dkimVerify(Buffer.from(mail.raw), { resolver: resolve });
    expect(dkim.results[0].status.result).toBe('pass');
    expect(dkim.results[0].signingDomain).toBe(DOMAIN);
    // Signed with a private key that is stored encrypted (ENCRYPTION_KEY is set for this suite).
    const [stored] = await t.sql('SELECT private_key_pem FROM domains.domains WHERE domain = $1', [DOMAIN]);
    expect(stored.private_key_pem).toMatch(/^enc:v1:/);

    await eventually(async () => (await events(contact.id)).includes('email.sent'));

    // Opening and clicking go through the signed gateway URLs.
    const pixel = html.match(/src="([^"]+\/t\/o\/[^"]+)"/)![1];
    expect((await fetch(pixel)).headers.get('content-type')).toBe('image/gif');
    const link = html.match(/href="([^"]+\/t\/c\/[^"]+)"/)![1];
    const click = await fetch(link, { redirect: 'manual' });
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe('https://example.com/docs?a=1&b=2');
    await eventually(async () => {
      const names = await events(contact.id);
      return names.includes('email.opened') && names.includes('email.clicked');
    });
    expect((await fetch(link.replace(/\/t\/c\/./, '/t/c/X'), { redirect: 'manual' })).status).toBe(404);
  });

  it('an email opened before the sender learnt it was accepted still records its sending, once', async () => {
    const release = smtp.holdReplies();
    let mail: ReceivedMail;
    let sent: { email: string; contact: { id: string } };
    try {
      const r = await api.post('/v1/send', {
        to: 'early-reader@example.org',
        from: FROM,
        subject: 'Quick',
        body: '<img src="https://example.com/logo.png" alt="Logo" width="120" height="40"><p>Hi</p>',
      });
      expect(r.status).toBe(200);
      sent = r.body.data.emails[0];
      mail = await smtp.waitFor((m) => (m.parsed.messageId ?? '').includes(sent.email));
      // Read while the server has not answered yet: the email is opened before it is sent.
      expect((await fetch(String(mail.parsed.html).match(/src="([^"]+\/t\/o\/[^"]+)"/)![1])).status).toBe(200);
      await eventually(async () => (await events(sent.contact.id)).includes('email.opened'));
    } finally {
      release();
    }
    const names = await eventually(async () => {
      const n = await events(sent.contact.id);
      return n.includes('email.sent') ? n : undefined;
    });
    expect(names.filter((n) => n === 'email.sent')).toHaveLength(1);
    expect(names.filter((n) => n === 'email.opened')).toHaveLength(1);
    const [row] = await t.sql(`SELECT status, sent_at IS NOT NULL AS sent, opened_at IS NOT NULL AS opened, message_id FROM messaging.emails WHERE id = $1`, [
      sent.email,
    ]);
    expect(row).toEqual({ status: 'opened', sent: true, opened: true, message_id: mail.parsed.messageId });
  });

  it('sends a marketing template with List-Unsubscribe one-click, and the link unsubscribes', async () => {
    const tpl = await api.post('/templates', {
      name: 'Newsletter',
      subject: 'News for {{email}}',
      body: '<p>Hello</p><a href="{{unsubscribeUrl}}">unsubscribe</a>',
      type: 'MARKETING',
      from: FROM,
    });
    expect(tpl.status).toBe(201);
    const r = await api.post('/v1/send', { to: 'reader@example.org', template: tpl.body.id, subscribed: true });
    expect(r.status).toBe(200);
    const { contact, email } = r.body.data.emails[0];
    const mail = await smtp.waitFor((m) => (m.parsed.messageId ?? '').includes(email));
    expect(mail.parsed.subject).toBe('News for reader@example.org');
    const header = (name: string) =>
      mail.parsed.headerLines
        .find((h) => h.key === name)
        ?.line.replace(/^[^:]+:\s*/, '')
        .replace(/\r?\n\s+/g, '');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // RFC 8058: both headers must be covered by the DKIM signature.
    expect(header('dkim-signature')).toMatch(/h=[^;]*list-unsubscribe:[^;]*list-unsubscribe-post|h=[^;]*list-unsubscribe-post[^;]*list-unsubscribe/);
    const unsubscribe = header('list-unsubscribe')!.replace(/[<>]/g, '');
    expect(unsubscribe).toContain(`${t.baseUrl}/unsubscribe/`);
    expect(String(mail.parsed.html)).toContain(unsubscribe);

    expect((await api.get(`/contacts/${contact.id}`)).body.subscribed).toBe(true);
    const page = await fetch(unsubscribe);
    expect(page.status).toBe(200);
    expect((await api.get(`/contacts/${contact.id}`)).body.subscribed).toBe(true); // GET changes nothing
    const oneClick = await fetch(unsubscribe, {
      method: 'POST',
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);
    expect((await api.get(`/contacts/${contact.id}`)).body.subscribed).toBe(false);
    await eventually(async () => (await events(contact.id)).includes('contact.unsubscribed'));
    expect((await fetch(unsubscribe.slice(0, -3) + 'abc')).status).toBe(404);
  });

  it('a permanent bounce unsubscribes and suppresses the address; a duplicate notification changes nothing', async () => {
    const r = await api.post('/v1/send', { to: 'bouncy@example.org', from: FROM, subject: 'one', body: 'x', subscribed: true });
    const { contact, email } = r.body.data.emails[0];
    const mail = await smtp.waitFor((m) => (m.parsed.messageId ?? '').includes(email));
    // The sink can hold the message a moment before Herald has recorded the handoff (and the
    // Message-ID a notification names); a provider notifies well after. Wait for the record.
    await eventually(async () => (await events(contact.id)).includes('email.sent'));
    const body = sns.sign('Notification', { Message: sns.sesBounce(mail.parsed.messageId!, 'bouncy@example.org', 'Permanent') }, '2');
    const hook = await fetch(`${t.baseUrl}/webhooks/mail`, { method: 'POST', body, headers: { 'content-type': 'text/plain' } });
    expect(hook.status).toBe(200);
    expect(((await hook.json()) as any).data.outcome).toBe('applied');
    const again = await fetch(`${t.baseUrl}/webhooks/mail`, { method: 'POST', body, headers: { 'content-type': 'text/plain' } });
    expect(((await again.json()) as any).data.outcome).toBe('duplicate');

    await eventually(async () => (await api.get(`/contacts/${contact.id}`)).body.subscribed === false);
    await eventually(async () => (await events(contact.id)).includes('email.bounced'));

    const next = await api.post('/v1/send', { to: 'bouncy@example.org', from: FROM, subject: 'two', body: 'x' });
    expect(next.status).toBe(200);
    const nextId = next.body.data.emails[0].email;
    await eventually(async () => (await events(contact.id)).includes('email.failed'));
    expect(smtp.byEmailId(nextId)).toHaveLength(0);

    // A notification whose content was changed after signing is refused.
    const signed = JSON.parse(sns.sign('Notification', { Message: sns.sesComplaint(mail.parsed.messageId!, 'bouncy@example.org') }, '1'));
    signed.Message = signed.Message.replace('bouncy@example.org', 'someone-else@example.org');
    expect((await fetch(`${t.baseUrl}/webhooks/mail`, { method: 'POST', body: JSON.stringify(signed) })).status).toBe(403);
  });

  it('confirms an SNS subscription only when the signature verifies', async () => {
    const body = sns.sign('SubscriptionConfirmation', { Token: `tok${kind}` }, '2');
    const r = await fetch(`${t.baseUrl}/webhooks/mail`, { method: 'POST', body, headers: { 'content-type': 'text/plain' } });
    expect(r.status).toBe(200);
    expect(((await r.json()) as any).data.outcome).toBe('subscription_confirmed');
    expect(sns.confirmations).toContain(`tok${kind}`);

    const forged = JSON.parse(sns.sign('SubscriptionConfirmation', { Token: `forged${kind}` }, '1'));
    forged.Signature = Buffer.from('not a signature').toString('base64');
    expect((await fetch(`${t.baseUrl}/webhooks/mail`, { method: 'POST', body: JSON.stringify(forged) })).status).toBe(403);
    expect(sns.confirmations).not.toContain(`forged${kind}`);

    // Anyone can have Amazon sign for a topic of their own: only SNS_TOPIC_ARNS are accepted.
    const foreign = sns.sign('SubscriptionConfirmation', { Token: `foreign${kind}`, TopicArn: 'arn:aws:sns:us-east-1:999999999999:attacker' }, '2');
    expect((await fetch(`${t.baseUrl}/webhooks/mail`, { method: 'POST', body: foreign })).status).toBe(403);
    expect(sns.confirmations).not.toContain(`foreign${kind}`);
  });

  it('a malformed tracking or page token is a 404, never a 500', async () => {
    const weird = `x.${'%C3%A9'.repeat(32)}`;
    expect((await fetch(`${t.baseUrl}/t/c/${weird}`, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/unsubscribe/${weird}`)).status).toBe(404);
    expect((await fetch(`${t.baseUrl}/manage/${weird}`, { method: 'POST' })).status).toBe(404);
  });

  it('works with the Plunk SDK', async () => {
    const plunk = new Plunk(t.keys.secret, { baseUrl: `${t.baseUrl}/v1/` });
    const res: any = await plunk.emails.send({ to: 'sdk@example.org', subject: 'From the SDK', body: '<p>sdk</p>', from: FROM } as any);
    expect(res.success).toBe(true);
    await smtp.waitFor((m) => m.parsed.subject === 'From the SDK');
  });
});
