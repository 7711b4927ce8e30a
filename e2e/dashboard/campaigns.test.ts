import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { eventually, OWNER } from '../../libs/testing/src';
import { launchBrowser, logIn, openArea, openDashboard, PHONE } from '../support/browser';
import { useSendingStack } from '../support/sending';

/**
 * Issue 24, campaigns: compose in the browser with the recipient count, send after a
 * confirmation, watch the progress reach SENT and the stats count what was sent, every message
 * in the SMTP sink; a field error next to its field with what was typed kept; schedule (a past
 * date refused next to the field), delete refused while scheduled, cancel, duplicate — at phone
 * width; while the warm-up holds some of a campaign, when it is expected to finish and what holds it.
 * Herald sends through a real SMTP sink from a domain verified on the loopback DNS server.
 */
describe('dashboard campaigns (all)', () => {
  const s = useSendingStack('all', { shared: true });
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  const tag = () => crypto.randomBytes(3).toString('hex');
  /** The status badge in the page header (the stat cards say "Sent" too). */
  const status = (page: Page, label: string) => page.locator('.page-header .badge', { hasText: new RegExp(`^${label}$`) }).waitFor();

  it('composes a campaign to ALL, shows its recipients, sends it, follows the progress to SENT and the stats; every message arrives', async () => {
    const t = tag();
    const names = ['ann', 'bob', 'cy'];
    for (const name of names) expect((await s.api.post('/contacts', { email: `${name}@${t}.test`, subscribed: true })).status).toBeLessThan(300);
    expect((await s.api.post('/contacts', { email: `off@${t}.test`, subscribed: false })).status).toBeLessThan(300);
    const subscribed: number = (await s.api.get('/contacts?subscribed=true&limit=1')).body.total;
    expect(subscribed).toBeGreaterThanOrEqual(3);

    const { page, context, errors } = await openDashboard(browser, s.t.baseUrl, { project: s.t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Campaigns');
    await page.getByRole('link', { name: 'New campaign' }).click();
    await page.getByRole('heading', { name: 'New campaign' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(`Launch ${t}`);
    await page.getByLabel('Subject').fill(`News ${t}`);
    await page.getByLabel('From', { exact: true }).fill(s.from);
    await page.getByLabel('Body (HTML)').fill('<p>Hello {{email}}</p><p><a href="{{unsubscribeUrl}}">Unsubscribe</a></p>');
    // ALL is the default audience: the count is the project's subscribed contacts.
    expect(await page.getByRole('radio', { name: 'All subscribed contacts' }).isChecked()).toBe(true);
    await page.getByTestId('recipient-count').getByText(`${subscribed} recipients`, { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('heading', { name: `Launch ${t}` }).waitFor();
    await status(page, 'Draft');
    const created = (await s.api.get('/campaigns?pageSize=100')).body.data.find((c: any) => c.name === `Launch ${t}`);
    expect(created).toMatchObject({ status: 'DRAFT', subject: `News ${t}`, from: s.from, audienceType: 'ALL' });

    await page.getByRole('button', { name: 'Send now' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByTestId('confirm-count').textContent()).toBe(`${subscribed} recipients`);
    await dialog.getByRole('button', { name: `Send to ${subscribed} now` }).click();
    await status(page, 'Sent');
    await page.getByTestId('progress-count').getByText(`${subscribed} of ${subscribed} sent`).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Sent' }).getAttribute('aria-valuenow')).toBe(String(subscribed));
    await page.locator('[data-stat="sent"] .stat', { hasText: new RegExp(`^${subscribed}$`) }).waitFor();
    for (const label of ['delivered', 'opened', 'clicked', 'bounced', 'complained', 'unsubscribed', 'replied'])
      await page.locator(`[data-stat="${label}"]`).waitFor();

    // Every subscribed recipient got the message once; the unsubscribed one nothing.
    const mine = () => s.smtp!.messages.filter((m) => m.envelope.to[0]?.endsWith(`@${t}.test`));
    await eventually(async () => mine().length === 3);
    expect(
      mine()
        .map((m) => m.envelope.to[0])
        .sort(),
    ).toEqual(names.map((n) => `${n}@${t}.test`));
    expect(mine().every((m) => m.parsed.subject === `News ${t}`)).toBe(true);
    expect((await s.api.get(`/campaigns/${created.id}`)).body).toMatchObject({ status: 'SENT', totalRecipients: subscribed, sentCount: subscribed });
    // The list shows it sent.
    await page.getByRole('link', { name: '← All campaigns' }).click();
    await page
      .getByRole('row', { name: new RegExp(`Launch ${t}`) })
      .getByText('Sent', { exact: true })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a sender on an unverified domain next to From, keeping what was typed; saves a FILTERED audience', async () => {
    const t = tag();
    const { page, context, errors } = await openDashboard(browser, s.t.baseUrl, { project: s.t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    await page.goto('/#/campaigns/new');
    await page.getByLabel('Name', { exact: true }).fill(`Unverified ${t}`);
    await page.getByLabel('Subject').fill(`Kept ${t}`);
    await page.getByLabel('From', { exact: true }).fill(`me@unverified-${t}.example`);
    await page.getByLabel('Body (HTML)').fill('<p>kept body</p>');
    await page.getByRole('button', { name: 'Save draft' }).click();
    const fromError = page
      .locator('.field-invalid')
      .filter({ has: page.getByLabel('From', { exact: true }) })
      .getByRole('alert');
    expect(await fromError.textContent()).toMatch(/not verified/);
    expect(await page.getByLabel('Subject').inputValue()).toBe(`Kept ${t}`);
    expect(await page.getByLabel('Body (HTML)').inputValue()).toBe('<p>kept body</p>');
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe(`me@unverified-${t}.example`);
    // The suggestion says what to do.
    await page
      .getByRole('alert')
      .getByText(/Add the domain|Verify the domain/)
      .first()
      .waitFor();
    expect((await s.api.get('/campaigns?pageSize=100')).body.data.some((c: any) => c.name === `Unverified ${t}`)).toBe(false);

    // A FILTERED audience, built with the segments' condition builder; the count answers.
    await page.getByRole('radio', { name: 'A filter' }).check();
    const condition = { logic: 'AND', groups: [{ filters: [{ field: 'email', operator: 'contains', value: `@${t}.test` }] }] };
    const filter = page.locator('.cb-filter').first();
    await filter.getByLabel('Field type').selectOption('contact');
    await filter.getByLabel('Field', { exact: true }).selectOption('email');
    await filter.getByLabel('Operator').selectOption('contains');
    await filter.getByLabel('Value').fill(`@${t}.test`);
    await page.getByText('Edit as JSON').click();
    expect(JSON.parse(await page.getByLabel('Filter condition (JSON)').inputValue())).toEqual(condition);
    await page
      .getByTestId('recipient-count')
      .getByText(/recipient/)
      .waitFor();
    await page.getByLabel('From', { exact: true }).fill(s.from);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.getByRole('heading', { name: `Unverified ${t}` }).waitFor();
    const saved = (await s.api.get('/campaigns?pageSize=100')).body.data.find((c: any) => c.name === `Unverified ${t}`);
    expect(saved).toMatchObject({ subject: `Kept ${t}`, from: s.from, audienceType: 'FILTERED', audienceFilter: condition });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at phone width: a past schedule is refused next to the field, a scheduled campaign cannot be deleted but can be cancelled, and duplicated', async () => {
    const t = tag();
    const created = await s.api.post('/campaigns', { name: `Later ${t}`, subject: 'Later', body: '<p>later</p>', from: s.from, audienceType: 'ALL' });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const { page, context, errors } = await openDashboard(browser, s.t.baseUrl, { viewport: PHONE, project: s.t.projectId });
    page.on('dialog', (d) => void d.accept());
    await logIn(page, OWNER.email, OWNER.password);
    await page.goto(`/#/campaigns/${id}`);
    await page.getByRole('heading', { name: `Later ${t}` }).waitFor();
    await status(page, 'Draft');

    const when = page.getByLabel('Or schedule for');
    await when.fill('2020-01-01T09:00');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    expect(await page.locator('.field-invalid').filter({ has: when }).getByRole('alert').textContent()).toMatch(/future/);
    expect(await when.inputValue()).toBe('2020-01-01T09:00');
    expect((await s.api.get(`/campaigns/${id}`)).body.status).toBe('DRAFT');

    await when.fill('2030-06-01T09:00');
    await page.getByRole('button', { name: 'Schedule', exact: true }).click();
    await status(page, 'Scheduled');
    expect((await s.api.get(`/campaigns/${id}`)).body).toMatchObject({ status: 'SCHEDULED', scheduledAt: expect.stringMatching(/^2030-0[56]-/) });
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);

    // Delete is refused while scheduled (409): the API's message and suggestion are shown.
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('alert')
      .getByText(/Cancel it first/)
      .waitFor();
    await page.getByRole('button', { name: 'Cancel send' }).click();
    await status(page, 'Cancelled');
    expect((await s.api.get(`/campaigns/${id}`)).body.status).toBe('CANCELLED');

    await page.getByRole('button', { name: 'Duplicate' }).click();
    await page.getByRole('heading', { name: `Later ${t} (Copy)` }).waitFor();
    await status(page, 'Draft');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('while the warm-up holds some of a sending campaign, says when it is expected to finish and which cap holds it; not once cancelled', async () => {
    const t = tag();
    // A Google Workspace domain (its MX), and a warm-up of two mails an hour to each provider.
    const workspace = `gw-${t}.example`;
    s.dns.set(workspace, 'MX', [{ exchange: 'aspmx.l.google.com', priority: 1 }]);
    const domainId = (await s.api.get(`/domains/project/${s.t.projectId}`)).body.find((d: any) => d.domain === s.domain).id;
    expect((await s.api.patch(`/domains/${domainId}/warmup`, { enabled: true, startPerHour: 2 })).status).toBe(200);
    for (const name of ['ann', 'bob', 'cy'])
      expect((await s.api.post('/contacts', { email: `${name}@${workspace}`, subscribed: true })).status).toBeLessThan(300);
    const created = await s.api.post('/campaigns', {
      name: `Held ${t}`,
      subject: 'Held',
      body: '<p>Held</p><p><a href="{{unsubscribeUrl}}">Unsubscribe</a></p>',
      from: s.from,
      audienceType: 'FILTERED',
      audienceFilter: { logic: 'AND', groups: [{ filters: [{ field: 'email', operator: 'contains', value: `@${workspace}` }] }] },
    });
    const id = created.body.data.id;
    expect((await s.api.post(`/campaigns/${id}/send`, {})).status).toBe(200);
    // Two go this hour; the third waits for the next (an hour here). Until the two are out, the
    // campaign's unsent mail to Google counts as waiting too: wait for the hour's cap to be spent.
    const held = await eventually(async () => {
      const c = (await s.api.get(`/campaigns/${id}`)).body;
      return c.expectedFinishAt && c.heldBy[0]?.waiting === 1 ? c : undefined;
    }, 15_000);
    expect(held.heldBy).toEqual([{ domain: s.domain, provider: 'google', waiting: 1, cap: 2, expectedDoneAt: held.expectedFinishAt }]);

    const { page, context, errors } = await openDashboard(browser, s.t.baseUrl, { project: s.t.projectId });
    page.on('dialog', (d) => void d.accept());
    await logIn(page, OWNER.email, OWNER.password);
    await page.goto(`/#/campaigns/${id}`);
    await page.getByRole('heading', { name: `Held ${t}` }).waitFor();
    await status(page, 'Sending');
    const line = page.getByTestId('expected-finish');
    await line.waitFor();
    // The time in the browser's own zone and format. The estimate counts from the moment it is
    // asked for, so the page's may be a minute on from the one read before it: read one after too.
    const shown = await line.textContent();
    const after = (await s.api.get(`/campaigns/${id}`)).body.expectedFinishAt as string;
    const locals = await page.evaluate(
      (isos) => isos.map((iso) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))),
      [held.expectedFinishAt as string, after],
    );
    expect(locals.map((local) => `Expected to finish around ${local} — held by warm-up: Google 2/hour`)).toContain(shown);

    // Cancelled, nothing more is expected.
    await page.getByRole('button', { name: 'Cancel send' }).click();
    await status(page, 'Cancelled');
    await line.waitFor({ state: 'detached' });
    expect((await s.api.get(`/campaigns/${id}`)).body).toMatchObject({ status: 'CANCELLED', expectedFinishAt: null, heldBy: [] });
    expect(errors).toEqual([]);
    await context.close();
  });
});
