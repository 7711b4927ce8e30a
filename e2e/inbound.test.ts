import nodemailer from 'nodemailer';
import { Api, eventually, freePort, OWNER, session, TopologyKind } from '../libs/testing/src';
import { HttpReceiver } from './support/receiver';
import { useSendingStack, verifyDomain } from './support/sending';

/**
 * Inbound mail end to end, in both topologies: signed SES Received notifications (the SNS
 * simulator) and direct SMTP deliveries (nodemailer, from this test) to Herald's listener become
 * one `email.received` event on the sender's contact of the project whose verified domain
 * received it; replies thread to the campaign email they answer (sent through the real SMTP
 * sink); other domains are refused at RCPT, oversized mail with 552; the raw message is the
 * project's only. DNS (the inbound MX) is a real server on loopback.
 */
const MX_HOST = 'mx.inbound.herald.test';
const MAX_BYTES = 64 * 1024;

describe.each<TopologyKind>(['all'])('inbound mail (%s)', (kind) => {
  const env: NodeJS.ProcessEnv = { INBOUND_MX_HOST: MX_HOST, INBOUND_MAX_BYTES: String(MAX_BYTES), WORKFLOW_WEBHOOK_ALLOW_PRIVATE: 'true' };
  beforeAll(async () => {
    env.INBOUND_SMTP_PORT = String(await freePort());
  });
  const s = useSendingStack(kind, { sns: true, env });
  let api: Api;
  let two: Api;
  let twoDomain: string;
  let n = 0;
  const tag = () => `i${++n}${kind}`;

  beforeAll(async () => {
    api = s.api;
    const owner = await session(s.t.baseUrl, OWNER.email, OWNER.password);
    const created = await owner.post('/users/@me/projects', { name: 'Inbound two' });
    expect(created.status).toBe(201);
    two = new Api(s.t.baseUrl, created.body.secret);
    twoDomain = `two-${s.domain}`;
    await verifyDomain(two, s.dns, twoDomain);
  }, 60_000);

  const smtp = () => nodemailer.createTransport({ host: '127.0.0.1', port: Number(env.INBOUND_SMTP_PORT), secure: false, ignoreTLS: true });
  const received = async (a: Api) => (await a.get('/events?eventName=email.received&limit=100')).body.events as any[];
  /** The email.received event whose data matches, once it is recorded. */
  const eventOf = (a: Api, match: (data: any) => boolean) => eventually(async () => (await received(a)).find((e) => match(e.data)), 20_000, 50);
  const postSns = (body: string) =>
    fetch(`${s.t.baseUrl}/webhooks/mail`, { method: 'POST', body, headers: { 'content-type': 'text/plain' } }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as any,
    }));

  it('a domain shows the inbound MX row; verified and published, it receives', async () => {
    const id = await verifyDomain(api, s.dns, `mx-${s.domain}`);
    const check = await api.get(`/domains/${id}/verify`);
    expect(check.body.verified).toBe(true);
    expect(check.body.records.find((r: any) => r.purpose === 'inbound')).toEqual({
      type: 'MX',
      name: `mx-${s.domain}`,
      value: MX_HOST,
      priority: 10,
      purpose: 'inbound',
      found: true,
    });
    const t = tag();
    await smtp().sendMail({ from: `mx.${t}@customer.example`, to: `hi@mx-${s.domain}`, subject: `MX ${t}`, text: 'x' });
    await eventOf(api, (d) => d.subject === `MX ${t}`);
  });

  it('a signed SES Received notification records one email.received on the sender (created, not subscribed); a replay records nothing', async () => {
    const t = tag();
    const sender = `jane.${t}@customer.example`;
    const mime =
      `From: Jane <${sender}>\r\nTo: support@${s.domain}\r\nSubject: Help ${t}\r\nMessage-ID: <${t}@customer.example>\r\nMIME-Version: 1.0\r\n` +
      `Content-Type: multipart/mixed; boundary="b"\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nMy order is late.\r\n` +
      `--b\r\nContent-Type: image/png\r\nContent-Disposition: attachment; filename="photo.png"\r\nContent-Transfer-Encoding: base64\r\n\r\niVBORw0KGgo=\r\n--b--\r\n`;
    const body = s.sns!.sign('Notification', { Message: s.sns!.sesReceived(`support@${s.domain}`, mime, { encoding: 'BASE64', from: sender }) });
    const first = await postSns(body);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ outcome: 'applied', kind: 'received' });
    expect(first.body.data.inboundIds).toHaveLength(1);
    const inboundId = first.body.data.inboundIds[0];

    const e = await eventOf(api, (d) => d.inboundId === inboundId);
    expect(e.contact.email).toBe(sender);
    expect(e.data).toEqual({
      inboundId,
      emailId: null,
      campaignId: null,
      templateId: null,
      sourceType: 'inbound',
      from: sender,
      to: [`support@${s.domain}`],
      subject: `Help ${t}`,
      messageId: `${t}@customer.example`,
      snippet: 'My order is late.',
      attachments: ['photo.png'],
      autoReply: false,
      via: 'ses',
    });
    const contact = (await api.get(`/contacts/${e.contactId}`)).body;
    expect(contact).toMatchObject({ email: sender, subscribed: false });

    // The same SNS message again: nothing recorded. A later message is the barrier that shows it.
    const replay = await postSns(body);
    expect(replay.body.data).toMatchObject({ outcome: 'duplicate' });
    await smtp().sendMail({ from: sender, to: `support@${s.domain}`, subject: `Barrier ${t}`, text: 'x' });
    await eventOf(api, (d) => d.subject === `Barrier ${t}`);
    expect((await received(api)).filter((x) => x.data.messageId === `${t}@customer.example`)).toHaveLength(1);

    // Not in the other project; its raw message is this project's only.
    expect((await received(two)).some((x) => x.data.inboundId === inboundId)).toBe(false);
    const raw = await fetch(`${s.t.baseUrl}/inbound/${inboundId}/raw`, { headers: { authorization: `Bearer ${s.t.keys.secret}` } });
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toMatch(/^message\/rfc822/);
    expect(await raw.text()).toBe(mime);
    const view = await api.get(`/inbound/${inboundId}`);
    expect(view.body).toMatchObject({
      id: inboundId,
      via: 'ses',
      from: sender,
      subject: `Help ${t}`,
      attachments: ['photo.png'],
      rawAvailable: true,
      contactId: e.contactId,
    });
    for (const path of [`/inbound/${inboundId}`, `/inbound/${inboundId}/raw`]) {
      const other = await two.get(path);
      expect([other.status, other.body.error.code]).toEqual([404, 'INBOUND_NOT_FOUND']);
    }
    const bad = await api.get('/inbound/not-an-id');
    expect([bad.status, bad.body.error.code]).toEqual([404, 'INBOUND_NOT_FOUND']);
    expect((await new Api(s.t.baseUrl, '').get(`/inbound/${inboundId}`)).status).toBe(401);
  });

  it('SES: a message over INBOUND_MAX_BYTES is recorded without its raw message; one SES did not include (S3 action) from its headers', async () => {
    const t = tag();
    const sender = `big.${t}@customer.example`;
    const big = `From: ${sender}\r\nTo: support@${s.domain}\r\nSubject: Big ${t}\r\n\r\n${'y'.repeat(MAX_BYTES + 1000)}\r\n`;
    const r = await postSns(s.sns!.sign('Notification', { Message: s.sns!.sesReceived(`support@${s.domain}`, big, { from: sender }) }));
    expect(r.body.data.outcome).toBe('applied');
    const id = r.body.data.inboundIds[0];
    expect((await api.get(`/inbound/${id}`)).body).toMatchObject({ subject: `Big ${t}`, size: big.length, rawAvailable: false });
    expect((await api.get(`/inbound/${id}/raw`)).status).toBe(404);

    // An S3 action: no content, the headers SES lists are what there is.
    const note = JSON.parse(s.sns!.sesReceived(`support@${s.domain}`, '', { from: sender, subject: `Headers ${t}` }));
    delete note.content;
    note.receipt.action = { type: 'S3', bucketName: 'inbound', objectKey: 'x' };
    note.mail.headers.push({ name: 'Auto-Submitted', value: 'auto-replied' });
    const h = await postSns(s.sns!.sign('Notification', { Message: note }));
    expect(h.body.data.outcome).toBe('applied');
    const e = await eventOf(api, (d) => d.inboundId === h.body.data.inboundIds[0]);
    expect(e.data).toMatchObject({ from: sender, subject: `Headers ${t}`, autoReply: true, snippet: '', via: 'ses' });
    expect((await api.get(`/inbound/${e.data.inboundId}`)).body.rawAvailable).toBe(false);
  });

  it('SES mail for a domain no project verified records nothing', async () => {
    const body = s.sns!.sign('Notification', { Message: s.sns!.sesReceived('x@nobody.example', 'Subject: hi\r\n\r\nhi\r\n') });
    const r = await postSns(body);
    expect([r.status, r.body.data.outcome]).toEqual([200, 'unknown_recipient']);
  });

  it('SMTP: mail for a verified domain is recorded in its project only, with via smtp', async () => {
    const t = tag();
    const sender = `bob.${t}@customer.example`;
    const info = await smtp().sendMail({
      from: `Bob <${sender}>`,
      to: [`sales@${s.domain}`, `help@${twoDomain}`],
      subject: `Quote ${t}`,
      text: 'Price for 10?',
      attachments: [{ filename: 'spec.txt', content: 'x' }],
    });
    expect(info.accepted).toEqual([`sales@${s.domain}`, `help@${twoDomain}`]);
    const one = await eventOf(api, (d) => d.subject === `Quote ${t}`);
    const other = await eventOf(two, (d) => d.subject === `Quote ${t}`);
    expect(one.data).toMatchObject({
      via: 'smtp',
      from: sender,
      to: [`sales@${s.domain}`],
      snippet: 'Price for 10?',
      attachments: ['spec.txt'],
      autoReply: false,
    });
    expect(other.data).toMatchObject({ via: 'smtp', from: sender, to: [`help@${twoDomain}`] });
    expect(other.contactId).not.toBe(one.contactId);
    expect(other.contact.email).toBe(sender);
    // Each project sees only its own.
    expect((await received(api)).filter((e) => e.data.subject === `Quote ${t}`)).toHaveLength(1);
    expect((await two.get(`/inbound/${one.data.inboundId}`)).status).toBe(404);
    expect((await api.get(`/inbound/${other.data.inboundId}`)).status).toBe(404);
    // And the activity feed shows it.
    const feed = await api.get(`/activity?types=email.received&contactId=${one.contactId}`);
    expect(feed.body.data).toEqual([
      expect.objectContaining({
        type: 'email.received',
        contactId: one.contactId,
        contactEmail: sender,
        metadata: expect.objectContaining({ subject: `Quote ${t}`, via: 'smtp' }),
      }),
    ]);
    // A deleted contact's received mail goes with it; the other project's copy stays.
    expect((await api.delete(`/contacts/${one.contactId}`)).status).toBeLessThan(300);
    await eventually(async () => (await api.get(`/inbound/${one.data.inboundId}`)).status === 404, 20_000);
    expect((await two.get(`/inbound/${other.data.inboundId}`)).status).toBe(200);
  });

  it('SMTP: a domain not verified is refused at RCPT (550), an oversized message with 552', async () => {
    const refused = await smtp()
      .sendMail({ from: 'a@customer.example', to: `x@unverified-${kind}.example`, subject: 'no', text: 'no' })
      .catch((err) => err);
    expect(refused).toMatchObject({ responseCode: 550 });
    expect(String(refused.response)).toMatch(/Relaying denied/);
    const t = tag();
    const big = await smtp()
      .sendMail({ from: 'a@customer.example', to: `big@${s.domain}`, subject: `Big ${t}`, text: 'x'.repeat(MAX_BYTES + 10_000) })
      .catch((err) => err);
    expect(big).toMatchObject({ responseCode: 552 });
    // Hostile MIME is taken (or refused) without harm: the listener still answers.
    const hostile = `From: <>\r\nContent-Type: multipart/mixed; boundary="x"\r\n\r\n${'--x\r\nContent-Type: multipart/mixed; boundary="x"\r\n\r\n'.repeat(300)}`;
    await smtp()
      .sendMail({ envelope: { from: `h.${t}@customer.example`, to: [`h@${s.domain}`] }, raw: hostile })
      .catch(() => undefined);
    await smtp().sendMail({ from: `after.${t}@customer.example`, to: `h@${s.domain}`, subject: `After ${t}`, text: 'still here' });
    await eventOf(api, (d) => d.subject === `After ${t}`);
  });

  it('a reply threads to the campaign email it answers (campaign stats count it); an auto-reply is marked and not counted', async () => {
    const t = tag();
    const reader = `reader.${t}@readers.example`;
    const ooo = `away.${t}@readers.example`;
    for (const email of [reader, ooo]) expect((await api.post('/contacts', { email, data: { group: t } })).status).toBeLessThan(300);
    const created = await api.post('/campaigns', {
      name: `Launch ${t}`,
      subject: `Launch ${t}`,
      body: '<p>News</p>',
      from: s.from,
      audienceType: 'FILTERED',
      audienceFilter: { logic: 'AND', groups: [{ filters: [{ field: 'data.group', operator: 'equals', value: t }] }] },
    });
    expect(created.status).toBe(201);
    const campaignId = created.body.data.id;
    expect((await api.post(`/campaigns/${campaignId}/send`, {})).status).toBeLessThan(300);
    const sent = await s.smtp!.waitFor((m) => m.envelope.to[0] === reader, 30_000);
    const sentAway = await s.smtp!.waitFor((m) => m.envelope.to[0] === ooo, 30_000);
    const messageId = sent.parsed.messageId!;
    expect(messageId).toMatch(/^<[0-9a-f-]{36}@/);

    // The auto-reply first: once the reply after it is counted, it was seen (one queue, in order).
    await smtp().sendMail({
      from: ooo,
      to: s.from,
      subject: `Automatic reply: Launch ${t}`,
      text: 'I am away.',
      inReplyTo: sentAway.parsed.messageId!,
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    const auto = await eventOf(api, (d) => d.subject === `Automatic reply: Launch ${t}`);
    await smtp().sendMail({
      from: reader,
      to: s.from,
      subject: `Re: Launch ${t}`,
      text: 'Count me in!\n\nOn Mon, Herald wrote:\n> News',
      inReplyTo: messageId,
      references: [messageId],
    });
    const reply = await eventOf(api, (d) => d.subject === `Re: Launch ${t}`);
    const emailId = messageId.slice(1, 37);
    expect(reply.data).toMatchObject({ emailId, campaignId, templateId: null, autoReply: false, snippet: 'Count me in!' });
    expect(reply.contact.email).toBe(reader);
    expect(auto.data).toMatchObject({ campaignId, autoReply: true });
    // On the contact's timeline, beside the campaign's email events.
    const timeline = (await api.get(`/events/contact/${reply.contactId}`)).body.events as any[];
    expect(timeline.find((e) => e.name === 'email.received')?.data).toMatchObject({ campaignId, emailId });
    expect(timeline.some((e) => e.name === 'email.sent' && e.data.campaignId === campaignId)).toBe(true);
    // On the campaign: one reply (the auto-reply is not one).
    const stats = await eventually(async () => {
      const r = (await api.get(`/campaigns/${campaignId}/stats`)).body;
      return r.repliedCount >= 1 ? r : undefined;
    }, 20_000);
    expect(stats.repliedCount).toBe(1);
    // A Message-ID of Herald's shape that this project never sent threads to nothing.
    await smtp().sendMail({ from: reader, to: s.from, subject: `Forged ${t}`, text: 'x', inReplyTo: `<${emailId}@elsewhere.example>` });
    expect((await eventOf(api, (d) => d.subject === `Forged ${t}`)).data).toMatchObject({ emailId: null, campaignId: null });
  });

  it('email.received triggers a workflow, its data in the execution', async () => {
    const t = tag();
    const receiver = await HttpReceiver.start();
    try {
      const wf = await api.post('/workflows', { name: `Inbound ${t}`, eventName: 'email.received' });
      expect(wf.status).toBe(201);
      const step = await api.post(`/workflows/${wf.body.id}/steps`, {
        type: 'WEBHOOK',
        config: { url: `http://127.0.0.1:${receiver.port}/hook/${t}`, method: 'POST' },
      });
      expect(step.status).toBe(201);
      expect((await api.post(`/workflows/${wf.body.id}/transitions`, { fromStepId: wf.body.steps[0].id, toStepId: step.body.id })).status).toBe(201);
      expect((await api.patch(`/workflows/${wf.body.id}`, { enabled: true })).status).toBe(200);

      const sender = `flow.${t}@customer.example`;
      await smtp().sendMail({ from: sender, to: `support@${s.domain}`, subject: `Flow ${t}`, text: 'Please call me' });
      const hit = await eventually(
        async () => receiver.requests.find((r) => r.path === `/hook/${t}` && JSON.parse(r.body).event?.data?.subject === `Flow ${t}`),
        20_000,
      );
      const payload = JSON.parse(hit.body);
      expect(payload.contact.email).toBe(sender);
      expect(payload.event).toMatchObject({ name: 'email.received', data: { from: sender, snippet: 'Please call me', via: 'smtp' } });
      await api.patch(`/workflows/${wf.body.id}`, { enabled: false });
    } finally {
      await receiver.close();
    }
  });

  it("counts received mail in the project's inbound billing category, and in /activity", async () => {
    const owner = await session(s.t.baseUrl, OWNER.email, OWNER.password);
    const inbound = async () => (await owner.get(`/users/@me/projects/${s.t.projectId}/billing-consumption`)).body.usage.inbound as number;
    const before = await inbound();
    const t = tag();
    await smtp().sendMail({ from: `count.${t}@customer.example`, to: `hello@${s.domain}`, subject: `Count ${t}`, text: 'x' });
    const e = await eventOf(api, (d) => d.subject === `Count ${t}`);
    await eventually(async () => (await inbound()) === before + 1, 20_000);
    const feed = await api.get(`/activity?contactId=${e.contactId}`);
    expect(feed.body.data.map((a: any) => a.type)).toContain('email.received');
  });
});
