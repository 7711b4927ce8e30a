import crypto from 'node:crypto';
import { Api, eventually, ReceivedMail, SmtpSink, TopologyKind } from '../libs/testing/src';
import { contactEvents, useSendingStack } from './support/sending';

/** POST /v1/send request rules (body, data, limits, errors, as Plunk clients send it) in both topologies. */
describe.each<TopologyKind>(['all', 'split'])('/v1/send rules (%s)', (kind) => {
  const s = useSendingStack(kind, { shared: true });
  let api: Api;
  let smtp: SmtpSink;
  let FROM: string;
  const uniq = () => crypto.randomBytes(4).toString('hex');

  /** Sends, expects 200 and returns the send result data. */
  const sendOk = async (body: Record<string, unknown>, headers?: Record<string, string>) => {
    const r = await api.post('/v1/send', body, headers);
    if (r.status !== 200) throw new Error(`send → ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data as { emails: Array<{ contact: { id: string; email: string }; email: string }>; timestamp: string };
  };
  const arrived = (emailId: string): Promise<ReceivedMail> => smtp.waitFor((m) => (m.parsed.messageId ?? '').includes(emailId), 20_000);
  const expect422 = (r: { status: number; body: any }, field: string) => {
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
    expect(r.body.error.errors.map((e: any) => e.field)).toContain(field);
  };
  const contact = async (id: string) => (await api.get(`/contacts/${id}`)).body;

  beforeAll(() => {
    ({ api, from: FROM } = s);
    smtp = s.smtp!;
  });

  describe('recipients', () => {
    it('accepts to as a string', async () => {
      const to = `str-${uniq()}@example.org`;
      const out = await sendOk({ to, from: FROM, subject: 'string to', body: '<p>x</p>' });
      expect(out.emails).toHaveLength(1);
      expect(out.emails[0].contact.email).toBe(to);
      expect(new Date(out.timestamp).toISOString()).toBe(out.timestamp);
      const mail = await arrived(out.emails[0].email);
      expect(mail.envelope.to).toEqual([to]);
      expect(mail.parsed.to).toMatchObject({ value: [{ address: to }] });
    });

    it('accepts to as { name, email } and stores the name as data.name', async () => {
      const to = `obj-${uniq()}@example.org`;
      const out = await sendOk({ to: { name: 'Grace Hopper', email: to.toUpperCase() }, from: FROM, subject: 'Hi {{name}}', body: '<p>{{name}}</p>' });
      expect(out.emails[0].contact.email).toBe(to);
      const mail = await arrived(out.emails[0].email);
      expect(mail.parsed.to).toMatchObject({ value: [{ name: 'Grace Hopper', address: to }] });
      expect(mail.parsed.subject).toBe('Hi Grace Hopper');
      expect((await contact(out.emails[0].contact.id)).data.name).toBe('Grace Hopper');
    });

    it('accepts an array: each recipient gets its own contact and its own email', async () => {
      const a = `arr-a-${uniq()}@example.org`;
      const b = `arr-b-${uniq()}@example.org`;
      const c = `arr-c-${uniq()}@example.org`;
      const out = await sendOk({ to: [a, { name: 'Bee', email: b }, { email: c }], from: FROM, subject: 'For {{email}}', body: '<p>{{name ?? "anon"}}</p>' });
      expect(out.emails.map((e) => e.contact.email)).toEqual([a, b, c]);
      expect(new Set(out.emails.map((e) => e.contact.id)).size).toBe(3);
      expect(new Set(out.emails.map((e) => e.email)).size).toBe(3);
      const mails = await Promise.all(out.emails.map((e) => arrived(e.email)));
      expect(mails.map((m) => m.envelope.to)).toEqual([[a], [b], [c]]);
      expect(mails.map((m) => m.parsed.subject)).toEqual([`For ${a}`, `For ${b}`, `For ${c}`]);
      expect(String(mails[0].parsed.html)).toContain('<p>anon</p>');
      expect(String(mails[1].parsed.html)).toContain('<p>Bee</p>');
      expect((await contact(out.emails[1].contact.id)).data).toEqual({ name: 'Bee' });
      expect((await contact(out.emails[0].contact.id)).data).toEqual({});
    });

    it('concurrent sends are persisted together yet each keeps its own recipients, data and outcome', async () => {
      const run = uniq();
      const shared = `shared-${run}@example.org`;
      const bodies = Array.from({ length: 8 }, (_, i) => ({
        to: i % 2 ? [`c${i}-${run}@example.org`, shared] : `c${i}-${run}@example.org`,
        from: FROM,
        subject: `Concurrent ${i} for {{email}}`,
        body: '<p>n={{n}}</p>',
        data: { n: i },
      }));
      // Refused in the same burst: an unknown template and a sender of another domain.
      const bad = [
        { to: `bad-tpl-${run}@example.org`, template: crypto.randomUUID() },
        { to: `bad-from-${run}@example.org`, from: `x@not-verified-${run}.example`, subject: 's', body: 'b' },
      ];
      const res = await Promise.all([...bodies, ...bad].map((b) => api.post('/v1/send', b)));
      expect(res.slice(0, 8).map((r) => r.status)).toEqual(Array(8).fill(200));
      expect(res[8].status).toBe(404);
      expect(res[9].status).toBe(403);
      const sent = res.slice(0, 8).map((r) => r.body.data.emails as Array<{ contact: { id: string; email: string }; email: string }>);
      sent.forEach((emails, i) =>
        expect(emails.map((e) => e.contact.email)).toEqual(i % 2 ? [`c${i}-${run}@example.org`, shared] : [`c${i}-${run}@example.org`]),
      );
      // The shared address is one contact, whatever request reached it.
      expect(new Set(sent.filter((_, i) => i % 2).map((emails) => emails[1].contact.id)).size).toBe(1);
      const mails = await Promise.all(sent.map((emails) => arrived(emails[0].email)));
      mails.forEach((m, i) => {
        expect(m.parsed.subject).toBe(`Concurrent ${i} for c${i}-${run}@example.org`);
        expect(String(m.parsed.html)).toContain(`<p>n=${i}</p>`);
      });
      for (const b of bad) expect((await api.post('/contacts/lookup', { emails: [b.to] })).body.notFound).toEqual([b.to]);
    });

    it('70 recipients sharing 1 MB of data: every contact stored and every email sent (no RPC message limit hit)', async () => {
      // 70 × 1 MB of contact data is more than one gRPC message may carry (64 MB) in split.
      const tag = uniq();
      const blob = 'x'.repeat(1024 * 1024);
      const to = Array.from({ length: 70 }, (_, i) => `big-${tag}-${i}@example.org`);
      const out = await sendOk({ to, from: FROM, subject: `big ${tag}`, body: '<p>{{email}}</p>', data: { blob, n: 1 } });
      expect(out.emails.map((e) => e.contact.email)).toEqual(to);
      const stored = await contact(out.emails[69].contact.id);
      expect(stored.data.blob).toHaveLength(blob.length);
      await eventually(async () => out.emails.every((e) => smtp.byEmailId(e.email).length === 1), 60_000, 250);
    }, 120_000);

    it('refuses data × recipients over 100 MB with 413 on data, and stores nothing', async () => {
      const tag = uniq();
      const to = Array.from({ length: 100 }, (_, i) => `huge-${tag}-${i}@example.org`);
      const r = await api.post('/v1/send', { to, from: FROM, subject: 'huge', body: '<p>x</p>', data: { blob: 'x'.repeat(1100 * 1024) } });
      expect(r.status).toBe(413);
      expect(r.body.error.code).toBe('PAYLOAD_TOO_LARGE');
      expect(r.body.error.errors.map((e: any) => e.field)).toEqual(['data']);
      expect(r.body.error.suggestion).toMatch(/fewer recipients/);
      expect((await api.get(`/contacts?search=huge-${tag}`)).body.data).toEqual([]);
    });

    it('refuses a missing or invalid to with 422 on to', async () => {
      expect422(await api.post('/v1/send', { from: FROM, subject: 's', body: 'b' }), 'to');
      expect422(await api.post('/v1/send', { to: 'nope', from: FROM, subject: 's', body: 'b' }), 'to');
      expect422(await api.post('/v1/send', { to: [], from: FROM, subject: 's', body: 'b' }), 'to');
    });
  });

  describe('content, sender and reply-to', () => {
    let tpl: any;
    beforeAll(async () => {
      const r = await api.post('/templates', {
        name: 'Rules template',
        subject: 'Template subject {{plan}}',
        body: '<p>Template body {{plan}}</p>',
        type: 'TRANSACTIONAL',
        from: FROM,
        fromName: 'Template Sender',
        replyTo: 'template-reply@example.org',
      });
      expect(r.status).toBe(201);
      tpl = r.body;
    });

    it('uses the template subject, body, from and reply-to, rendered with data', async () => {
      const out = await sendOk({ to: `tpl-${uniq()}@example.org`, template: tpl.id, data: { plan: 'gold' } });
      const mail = await arrived(out.emails[0].email);
      expect(mail.parsed.subject).toBe('Template subject gold');
      expect(String(mail.parsed.html)).toContain('<p>Template body gold</p>');
      expect(mail.parsed.from?.value[0]).toEqual({ name: 'Template Sender', address: FROM });
      expect(mail.parsed.replyTo?.value[0].address).toBe('template-reply@example.org');
    });

    it('lets explicit subject, body, from and reply override the template', async () => {
      const other = `other@${s.domain}`;
      const out = await sendOk({
        to: `override-${uniq()}@example.org`,
        template: tpl.id,
        subject: 'Explicit subject {{plan}}',
        body: '<p>Explicit body {{plan}}</p>',
        from: { name: 'Explicit Sender', email: other },
        reply: 'explicit-reply@example.org',
        data: { plan: 'silver' },
      });
      const mail = await arrived(out.emails[0].email);
      expect(mail.parsed.subject).toBe('Explicit subject silver');
      expect(String(mail.parsed.html)).toContain('<p>Explicit body silver</p>');
      expect(String(mail.parsed.html)).not.toContain('Template body');
      expect(mail.parsed.from?.value[0]).toEqual({ name: 'Explicit Sender', address: other });
      expect(mail.parsed.replyTo?.value[0].address).toBe('explicit-reply@example.org');

      // Only the subject overridden: the rest still comes from the template.
      const partial = await sendOk({ to: `override2-${uniq()}@example.org`, template: tpl.id, subject: 'Only subject', data: { plan: 'bronze' } });
      const m2 = await arrived(partial.emails[0].email);
      expect(m2.parsed.subject).toBe('Only subject');
      expect(String(m2.parsed.html)).toContain('<p>Template body bronze</p>');
      expect(m2.parsed.from?.value[0]).toEqual({ name: 'Template Sender', address: FROM });
    });

    it('takes the sender name from the from object, else from the deprecated name field', async () => {
      const obj = await sendOk({
        to: `fromobj-${uniq()}@example.org`,
        from: { name: 'Object Name', email: FROM },
        name: 'Legacy Name',
        subject: 'from object',
        body: 'x',
      });
      expect((await arrived(obj.emails[0].email)).parsed.from?.value[0]).toEqual({ name: 'Object Name', address: FROM });

      const legacy = await sendOk({ to: `legacy-${uniq()}@example.org`, from: FROM, name: 'Legacy Name', subject: 'legacy name', body: 'x' });
      expect((await arrived(legacy.emails[0].email)).parsed.from?.value[0]).toEqual({ name: 'Legacy Name', address: FROM });

      const bare = await sendOk({ to: `bare-${uniq()}@example.org`, from: FROM, subject: 'bare from', body: 'x' });
      const bareFrom = (await arrived(bare.emails[0].email)).parsed.from?.value[0];
      expect(bareFrom?.address).toBe(FROM);
      expect(bareFrom?.name).toBe('');
    });

    it('sets Reply-To from reply and passes custom headers through', async () => {
      const out = await sendOk({
        to: `reply-${uniq()}@example.org`,
        from: FROM,
        reply: 'support@example.org',
        subject: 'with reply',
        body: 'x',
        headers: { 'X-Entity-Ref-ID': 'abc-123', 'X-Priority-Class': 7 },
      });
      const mail = await arrived(out.emails[0].email);
      expect(mail.parsed.replyTo?.value[0].address).toBe('support@example.org');
      expect(mail.parsed.headers.get('x-entity-ref-id')).toBe('abc-123');
      expect(mail.parsed.headers.get('x-priority-class')).toBe('7');
    });

    it('answers 404 TEMPLATE_NOT_FOUND for an unknown template', async () => {
      const r = await api.post('/v1/send', { to: 'x@example.org', template: crypto.randomUUID() });
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('TEMPLATE_NOT_FOUND');
    });

    it('refuses a send without a sender (422 on from) and without content (422 on template)', async () => {
      expect422(await api.post('/v1/send', { to: 'x@example.org', subject: 's', body: 'b' }), 'from');
      const noFromTpl = await api.post('/templates', { name: 'No sender', subject: 's', body: 'b', type: 'TRANSACTIONAL' });
      expect422(await api.post('/v1/send', { to: 'x@example.org', template: noFromTpl.body.id }), 'from');
      expect422(await api.post('/v1/send', { to: 'x@example.org', from: FROM, subject: 'only subject' }), 'template');
      expect422(await api.post('/v1/send', { to: 'x@example.org', from: 'not an email', subject: 's', body: 'b' }), 'from');
      expect422(await api.post('/v1/send', { to: 'x@example.org', from: FROM, reply: 'not-an-email', subject: 's', body: 'b' }), 'reply');
    });
  });

  describe('validation', () => {
    const base = () => ({ to: 'v@example.org', from: FROM, subject: 's', body: 'b' });

    it('refuses header injection (CR/LF in a value or a name) with 422 on headers.<name>', async () => {
      const value = await api.post('/v1/send', { ...base(), headers: { 'X-Evil': 'ok\r\nBcc: victim@example.org' } });
      expect422(value, 'headers.X-Evil');
      const lf = await api.post('/v1/send', { ...base(), headers: { 'X-Evil-Lf': 'ok\nBcc: victim@example.org' } });
      expect422(lf, 'headers.X-Evil-Lf');
      const name = 'X-Name\r\nBcc';
      const badName = await api.post('/v1/send', { ...base(), headers: { [name]: 'victim@example.org' } });
      expect422(badName, `headers.${name}`);
      const tooLong = await api.post('/v1/send', { ...base(), headers: { 'X-Long': 'a'.repeat(999) } });
      expect422(tooLong, 'headers.X-Long');
    });

    it('refuses a subject with a line break or over 998 characters; 998 is fine', async () => {
      expect422(await api.post('/v1/send', { ...base(), subject: 'one\ntwo' }), 'subject');
      expect422(await api.post('/v1/send', { ...base(), subject: 'one\rtwo' }), 'subject');
      expect422(await api.post('/v1/send', { ...base(), subject: 'x'.repeat(999) }), 'subject');
      expect422(await api.post('/v1/send', { ...base(), subject: '' }), 'subject');
      const ok = await api.post('/v1/send', { ...base(), to: `long-${uniq()}@example.org`, subject: 'y'.repeat(998) });
      expect(ok.status).toBe(200);
      const mail = await arrived(ok.body.data.emails[0].email);
      expect(mail.parsed.subject).toBe('y'.repeat(998));
    });

    it('refuses more than 10 attachments and content that is not base64', async () => {
      const att = (i: number) => ({ filename: `f${i}.txt`, content: Buffer.from(`file ${i}`).toString('base64'), contentType: 'text/plain' });
      expect422(await api.post('/v1/send', { ...base(), attachments: Array.from({ length: 11 }, (_, i) => att(i)) }), 'attachments');
      expect422(
        await api.post('/v1/send', { ...base(), attachments: [{ filename: 'a.txt', content: 'not base64!!', contentType: 'text/plain' }] }),
        'attachments.0.content',
      );
      expect422(await api.post('/v1/send', { ...base(), attachments: [att(0), { ...att(1), disposition: 'inline' }] }), 'attachments.1.contentId');
    });

    it("refuses attachments over messaging's limit (MAX_ATTACHMENT_BYTES, 10 MiB by default)", async () => {
      // The gateway validates everything else; the attachment total is messaging's setting, checked there.
      const half = { filename: 'half.bin', content: Buffer.alloc(5 * 1024 * 1024 + 1, 7).toString('base64'), contentType: 'application/octet-stream' };
      const r = await api.post('/v1/send', { ...base(), to: `big-${uniq()}@example.org`, attachments: [half, { ...half, filename: 'other.bin' }] });
      expect422(r, 'attachments');
      expect(JSON.stringify(r.body.error.errors)).toMatch(/the limit is 10485760/);
    });

    it('delivers an attachment and an inline image with its content id', async () => {
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
      const pdf = Buffer.from('%PDF-1.4 fake pdf content for the test');
      const out = await sendOk({
        ...base(),
        to: `att-${uniq()}@example.org`,
        subject: 'with attachments',
        body: '<p>logo: <img src="cid:logo@herald"></p>',
        attachments: [
          { filename: 'report.pdf', content: pdf.toString('base64'), contentType: 'application/pdf' },
          { filename: 'logo.png', content: png.toString('base64'), contentType: 'image/png', contentId: '<logo@herald>', disposition: 'inline' },
        ],
      });
      const mail = await arrived(out.emails[0].email);
      const byName = Object.fromEntries(mail.parsed.attachments.map((a) => [a.filename, a]));
      expect(Object.keys(byName).sort()).toEqual(['logo.png', 'report.pdf']);
      expect(byName['report.pdf'].contentType).toBe('application/pdf');
      expect(byName['report.pdf'].contentDisposition).toBe('attachment');
      expect(Buffer.compare(byName['report.pdf'].content, pdf)).toBe(0);
      expect(byName['logo.png'].contentType).toBe('image/png');
      expect(byName['logo.png'].cid).toBe('logo@herald');
      expect(byName['logo.png'].contentDisposition).toBe('inline');
      expect(Buffer.compare(byName['logo.png'].content, png)).toBe(0);
      expect(mail.raw).toMatch(/cid:logo@herald/);
    });

    it('requires a secret key: a public key gets 401', async () => {
      const pk = api.withKey(s.t.keys.public);
      const r = await pk.post('/v1/send', base());
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('INVALID_API_KEY');
      const none = await api.withKey(undefined).post('/v1/send', base());
      expect(none.status).toBe(401);
    });
  });

  describe('contacts and data', () => {
    it('creates new contacts unsubscribed by default; omission keeps the state of an existing one', async () => {
      const to = `unsub-${uniq()}@example.org`;
      const out = await sendOk({ to, from: FROM, subject: 's', body: 'b' });
      const id = out.emails[0].contact.id;
      expect((await contact(id)).subscribed).toBe(false);

      // An existing subscribed contact stays subscribed when the send says nothing.
      const sub = await api.post('/contacts', { email: `already-${uniq()}@example.org`, subscribed: true });
      expect(sub.body.subscribed).toBe(true);
      const again = await sendOk({ to: sub.body.email, from: FROM, subject: 's', body: 'b' });
      expect(again.emails[0].contact.id).toBe(sub.body.id);
      expect((await contact(sub.body.id)).subscribed).toBe(true);
    });

    it('subscribed: true subscribes and records contact.subscribed; false unsubscribes with contact.unsubscribed', async () => {
      const to = `sub-${uniq()}@example.org`;
      const first = await sendOk({ to, from: FROM, subject: 's', body: 'b' });
      const id = first.emails[0].contact.id;
      expect((await contact(id)).subscribed).toBe(false);
      expect(await contactEvents(api, id)).not.toContain('contact.subscribed');

      await sendOk({ to, from: FROM, subject: 's', body: 'b', subscribed: true });
      expect((await contact(id)).subscribed).toBe(true);
      await eventually(async () => (await contactEvents(api, id)).includes('contact.subscribed'), 15_000);

      await sendOk({ to, from: FROM, subject: 's', body: 'b', subscribed: false });
      expect((await contact(id)).subscribed).toBe(false);
      await eventually(async () => (await contactEvents(api, id)).includes('contact.unsubscribed'), 15_000);
    });

    it('applies the data rules: stored values, one-off values, null, empty strings, reserved keys', async () => {
      const to = `data-${uniq()}@example.org`;
      const first = await sendOk({
        to,
        from: FROM,
        subject: 'Plan {{plan}}',
        body: '<p>plan={{plan}} code={{code}} tier={{profile.tier}} keep={{keep}}</p>',
        data: {
          plan: 'pro',
          code: { value: 'ONE-TIME-42', persistent: false },
          profile: { tier: 'gold' },
          keep: 'kept',
          id: 'hijack',
          unsubscribeUrl: 'https://evil.example',
        },
      });
      const id = first.emails[0].contact.id;
      const mail = await arrived(first.emails[0].email);
      expect(mail.parsed.subject).toBe('Plan pro');
      expect(String(mail.parsed.html)).toContain('plan=pro code=ONE-TIME-42 tier=gold keep=kept');
      const stored = (await contact(id)).data;
      expect(stored).toEqual({ plan: 'pro', profile: { tier: 'gold' }, keep: 'kept' });
      expect(stored).not.toHaveProperty('code');
      expect(stored).not.toHaveProperty('id');
      expect(stored).not.toHaveProperty('unsubscribeUrl');
      expect((await contact(id)).id).toBe(id);

      // null deletes, an empty string is ignored, stored values render without being sent again.
      const second = await sendOk({
        to,
        from: FROM,
        subject: 'Second',
        body: '<p>plan={{plan}} code={{code ?? "none"}} keep={{keep ?? "gone"}}</p>',
        data: { plan: '', keep: null },
      });
      const m2 = await arrived(second.emails[0].email);
      expect(String(m2.parsed.html)).toContain('plan=pro code=none keep=gone');
      expect((await contact(id)).data).toEqual({ plan: 'pro', profile: { tier: 'gold' } });
    });
  });

  describe('idempotency', () => {
    it('replays the first response for a repeated Idempotency-Key and sends one message only', async () => {
      const key = `idem-${uniq()}`;
      const subject = `Idempotent ${key}`;
      const body = { to: [`idem1-${uniq()}@example.org`, `idem2-${uniq()}@example.org`], from: FROM, subject, body: 'once' };
      const first = await api.post('/v1/send', body, { 'Idempotency-Key': key });
      expect(first.status).toBe(200);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const second = await api.post('/v1/send', body, { 'Idempotency-Key': key });
      expect(second.status).toBe(200);
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(second.body.data.emails).toEqual(first.body.data.emails);

      // A different body under the same key is a conflict, not a send.
      const conflict = await api.post('/v1/send', { ...body, subject: 'changed' }, { 'Idempotency-Key': key });
      expect(conflict.status).toBe(409);

      await Promise.all(first.body.data.emails.map((e: any) => arrived(e.email)));
      // A later message arriving shows the queue has moved past anything the replay could have queued.
      const sentinel = await sendOk({ to: `sentinel-${uniq()}@example.org`, from: FROM, subject: 'sentinel', body: 'x' });
      await arrived(sentinel.emails[0].email);
      expect(smtp.messages.filter((m) => m.parsed.subject === subject)).toHaveLength(2);
      const rows = await s.t.sql('SELECT count(*)::int AS n FROM messaging.emails WHERE subject = $1', [subject]);
      expect(rows[0].n).toBe(2);

      // Without the header, the same body sends again.
      const fresh = await sendOk(body);
      expect(fresh.emails.map((e) => e.email)).not.toEqual(first.body.data.emails.map((e: any) => e.email));
    });
  });
});
