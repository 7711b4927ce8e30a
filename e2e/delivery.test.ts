import crypto from 'node:crypto';
import { Api, eventually, OWNER, session, SmtpSink, TopologyKind } from '../libs/testing/src';
import { contactEvents, useSendingStack } from './support/sending';

const uniq = () => crypto.randomBytes(4).toString('hex');

/**
 * Delivery behind /v1/send (retries, permanent failures, a crashed sender worker), /v1/verify
 * against a real DNS server, and the dev mailbox.
 */
describe.each<TopologyKind>(['all', 'split'])('delivery (%s)', (kind) => {
  // A slow sending rate keeps the crash test's batch in flight when the worker is killed.
  const s = useSendingStack(kind, { env: { SEND_RATE_PER_SECOND: '4' } });
  let api: Api;
  let smtp: SmtpSink;
  let FROM: string;

  const send = async (body: Record<string, unknown>) => {
    const r = await api.post('/v1/send', { from: FROM, ...body });
    if (r.status !== 200) throw new Error(`send → ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data.emails as Array<{ contact: { id: string; email: string }; email: string }>;
  };
  const row = async (emailId: string) => (await s.t.sql('SELECT status, attempts, last_error FROM messaging.emails WHERE id = $1', [emailId]))[0];

  beforeAll(() => {
    ({ api, from: FROM } = s);
    smtp = s.smtp!;
  });

  describe('SMTP failures', () => {
    it('retries a temporary failure (451) and then delivers', async () => {
      smtp.failNext(1, 451);
      const [e] = await send({ to: `temp-${uniq()}@example.org`, subject: 'temporary failure first', body: '<p>retry me</p>' });
      // The first attempt is refused; the retry (after a 5 s backoff) goes through.
      await eventually(async () => smtp.byEmailId(e.email).length === 1, 40_000, 250);
      expect(smtp.byEmailId(e.email)[0].parsed.subject).toBe('temporary failure first');
      const r = await eventually(async () => {
        const x = await row(e.email);
        return x.status === 'sent' ? x : undefined;
      }, 10_000);
      expect(r.attempts).toBe(2);
      expect(r.last_error).toMatch(/451/);
      await eventually(async () => (await contactEvents(api, e.contact.id)).includes('email.sent'), 15_000);
      expect(await contactEvents(api, e.contact.id)).not.toContain('email.failed');
    }, 60_000);

    it('fails a permanent refusal (550) at once: email.failed, no retry', async () => {
      smtp.failNext(1, 550);
      const [e] = await send({ to: `perm-${uniq()}@example.org`, subject: 'permanent failure', body: '<p>never</p>' });
      await eventually(async () => (await contactEvents(api, e.contact.id)).includes('email.failed'), 20_000);
      const r = await row(e.email);
      expect(r.status).toBe('failed');
      expect(r.attempts).toBe(1);
      expect(r.last_error).toMatch(/550/);
      expect(await contactEvents(api, e.contact.id)).not.toContain('email.sent');

      // Later mail still flows; the refused one never reaches the sink.
      const [next] = await send({ to: `after-perm-${uniq()}@example.org`, subject: 'after the permanent failure', body: 'x' });
      await smtp.waitFor((m) => (m.parsed.messageId ?? '').includes(next.email), 20_000);
      expect(smtp.byEmailId(e.email)).toHaveLength(0);
      expect((await row(e.email)).attempts).toBe(1);
    }, 60_000);
  });

  describe('/v1/verify', () => {
    const verify = async (email: string) => {
      const r = await api.post('/v1/verify', { email });
      expect(r.status).toBe(200);
      expect(r.body.success).toBe(true);
      return r.body.data;
    };

    beforeAll(() => {
      s.dns.set('mail-ok.herald-verify.example', 'MX', [{ exchange: 'mx1.mail-ok.herald-verify.example', priority: 10 }]);
      s.dns.set('txt-only.herald-verify.example', 'TXT', ['v=spf1 -all']);
      s.dns.set('a-only.herald-verify.example', 'A', ['192.0.2.10']);
    });

    it('accepts an address whose domain has MX records', async () => {
      const d = await verify('  Someone@Mail-OK.herald-verify.example ');
      expect(d).toMatchObject({
        email: 'someone@mail-ok.herald-verify.example',
        valid: true,
        domainExists: true,
        hasMxRecords: true,
        isDisposable: false,
        isAlias: false,
        isTypo: false,
        isPlusAddressed: false,
        isPersonalEmail: false,
      });
      expect(Array.isArray(d.reasons)).toBe(true);
      expect(d.suggestedEmail).toBeUndefined();
    });

    it('rejects a domain that does not exist, and one with neither MX nor A', async () => {
      const missing = await verify('someone@nowhere.herald-verify.example');
      expect(missing).toMatchObject({ valid: false, domainExists: false, hasMxRecords: false });
      expect(missing.reasons.length).toBeGreaterThan(0);

      const noMail = await verify('someone@txt-only.herald-verify.example');
      expect(noMail).toMatchObject({ valid: false, domainExists: true, hasMxRecords: false });

      // No MX but an address record: the implicit MX takes mail.
      const implicit = await verify('someone@a-only.herald-verify.example');
      expect(implicit).toMatchObject({ valid: true, domainExists: true, hasMxRecords: false });
    });

    it('flags a disposable domain', async () => {
      s.dns.set('mailinator.com', 'MX', [{ exchange: 'mail.mailinator.com', priority: 10 }]);
      const d = await verify('throwaway@mailinator.com');
      expect(d.isDisposable).toBe(true);
      expect(d.valid).toBe(false);
      expect(d.hasMxRecords).toBe(true);
    });

    it('suggests a fix for a typo in a well-known domain', async () => {
      const d = await verify('jane@gmial.com');
      expect(d.isTypo).toBe(true);
      expect(d.suggestedEmail).toBe('jane@gmail.com');
    });

    it('flags role addresses and plus addressing', async () => {
      const alias = await verify('admin@mail-ok.herald-verify.example');
      expect(alias.isAlias).toBe(true);
      expect(alias.isPlusAddressed).toBe(false);
      const plus = await verify('a+b@mail-ok.herald-verify.example');
      expect(plus.isPlusAddressed).toBe(true);
      expect(plus.isAlias).toBe(false);
      expect(plus.valid).toBe(true);
      const both = await verify('support+tickets@mail-ok.herald-verify.example');
      expect(both).toMatchObject({ isAlias: true, isPlusAddressed: true });
    });

    it('answers an invalid address with valid false, and needs a secret key', async () => {
      const d = await verify('not an email');
      expect(d).toMatchObject({ valid: false, domainExists: false });
      expect(d.reasons.length).toBeGreaterThan(0);
      const missing = await api.post('/v1/verify', {});
      expect(missing.status).toBe(422);
      const pk = await api.withKey(s.t.keys.public).post('/v1/verify', { email: 'someone@mail-ok.herald-verify.example' });
      expect(pk.status).toBe(401);
      expect(pk.body.error.code).toBe('INVALID_API_KEY');
    });
  });

  it('has no dev mailbox when SMTP is configured', async () => {
    const r = await api.get('/dev/mailbox');
    expect(r.status).toBe(404);
  });

  it("paces a project's mail at SEND_RATE_PER_SECOND: 12 emails at 4 a second span three 1-second windows", async () => {
    const tag = uniq();
    const to = Array.from({ length: 12 }, (_, i) => `pace-${tag}-${i}@example.org`);
    const emails = await send({ to, subject: `pace ${tag}`, body: '<p>paced</p>' });
    await eventually(async () => emails.every((e) => smtp.byEmailId(e.email).length === 1), 30_000, 100);
    const at = emails.map((e) => smtp.byEmailId(e.email)[0].receivedAt).sort((a, b) => a - b);
    // The first and the last are taken at least one whole window apart (unthrottled, all 12 arrive
    // within a few hundred ms); margin for the first one's own time to the sink.
    expect(at[11] - at[0]).toBeGreaterThanOrEqual(800);
  }, 60_000);

  // A crashed sender worker (split: the messaging process; all-in-one: the process) loses nothing.
  const worker = kind === 'split' ? 'messaging' : 'all';
  {
    it(`loses no email when the ${worker} process is killed mid-batch and restarted`, async () => {
      const tag = uniq();
      const to = Array.from({ length: 20 }, (_, i) => `crash-${tag}-${i}@example.org`);
      const emails = await send({ to, subject: `crash ${tag} {{email}}`, body: '<p>at least once</p>' });
      expect(emails).toHaveLength(20);
      await s.t.kill(worker);
      // At 4 messages a second, the batch cannot have gone out before the kill.
      expect(emails.filter((e) => smtp.byEmailId(e.email).length > 0).length).toBeLessThan(20);
      await s.t.restart(worker);
      // Redelivered by RabbitMQ (split) or requeued at start (all-in-one): well inside the 2-minute sweep.
      await eventually(async () => emails.every((e) => smtp.byEmailId(e.email).length >= 1), 60_000, 250);
      for (const e of emails) {
        const m = smtp.byEmailId(e.email)[0];
        expect(m.envelope.to).toEqual([e.contact.email]);
        expect(m.parsed.subject).toBe(`crash ${tag} ${e.contact.email}`);
      }
      await eventually(async () => {
        const rows = await s.t.sql('SELECT status FROM messaging.emails WHERE id = ANY($1::uuid[])', [emails.map((e) => e.email)]);
        return rows.length === 20 && rows.every((r) => r.status === 'sent');
      }, 20_000);
    }, 150_000);

    it(`a SIGTERM mid-batch lets the ${worker} process finish what it is sending: each email sent and recorded once`, async () => {
      const tag = uniq();
      const to = Array.from({ length: 6 }, (_, i) => `drain-${tag}-${i}@example.org`);
      const emails = await send({ to, subject: `drain ${tag} {{email}}`, body: '<p>graceful</p>' });
      // The first one is out; at 4 messages a second the others are still being sent.
      await eventually(async () => emails.some((e) => smtp.byEmailId(e.email).length > 0), 20_000, 20);
      expect(emails.filter((e) => smtp.byEmailId(e.email).length > 0).length).toBeLessThan(6);
      expect(await s.t.terminate(worker)).toBe(0);
      // Everything the process had taken went out and was recorded before it exited.
      const rows = await s.t.sql('SELECT status FROM messaging.emails WHERE id = ANY($1::uuid[])', [emails.map((e) => e.email)]);
      expect(rows.map((r) => r.status)).toEqual(Array(6).fill('sent'));
      expect(emails.map((e) => smtp.byEmailId(e.email).length)).toEqual(Array(6).fill(1));
      // And nothing goes out a second time after the restart.
      await s.t.restart(worker);
      const probe = await send({ to: `drain-${tag}-after@example.org`, subject: `drain ${tag} after`, body: '<p>after</p>' });
      await eventually(async () => smtp.byEmailId(probe[0].email).length === 1, 30_000, 100);
      expect(emails.map((e) => smtp.byEmailId(e.email).length)).toEqual(Array(6).fill(1));
    }, 120_000);
  }
});

/** The dev mailbox: no SMTP_URL outside production keeps mail on this machine, readable over the API. */
describe('dev mailbox (all, no SMTP_URL)', () => {
  const s = useSendingStack('all', { smtp: false });

  it('keeps a sent message, rendered, with its raw source, and marks it delivered', async () => {
    const to = `dev-${uniq()}@example.org`;
    const r = await s.api.post('/v1/send', {
      to: { name: 'Dev Reader', email: to },
      from: { name: 'Dev Sender', email: s.from },
      subject: 'Hello {{name}} on {{plan}}',
      body: '<p>Your plan: {{plan}}</p>',
      data: { plan: 'starter' },
    });
    expect(r.status).toBe(200);
    const { contact, email } = r.body.data.emails[0];

    const box = await eventually(async () => {
      const res = await s.api.get('/dev/mailbox');
      expect(res.status).toBe(200);
      const found = res.body.messages.find((m: any) => m.emailId === email);
      return found ? res.body : undefined;
    }, 20_000);
    const msg = box.messages.find((m: any) => m.emailId === email);
    expect(msg).toMatchObject({ id: expect.any(String), emailId: email, to, from: s.from, subject: 'Hello Dev Reader on starter' });
    expect(new Date(msg.receivedAt).toISOString()).toBe(msg.receivedAt);
    expect(msg.raw).toMatch(/^Subject: Hello Dev Reader on starter$/m);
    expect(msg.raw).toMatch(/^From: Dev Sender <[^>]+>$/im);
    expect(msg.raw).toMatch(new RegExp(`^Message-ID:\\s+<${email}@${s.domain.replace(/\./g, '\\.')}>`, 'mi'));
    expect(msg.raw).toContain('Your plan: starter');

    await eventually(async () => (await contactEvents(s.api, contact.id)).includes('email.delivered'), 15_000);

    // Another project sees none of it.
    const owner = await session(s.t.baseUrl, OWNER.email, OWNER.password);
    const project = await owner.post('/users/@me/projects', { name: 'Dev other' });
    const other = await new Api(s.t.baseUrl, project.body.secret).get('/dev/mailbox');
    expect(other.status).toBe(200);
    expect(other.body.messages).toEqual([]);
  });
});
