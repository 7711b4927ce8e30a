import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import { Api, eventually, freePort, OWNER, ReceivedMail, session, TopologyKind } from '../libs/testing/src';
import { useSendingStack, verifyDomain } from './support/sending';

/** A program reading the message on stdin; its output. */
async function pipe(cmd: string, args: string[], input: string, env?: NodeJS.ProcessEnv): Promise<string> {
  const child = execFile(cmd, args, { env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 });
  const out = new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout!.on('data', (c) => (stdout += c));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stdout) : reject(new Error(`${cmd} exited with ${code}`))));
  });
  child.stdin!.end(input);
  return out;
}

/**
 * SpamAssassin's rules that judge how a message is built rather than what it says: Herald builds
 * every message, so none of them may fire on what it sends.
 */
const HERALDS_RULES = [
  /^MIME_HTML_ONLY/,
  /^MIME_HTML_MOSTLY/,
  /^HTML_IMAGE_ONLY_/,
  /^HTML_SHORT_LINK_IMG_/,
  /^HTML_IMAGE_RATIO_/,
  /^MPART_ALT_DIFF/,
  /^MISSING_(MID|DATE|HEADERS|FROM|SUBJECT|MIMEOLE)/,
  /^INVALID_(MSGID|DATE)/,
  /^MIME_(QP_LONG_LINE|BASE64_TEXT|NO_TEXT|HEADER_CTYPE_ONLY|BAD_ISO_CHARSET)/,
  /^HTML_MISSING_CTYPE/,
  /^HTML_MIME_NO_HTML_TAG/,
  /^EMPTY_MESSAGE/,
  /^FROM_EXCESS_BASE64/,
  /^HTML_FONT_LOW_CONTRAST/,
];

/** SpamAssassin's verdict with local rules only (no network tests): its score and the rules that fired. */
async function spamAssassin(raw: string): Promise<{ score: number; tests: string[] }> {
  const checked = await pipe('spamassassin', ['-L', '-t', '-x'], raw);
  const status = /^X-Spam-Status: (.*(?:\r?\n[ \t].*)*)/m.exec(checked)?.[1].replace(/\s+/g, ' ') ?? '';
  const score = Number(/score=(-?[\d.]+)/.exec(status)?.[1]);
  const tests = (/tests=([^ ]*(?: [A-Z_0-9,]+)*)/.exec(status)?.[1] ?? '').split(/[,\s]+/).filter((t) => t && t !== 'none');
  return { score, tests };
}

/** dkimpy (Debian's python3-dkim) verifies the signature with the key the domain published. */
const DKIMPY = `
import dkim, os, sys
msg = sys.stdin.buffer.read()
txt = os.environ['DKIM_TXT'].encode()
d = dkim.DKIM(msg)
ok = d.verify(dnsfunc=lambda name, timeout=5: txt)
print('pass' if ok else 'fail', ' '.join(h.decode() for h in d.include_headers))
`;

/**
 * What every message is made of (both topologies): a text/plain alternative beside the HTML, no
 * open pixel in transactional mail unless the project turns it on, and in marketing mail the list
 * headers (one-click and mailto List-Unsubscribe, List-Id, Feedback-ID) and a visible unsubscribe
 * link — checked by SpamAssassin's local rules and dkimpy, independent peers of Herald.
 */
