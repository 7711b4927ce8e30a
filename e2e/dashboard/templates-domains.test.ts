import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { Api, DnsTestServer, eventually, OWNER, ReceivedMail, SmtpSink, SnsSimulator, TEST_TOPIC_ARN, Topology } from '../../libs/testing/src';
import { launchBrowser, logIn, openArea, openDashboard, PHONE } from '../support/browser';
import { startHerald } from '../support/herald';
import { verifyDomain } from '../support/sending';

/**
 * Issue 24, templates and domains: a domain added and verified in the browser against a real DNS
 * server on loopback; a template written with its live preview, saved, and tested to a real SMTP
 * server; API errors next to the field they are about, with what was typed kept; the phone layout.
 */
describe('dashboard templates and domains (all)', () => {
  let t: Topology;
  let browser: Browser;
  let dns: DnsTestServer;
  let smtp: SmtpSink;
  let sns: SnsSimulator;
  let api: Api;
  const tag = crypto.randomBytes(3).toString('hex');

  beforeAll(async () => {
    [dns, smtp, sns] = await Promise.all([DnsTestServer.start(), SmtpSink.start(), SnsSimulator.start()]);
    [t, browser] = await Promise.all([
      startHerald('all', {
        env: {
          DNS_SERVERS: dns.server,
          SMTP_URL: smtp.url,
          SEND_RATE_PER_SECOND: '1000',
          SNS_CERT_URL_PATTERN: sns.certUrlPattern,
          SNS_TOPIC_ARNS: TEST_TOPIC_ARN,
          GUARDRAILS_MIN_VOLUME: '10',
        },
      }),
      launchBrowser(),
    ]);
    api = new Api(t.baseUrl, t.keys.secret);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
    await Promise.all([dns?.close(), smtp?.close(), sns?.close()]);
  });

  /** Whether anything on the page is wider than the window (a phone must never scroll sideways). */
  const overflows = (page: Page) =>
    page.evaluate(() => {
      const w = globalThis as any; // runs in the page (this file is compiled without the DOM's types)
      return w.document.documentElement.scrollWidth > w.innerWidth;
    });
  const clipboard = (page: Page) => page.evaluate(() => (globalThis as any).navigator.clipboard.readText() as Promise<string>);

  it('adds a domain, publishes the records the page shows, and verifies it with Verify now', async () => {
    const { page, context, errors } = await openDashboard(browser, t.baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Domains');
    const domain = `dash-${tag}.herald-test.example`;
    await page.getByLabel('Domain', { exact: true }).fill(domain.toUpperCase());
    await page.getByRole('button', { name: 'Add domain' }).click();

    const card = page.getByRole('region', { name: domain });
    await card.getByText('Pending', { exact: true }).waitFor();
    expect(await page.getByLabel('Domain', { exact: true }).inputValue()).toBe('');
    const rows = card.locator('table.dns-table tbody tr');
    const records = await rows.evaluateAll((trs) =>
      trs.map((tr: any) => ({
        type: tr.dataset.type as string,
        purpose: tr.dataset.purpose as string,
        name: tr.querySelector('.dns-name')!.textContent!,
        value: tr.querySelector('.dns-value')!.textContent!,
        priority: tr.querySelector('.dns-priority')!.textContent!,
      })),
    );
    expect(records.map((r) => r.purpose)).toEqual(['dkim', 'spf', 'mx', 'dmarc']);
    expect(await card.getByText('Not checked yet').count()).toBe(4);
    // What the page shows is what the API has.
    const listed = (await api.get(`/domains/project/${t.projectId}`)).body.find((d: any) => d.domain === domain);
    expect(records.map(({ type, name, value }) => ({ type, name, value }))).toEqual(
      listed.records.map(({ type, name, value }: any) => ({ type, name, value })),
    );

    // The copy buttons put the exact text on the clipboard.
    const dkim = card.locator('tr[data-purpose="dkim"]');
    await dkim.getByRole('button', { name: 'Copy value' }).click();
    await dkim.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await clipboard(page)).toBe(records[0].value);
    await dkim.getByRole('button', { name: 'Copy name' }).click();
    expect(await clipboard(page)).toBe(records[0].name);

    // Only the DKIM record first: the check says what is still missing.
    dns.set(records[0].name, 'TXT', [records[0].value]);
    await card.getByRole('button', { name: 'Verify now' }).click();
    await card.getByRole('status').filter({ hasText: 'Not verified yet' }).waitFor();
    expect(await card.getByRole('status').textContent()).toMatch(/SPF \(return path\), MX \(bounces\) not found/);
    expect(await dkim.getByText('Found').count()).toBe(1);

    // Then everything, as a DNS provider would publish it.
    for (const r of records) {
      if (r.type === 'TXT') dns.set(r.name, 'TXT', [r.value]);
      else dns.set(r.name, 'MX', [{ exchange: r.value, priority: Number(r.priority) }]);
    }
    await card.getByRole('button', { name: 'Verify now' }).click();
    await card.getByRole('status').filter({ hasText: 'Verified: every required record was found' }).waitFor();
    await card.getByText('Verified', { exact: true }).waitFor();
    expect(await card.getByText('Found', { exact: true }).count()).toBe(4);
    const after = (await api.get(`/domains/project/${t.projectId}`)).body.find((d: any) => d.domain === domain);
    expect(after).toMatchObject({ verified: true, verifiedAt: expect.any(String) });

    // DMARC reports: the address saved, the DMARC record shown with it; a bad one refused at its field.
    const reports = card.getByRole('form', { name: `DMARC reports of ${domain}` });
    await reports.getByLabel('DMARC reports to').fill('not an address');
    await reports.getByRole('button', { name: 'Save' }).click();
    await reports.getByRole('alert').first().waitFor();
    await reports.getByLabel('DMARC reports to').fill('dmarc@reports.example');
    await reports.getByRole('button', { name: 'Save' }).click();
    await reports.getByRole('status').waitFor();
    // The records are folded away once verified: the value is there, to unfold.
    await card
      .locator('tr[data-purpose="dmarc"] .dns-value', { hasText: 'v=DMARC1; p=none; rua=mailto:dmarc@reports.example;' })
      .waitFor({ state: 'attached' });
    expect((await api.get(`/domains/project/${t.projectId}`)).body.find((d: any) => d.domain === domain).dmarcReportEmail).toBe('dmarc@reports.example');

    // The bulk-sender rules: every required check passes for the verified domain.
    await card.locator('summary', { hasText: 'Bulk-sender rules' }).click();
    const checks = card.getByRole('list', { name: `Bulk-sender checks of ${domain}` });
    await checks.locator('li[data-check="dmarc"][data-status="pass"]').waitFor();
    expect(await checks.locator('li[data-status="fail"]').count()).toBe(0);
    await card.locator('summary', { hasText: 'all required checks pass' }).waitFor();

    // A domain already there: the API's message, the typed value kept.
    await page.getByLabel('Domain', { exact: true }).fill(domain);
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByRole('form', { name: 'Add a domain' }).getByRole('alert').first().waitFor();
    expect(await page.getByLabel('Domain', { exact: true }).inputValue()).toBe(domain);

    // Deleting asks first; then the domain is gone from the page and from the API.
    const other = `gone-${tag}.herald-test.example`;
    await api.post('/domains', { domain: other });
    await page.reload();
    const gone = page.getByRole('region', { name: other });
    page.once('dialog', (d) => void d.accept());
    await gone.getByRole('button', { name: 'Delete' }).click();
    await gone.waitFor({ state: 'detached' });
    expect((await api.get(`/domains/project/${t.projectId}`)).body.some((d: any) => d.domain === other)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a paused domain with why and its rates, Resume sends what it held, and its warm-up plan is set in a form', async () => {
    const domain = `paused-${tag}.herald-test.example`;
    await verifyDomain(api, dns, domain);
    const from = `news@${domain}`;
    const template = (await api.post('/templates', { name: `News ${tag}`, subject: 'News', body: '<p>News</p>', type: 'MARKETING', from })).body.id;
    const send = async () => (await api.post('/v1/send', { from, to: `p-${crypto.randomUUID()}@example.org`, template, subscribed: true })).body.data.emails[0];
    const arrived = (emailId: string) => smtp.waitFor((m) => (m.parsed.messageId ?? '').includes(emailId), 20_000);
    const mails = await Promise.all((await Promise.all(Array.from({ length: 10 }, send))).map((e) => arrived(e.email)));
    // One complaint in ten: over the 0.3 % line.
    const body = sns.sign('Notification', { Message: sns.sesComplaint(mails[0].parsed.messageId!, mails[0].envelope.to[0]) });
    expect((await fetch(`${t.baseUrl}/webhooks/mail`, { method: 'POST', headers: sns.headers(body), body })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500)); // every replica's view of the pause
    const held = await send();

    const { page, context, errors } = await openDashboard(browser, t.baseUrl);
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Domains');
    const card = page.getByRole('region', { name: domain });
    const banner = card.getByRole('alert', { name: `Marketing from ${domain} is paused` });
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/complaint rate 10 % \(1 of 10\) on all mail of the last 24h reached the pause line of 0\.3 %/);
    await card.locator('summary', { hasText: 'Guardrails' }).click();
    const row = card.getByRole('table', { name: `Guardrails of ${domain}` }).locator('tr[data-window="24h"][data-provider="all"]');
    expect(await row.locator('td[data-label="Complaints"]').getAttribute('data-level')).toBe('critical');
    expect(await row.locator('td[data-label="Sent"]').textContent()).toBe('10');
    expect(smtp.messages.some((m) => (m.parsed.messageId ?? '').includes(held.email))).toBe(false);

    await banner.getByRole('button', { name: 'Resume marketing mail' }).click();
    await banner.waitFor({ state: 'detached' });
    await arrived(held.email);

    // Its warm-up: the provider it sent to on the curve; the plan changed in the form, a bad growth refused at its field.
    await page.reload();
    await card.locator('summary', { hasText: 'Warm-up' }).click();
    const other = card.getByRole('table', { name: `Warm-up of ${domain}` }).locator('tr[data-provider="other"]');
    expect(await other.locator('td[data-label="This hour"]').textContent()).toMatch(/^\d+ of 50$/);
    const plan = card.getByRole('form', { name: `Warm-up plan of ${domain}` });
    await plan.getByLabel('Daily growth (×)').fill('0.5');
    await plan.getByRole('button', { name: 'Save plan' }).click();
    await plan
      .locator('.field-invalid')
      .getByText(/growth|greater|>=/i)
      .first()
      .waitFor();
    await plan.getByLabel('Daily growth (×)').fill('1.5');
    await plan.getByLabel('Start (mails an hour)').fill('20');
    await plan.getByRole('button', { name: 'Save plan' }).click();
    await plan.getByRole('status').waitFor();
    const domainId = (await api.get(`/domains/project/${t.projectId}`)).body.find((x: any) => x.domain === domain).id;
    const warm = (await api.get(`/domains/${domainId}/warmup`)).body;
    expect(warm.plan).toMatchObject({ enabled: true, startPerHour: 20, growth: 1.5 });
    expect(warm.providers).toEqual([]); // a new start: the curve begins again
    expect(errors).toEqual([]);
    await context.close();
  });

  it('writes a template with a live preview, saves it, and sends a test that arrives', async () => {
    const domain = `tpl-${tag}.herald-test.example`;
    await verifyDomain(api, dns, domain);
    const { page, context, errors } = await openDashboard(browser, t.baseUrl);
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Templates');
    await page.getByRole('link', { name: 'New template' }).click();
    await page.getByRole('heading', { name: 'New template' }).waitFor();
    await page.getByRole('button', { name: 'HTML', exact: true }).click();

    const name = `Welcome ${tag}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Subject', { exact: true }).fill('Welcome {{name ?? "friend"}}');
    await page.getByLabel('From', { exact: true }).fill(`hello@${domain}`);
    await page.getByLabel('Body (HTML)').fill('<h1>Hello {{name ?? "there"}}</h1><p class="plan">Plan: {{plan}}</p>');

    // The preview renders what was typed, the fallback first, then the sample's values.
    const frame = page.frameLocator('iframe[title="Email preview"]');
    await frame.locator('h1', { hasText: 'Hello there' }).waitFor();
    await page.getByLabel('Sample data (JSON)').fill('{ "name": "Ada", "plan": "pro" }');
    await frame.locator('h1', { hasText: 'Hello Ada' }).waitFor();
    expect(await frame.locator('p.plan').textContent()).toBe('Plan: pro');
    await page.getByTestId('preview-subject').filter({ hasText: 'Welcome Ada' }).waitFor();
    // Sandboxed: no scripts, no same origin.
    expect(await page.locator('iframe[title="Email preview"]').getAttribute('sandbox')).toBe('');
    // A syntax error is named with its place while typing.
    await page.getByLabel('Body (HTML)').fill('<h1>Hello {{name}}</h1>{{/if}}');
    await page
      .getByRole('status')
      .filter({ hasText: /Line 1: \{\{\/if\}\} closes a block that was never opened/ })
      .waitFor();
    await page.getByLabel('Body (HTML)').fill('<h1>Hello {{name ?? "there"}}</h1><p class="plan">Plan: {{plan}}</p>');
    await frame.locator('p.plan', { hasText: 'Plan: pro' }).waitFor();

    await page.getByRole('button', { name: 'Create template' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const id = /#\/templates\/([0-9a-f-]{36})/.exec(page.url())?.[1];
    expect(id).toBeDefined();
    expect((await api.get(`/templates/${id}`)).body).toMatchObject({
      name,
      subject: 'Welcome {{name ?? "friend"}}',
      from: `hello@${domain}`,
      type: 'TRANSACTIONAL',
      body: '<h1>Hello {{name ?? "there"}}</h1><p class="plan">Plan: {{plan}}</p>',
    });
    // The saved template's preview starts with its variables, empty: the fallbacks show.
    await frame.locator('h1', { hasText: 'Hello there' }).waitFor();

    // The list finds it.
    await page.getByRole('link', { name: '← All templates' }).click();
    await page.getByLabel('Search by name or subject').fill(tag);
    await page.getByRole('link', { name }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();

    // A test with sample data reaches the SMTP server.
    await page.getByLabel('Sample data (JSON)').fill('{ "name": "Grace", "plan": "team" }');
    await page.getByRole('button', { name: 'Send test' }).click();
    const dialog = page.getByRole('dialog');
    const to = `tester-${tag}@example.org`;
    await dialog.getByLabel('Send to').fill(to);
    await dialog.getByRole('button', { name: 'Send test' }).click();
    await dialog
      .getByRole('status')
      .filter({ hasText: `Test sent to ${to}` })
      .waitFor();
    const mail = await smtp.waitFor((m: ReceivedMail) => m.envelope.to[0] === to);
    expect(mail.parsed.subject).toBe('[TEST] Welcome Grace');
    expect(mail.parsed.html).toContain('Plan: team');
    expect(mail.parsed.headers.get('x-herald-test')).toBe('true');

    // Duplicate opens the copy.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Duplicate' }).click();
    await page.getByRole('heading', { name: `${name} (Copy)`, level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows field errors next to the field, keeps what was typed, and refuses to delete a template in use', async () => {
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { viewport: PHONE });
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Templates');
    await page.getByRole('link', { name: 'New template' }).click();
    await page.getByRole('button', { name: 'HTML', exact: true }).click();
    const name = `Errors ${tag}`;
    const body = '<p>Kept {{name}}</p>';
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('From', { exact: true }).fill(`news@unverified-${tag}.herald-test.example`);
    await page.getByLabel('Body (HTML)').fill(body);

    // No subject: the API's message under Subject.
    await page.getByRole('button', { name: 'Create template' }).click();
    const subjectField = page.locator('.field', { has: page.getByLabel('Subject', { exact: true }) });
    await subjectField.getByRole('alert').waitFor();
    expect(await page.getByLabel('Subject', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    // A subject, but the sender's domain is not verified: said under From; everything typed is still there.
    await page.getByLabel('Subject', { exact: true }).fill('Hello');
    await page.getByRole('button', { name: 'Create template' }).click();
    const fromField = page.locator('.field', { has: page.getByLabel('From', { exact: true }) });
    await fromField
      .getByRole('alert')
      .filter({ hasText: /not verified/ })
      .waitFor();
    // Said once, where it is fixed: no banner repeats it.
    expect(await page.locator('.banner-error').count()).toBe(0);
    expect(await subjectField.getByRole('alert').count()).toBe(0);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe(name);
    expect(await page.getByLabel('Subject', { exact: true }).inputValue()).toBe('Hello');
    expect(await page.getByLabel('Body (HTML)').inputValue()).toBe(body);
    expect((await api.get(`/templates?search=${encodeURIComponent(name)}`)).body.total).toBe(0);
    expect(await overflows(page)).toBe(false);

    // Without a sender it saves.
    await page.getByLabel('From', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    const id = /#\/templates\/([0-9a-f-]{36})/.exec(page.url())![1];
    expect(await overflows(page)).toBe(false);

    // A workflow step sends it: usage links to the workflow, and a delete is refused with the API's message.
    const wf = await api.post('/workflows', { name: `Uses ${tag}`, eventName: `signup.${tag}` });
    expect(wf.status).toBe(201);
    const step = await api.post(`/workflows/${wf.body.id}/steps`, { type: 'SEND_EMAIL', name: 'Say hello', templateId: id });
    expect([step.status, step.body?.error]).toEqual([201, undefined]);
    // Messaging learns of the step from the workflow's events.
    await eventually(async () => (await api.get(`/templates/${id}/usage`)).body.workflowSteps.length === 1);
    await page.reload();
    const link = page.getByRole('link', { name: 'Say hello' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`#/workflows/${wf.body.id}`);
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.locator('.banner-error', { hasText: /is used by a step of the workflow/ }).waitFor();
    expect((await api.get(`/templates/${id}`)).status).toBe(200);
    expect(await overflows(page)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the domains page fits a phone, its long DNS records included', async () => {
    const pending = `phone-${tag}.herald-test.example`;
    expect((await api.post('/domains', { domain: pending })).status).toBe(201);
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { viewport: PHONE });
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Domains');
    // A pending domain shows its records (the DKIM key is hundreds of characters).
    await page.getByRole('region', { name: pending }).locator('tr[data-purpose="dkim"] .dns-value').waitFor();
    expect(await overflows(page)).toBe(false);
    await page.screenshot({ path: '/tmp/shot-domains-phone.png', fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