describe.each<TopologyKind>(['all', 'split'])('mail format (%s)', (kind) => {
  const MAILTO = `unsubscribe@${kind}.unsub.herald-test.example`;
  const env: NodeJS.ProcessEnv = { UNSUBSCRIBE_MAILTO: MAILTO };
  if (kind === 'all') {
    beforeAll(async () => {
      env.INBOUND_SMTP_PORT = String(await freePort());
    });
  }
  const s = useSendingStack(kind, { shared: true, sns: true, env });
  let api: Api;
  let n = 0;
  const to = () => `mf${++n}-${crypto.randomBytes(3).toString('hex')}@example.org`;
  const arrived = (emailId: string): Promise<ReceivedMail> => s.smtp!.waitFor((m) => (m.parsed.messageId ?? '').includes(emailId), 20_000);
  const send = async (body: Record<string, unknown>) => {
    const r = await api.post('/v1/send', { from: s.from, ...body });
    if (r.status !== 200) throw new Error(`send → ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data.emails[0] as { contact: { id: string }; email: string };
  };
  const marketingTemplate = async (body: string) => {
    const r = await api.post('/templates', { name: `Mk ${++n}`, subject: 'Our spring news', body, type: 'MARKETING', from: s.from });
    expect(r.status).toBe(201);
    return r.body.id as string;
  };

  beforeAll(() => {
    api = s.api;
  });

  it('a transactional mail is multipart/alternative with a text part from the HTML, its links written out, and no open pixel', async () => {
    const sent = await send({
      to: to(),
      subject: 'Reset your password',
      body: '<html><body><h1>Hello {{name ?? "there"}}</h1><p>Reset it <a href="https://example.com/reset?t=1&amp;u=2">here</a>.</p></body></html>',
    });
    const mail = await arrived(sent.email);
    expect(mail.raw).toMatch(/^Content-Type: multipart\/alternative;/im);
    expect(mail.parsed.text).toContain('Hello there');
    expect(mail.parsed.text).toContain('Reset it here [https://example.com/reset?t=1&u=2].');
    const html = String(mail.parsed.html);
    expect(html).not.toMatch(/\/t\/o\//);
    // Clicks are still tracked.
    expect(html).toMatch(/href="[^"]+\/t\/c\/[^"]+"/);
    expect(mail.parsed.headers.get('list-id')).toBeUndefined();
    expect(mail.parsed.headers.get('list-unsubscribe')).toBeUndefined();

    const sa = await spamAssassin(mail.raw);
    expect(sa.tests.filter((t) => HERALDS_RULES.some((r) => r.test(t)))).toEqual([]);
    expect(sa.score).toBeLessThan(1);
  });

  it("the sender's own text part is used, with template variables", async () => {
    const sent = await send({ to: to(), subject: 'Code', body: '<p>Your code is <b>{{code}}</b></p>', text: 'Your code is {{code}}.', data: { code: '4711' } });
    const mail = await arrived(sent.email);
    expect(mail.parsed.text?.trim()).toBe('Your code is 4711.');
    expect(String(mail.parsed.html)).toContain('<b>4711</b>');
  });

  it('a project that turns transactional opens on gets the pixel in transactional mail', async () => {
    const owner = await session(s.t.baseUrl, OWNER.email, OWNER.password);
    const project = await owner.post('/users/@me/projects', { name: `Opens ${kind}` });
    expect(project.status).toBe(201);
    expect(project.body.transactionalOpenTracking).toBe(false);
    const patched = await owner.patch(`/users/@me/projects/${project.body.id}`, { transactionalOpenTracking: true });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ transactionalOpenTracking: true, tracking: 'ENABLED' });
    expect((await owner.patch(`/users/@me/projects/${project.body.id}`, { transactionalOpenTracking: 'yes' })).body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      errors: [expect.objectContaining({ field: 'transactionalOpenTracking' })],
    });
    // The project sends from the stack's domain too (a domain may be verified by several projects).
    const other = new Api(s.t.baseUrl, project.body.secret);
    await verifyDomain(other, s.dns, s.domain);
    // The same mail, with an image of its own (the pixel fits): the pixel only where the project turned it on.
    const receipt = { from: s.from, subject: 'Receipt', body: '<img src="https://example.com/logo.png" alt="Logo"><p>Thanks</p>' };
    const r = await other.post('/v1/send', { ...receipt, to: to() });
    expect(r.status).toBe(200);
    const mail = await arrived(r.body.data.emails[0].email);
    expect(String(mail.parsed.html)).toMatch(/<img src="[^"]+\/t\/o\/[^"]+\.gif"/);
    const plain = await arrived((await send({ ...receipt, to: to() })).email);
    expect(String(plain.parsed.html)).not.toMatch(/\/t\/o\//);
  });

  it('marketing mail carries List-Unsubscribe (one-click and mailto), List-Id, Feedback-ID, a footer when it has no link, and a DKIM signature over them', async () => {
    const template = await marketingTemplate('<html><body><p>Spring is here: <a href="https://example.com/spring">see what is new</a>.</p></body></html>');
    const address = to();
    const sent = await send({ to: address, template, subscribed: true });
    const mail = await arrived(sent.email);
    const unsubscribe = (mail.raw.match(/^List-Unsubscribe:[ \t]*(.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? '').replace(/\s*\r?\n[ \t]+/g, ' ').trim();
    expect(unsubscribe).toMatch(new RegExp(`^<${s.t.baseUrl}/unsubscribe/[^>]+>, <mailto:${MAILTO}\\?subject=unsubscribe%20[^>]+>$`));
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(mail.raw).toMatch(new RegExp(`^List-Id:\\s*<${s.t.projectId}\\.list-id\\.${s.domain.replace(/\./g, '\\.')}>`, 'mi'));
    expect(mail.raw).toMatch(new RegExp(`^Feedback-ID:\\s*none:send:${s.t.projectId.replace(/-/g, '')}:herald`, 'mi'));
    // No unsubscribe link in the body: Herald adds a visible one, in both parts.
    const html = String(mail.parsed.html);
    expect(html).toMatch(new RegExp(`<a href="${s.t.baseUrl}/unsubscribe/[^"]+"[^>]*>Unsubscribe</a>`));
    expect(mail.parsed.text).toMatch(new RegExp(`Unsubscribe\\s+\\[${s.t.baseUrl}/unsubscribe/`));
    // A short body without images of its own gets no pixel: the pixel alone would make it "image-only".
    expect(html).not.toMatch(/\/t\/o\//);
    expect(html).toMatch(/href="[^"]+\/t\/c\/[^"]+"/);

    const key = (await api.get(`/domains/project/${s.t.projectId}`)).body
      .find((d: any) => d.domain === s.domain)
      .records.find((r: any) => r.purpose === 'dkim').value;
    const [verdict, ...signed] = (await pipe('/usr/bin/python3', ['-c', DKIMPY], mail.raw, { DKIM_TXT: key })).trim().split(/\s+/);
    expect(verdict).toBe('pass');
    expect(signed.map((h) => h.toLowerCase())).toEqual(
      expect.arrayContaining(['from', 'subject', 'list-unsubscribe', 'list-unsubscribe-post', 'list-id', 'feedback-id']),
    );

    const sa = await spamAssassin(mail.raw);
    expect(sa.tests.filter((t) => HERALDS_RULES.some((r) => r.test(t)))).toEqual([]);
    expect(sa.score).toBeLessThan(1);
  });

  it('a body with its own unsubscribe link gets no second one; one with images gets the open pixel', async () => {
    const template = await marketingTemplate(
      '<img src="https://example.com/spring.jpg" alt="Spring"><p>News. <a href="{{unsubscribeUrl}}">Leave the list</a></p>',
    );
    const mail = await arrived((await send({ to: to(), template, subscribed: true })).email);
    const html = String(mail.parsed.html);
    expect(html.match(/\/unsubscribe\//g)).toHaveLength(1);
    expect(html).toMatch(/<img src="[^"]+\/t\/o\/[^"]+\.gif"/);
  });

  it('the suggested DMARC record sends aggregate reports where the user says, set when adding the domain or later', async () => {
    const domain = `dmarc-${crypto.randomBytes(4).toString('hex')}.herald-test.example`;
    const added = await api.post('/domains', { domain, dmarcReportEmail: ' DMARC@Reports.Example ' });
    expect(added.status).toBe(201);
    const dmarc = (d: any) => d.records.find((r: any) => r.purpose === 'dmarc');
    expect(added.body.dmarcReportEmail).toBe('dmarc@reports.example');
    expect(dmarc(added.body)).toMatchObject({ name: `_dmarc.${domain}`, value: 'v=DMARC1; p=none; rua=mailto:dmarc@reports.example;' });

    const changed = await api.patch(`/domains/${added.body.id}`, { dmarcReportEmail: 'rua@example.com' });
    expect(changed.status).toBe(200);
    expect(dmarc(changed.body).value).toBe('v=DMARC1; p=none; rua=mailto:rua@example.com;');
    // A check finds the record published with the new value.
    s.dns.set(`_dmarc.${domain}`, 'TXT', [dmarc(changed.body).value]);
    expect(dmarc((await api.get(`/domains/${added.body.id}/verify`)).body)).toMatchObject({
      found: true,
      value: 'v=DMARC1; p=none; rua=mailto:rua@example.com;',
    });

    const bad = await api.patch(`/domains/${added.body.id}`, { dmarcReportEmail: 'rua@example.com; p=reject' });
    expect([bad.status, bad.body.error.code, bad.body.error.errors[0].field]).toEqual([422, 'VALIDATION_ERROR', 'dmarcReportEmail']);
    const none = await api.patch(`/domains/${added.body.id}`, { dmarcReportEmail: null });
    expect([none.body.dmarcReportEmail, dmarc(none.body).value]).toEqual([null, 'v=DMARC1; p=none;']);
    expect((await api.patch('/domains/00000000-0000-7000-8000-000000000000', { dmarcReportEmail: null })).status).toBe(404);
  });

  it("a domain's compliance check: SPF, DKIM, DMARC as last checked, the list headers, DMARC reports and the day's volume", async () => {
    const id = (await api.get(`/domains/project/${s.t.projectId}`)).body.find((d: any) => d.domain === s.domain).id;
    await send({ to: to(), subject: 'Counted', body: '<p>x</p>' });
    const r = await eventually(async () => {
      const c = await api.get(`/domains/${id}/compliance`);
      return c.status === 200 && c.body.sent24h >= 1 ? c : undefined;
    }, 20_000);
    const status = Object.fromEntries(r.body.checks.map((c: any) => [c.id, c.status]));
    expect(status).toEqual({
      spf: 'pass',
      dkim: 'pass',
      dmarc: 'pass',
      dmarc_reports: 'warn',
      one_click_unsubscribe: 'pass',
      list_id: 'pass',
      mailto_unsubscribe: 'pass',
      bulk_volume: 'pass',
    });
    expect(r.body).toMatchObject({ domain: s.domain, checkedAt: expect.any(String) });
    expect(r.body.marketing24h).toBeLessThanOrEqual(r.body.sent24h);
    expect(r.body.checks.find((c: any) => c.id === 'dmarc_reports').fix).toMatch(/DMARC reports to/);

    // DMARC removed from DNS: the next check fails it, with what to do.
    s.dns.set(`_dmarc.${s.domain}`, 'TXT', []);
    await api.get(`/domains/${id}/verify`);
    const after = (await api.get(`/domains/${id}/compliance`)).body.checks.find((c: any) => c.id === 'dmarc');
    expect(after).toMatchObject({ status: 'fail', fix: expect.stringMatching(/Publish the DMARC record/) });
    const record = (await api.get(`/domains/project/${s.t.projectId}`)).body.find((d: any) => d.id === id).records.find((x: any) => x.purpose === 'dmarc');
    s.dns.set(`_dmarc.${s.domain}`, 'TXT', [record.value]);
    await api.get(`/domains/${id}/verify`);

    expect((await api.get('/domains/00000000-0000-7000-8000-000000000000/compliance')).body.error.code).toBe('DOMAIN_NOT_FOUND');
    const owner = await session(s.t.baseUrl, OWNER.email, OWNER.password);
    const stranger = new Api(s.t.baseUrl, (await owner.post('/users/@me/projects', { name: `Stranger ${kind}` })).body.secret);
    expect((await stranger.get(`/domains/${id}/compliance`)).status).toBe(404);
  });

  it('mail to the List-Unsubscribe mailto address unsubscribes the contact (SES; in all-in-one, the SMTP listener too)', async () => {
    const template = await marketingTemplate('<p>Weekly digest</p>');
    const viaListener = kind === 'all';
    const ways = viaListener ? (['ses', 'smtp'] as const) : (['ses'] as const);
    for (const way of ways) {
      const address = to();
      const sent = await send({ to: address, template, subscribed: true });
      const mail = await arrived(sent.email);
      const mailto = /<mailto:([^?]+)\?subject=([^>]+)>/.exec(mail.raw.replace(/\r?\n[ \t]+/g, ' '))!;
      expect(mailto[1]).toBe(MAILTO);
      const subject = decodeURIComponent(mailto[2]);
      if (way === 'ses') {
        const mime = `From: ${address}\r\nTo: ${MAILTO}\r\nSubject: ${subject}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain\r\n\r\nunsubscribe\r\n`;
        const note = s.sns!.sign('Notification', { Message: s.sns!.sesReceived(MAILTO, mime, { from: address }) });
        const r = await fetch(`${s.t.baseUrl}/webhooks/mail`, { method: 'POST', body: note, headers: { 'content-type': 'text/plain' } });
        expect(r.status).toBe(200);
      } else {
        const smtp = nodemailer.createTransport({ host: '127.0.0.1', port: Number(env.INBOUND_SMTP_PORT), secure: false, ignoreTLS: true });
        await smtp.sendMail({ from: address, to: MAILTO, subject, text: 'unsubscribe' });
      }
      await eventually(async () => (await api.get(`/contacts/${sent.contact.id}`)).body.subscribed === false, 20_000);
    }
    // A forged token changes nothing.
    const keeper = to();
    const kept = await send({ to: keeper, template, subscribed: true });
    const forged = `From: ${keeper}\r\nTo: ${MAILTO}\r\nSubject: unsubscribe eyJrIjoicyJ9.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\r\n\r\nx\r\n`;
    const r = await fetch(`${s.t.baseUrl}/webhooks/mail`, {
      method: 'POST',
      body: s.sns!.sign('Notification', { Message: s.sns!.sesReceived(MAILTO, forged, { from: keeper }) }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(r.status).toBe(200);
    expect((await api.get(`/contacts/${kept.contact.id}`)).body.subscribed).toBe(true);
  });
});
