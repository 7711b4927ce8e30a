import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import { eventually, OWNER } from '../../libs/testing/src';
import { launchBrowser, logIn, openArea, openDashboard } from '../support/browser';
import { useSendingStack } from '../support/sending';

/**
 * Issue 38 point 2, previews with real data: a campaign shows the email as a contact of its
 * audience receives it (rendered by Herald with that contact's data) and cycles through the first
 * few; a test send takes the previewed contact's data and arrives so in the SMTP sink; a
 * template's sample data comes from a real contact and stays after saving; choosing a
 * template shows its values as the effective ones; the campaign list, the header, Top campaigns,
 * the activity feed and a contact's timeline show rendered text or names, never template source.
 */
describe('dashboard campaign preview (all)', () => {
  const s = useSendingStack('all', { shared: true });
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  const tag = () => crypto.randomBytes(3).toString('hex');
  const subject = 'Olá {{firstName ?? "friend"}}';
  const body = '<p class="line">Olá {{firstName ?? "friend"}}, your {{plan}} plan.</p><p><a href="{{unsubscribeUrl}}">Unsubscribe</a></p>';

  async function seeded(t: string) {
    const ids: string[] = [];
    for (const [name, plan] of [
      ['ana', 'pro'],
      ['bea', 'free'],
      ['cid', 'team'],
    ]) {
      const r = await s.api.post('/contacts', { email: `${name}@${t}.test`, subscribed: true, data: { firstName: name.toUpperCase(), plan, tag: t } });
      expect(r.status).toBeLessThan(300);
      ids.push(r.body.id);
    }
    const c = await s.api.post('/campaigns', {
      name: `Preview ${t}`,
      subject,
      body,
      from: s.from,
      audienceType: 'FILTERED',
      audienceFilter: { logic: 'AND', groups: [{ filters: [{ field: 'data.tag', operator: 'equals', value: t }] }] },
    });
    expect([c.status, c.body.error]).toEqual([201, undefined]);
    return { ids, campaign: c.body.data };
  }

  it("previews the campaign for its audience's contacts, cycles through them, and tests with the previewed contact's data", async () => {
    const t = tag();
    const { campaign } = await seeded(t);
    const { page, context, errors } = await openDashboard(browser, s.t.baseUrl, { project: s.t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    await page.goto(`/#/campaigns/${campaign.id}`);
    await page.getByRole('heading', { name: `Preview ${t}` }).waitFor();

    // The first contact of the audience (ids in creation order): ANA, on the pro plan.
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByTestId('preview-subject').getByText('Olá ANA', { exact: true }).waitFor();
    expect(await preview.getByTestId('preview-from').textContent()).toBe(s.from);
    await preview.getByTestId('preview-contact').getByText(`ana@${t}.test`).waitFor();
    const frame = page.frameLocator('iframe[title="Email preview"]');
    await frame.locator('p.line', { hasText: 'Olá ANA, your pro plan.' }).waitFor();
    expect(await preview.getByTestId('preview-position').textContent()).toBe('1 of 3');

    // Next: BEA, free; previous again: ANA.
    await preview.getByRole('button', { name: 'Next →' }).click();
    await preview.getByTestId('preview-subject').getByText('Olá BEA', { exact: true }).waitFor();
    await frame.locator('p.line', { hasText: 'Olá BEA, your free plan.' }).waitFor();
    expect(await preview.getByTestId('preview-position').textContent()).toBe('2 of 3');
    // The test form follows the contact previewed.
    expect(await page.getByLabel('Contact data').inputValue()).toBe((await s.api.post(`/campaigns/${campaign.id}/preview`, {})).body.contacts[1].id);
    await preview.getByRole('button', { name: '← Previous' }).click();
    await preview.getByTestId('preview-subject').getByText('Olá ANA', { exact: true }).waitFor();

    // The header reads the subject with its fallback, not its source.
    const header = page.locator('.page-header');
    await header.getByText('Olá friend').waitFor();
    expect(await header.textContent()).not.toContain('{{');

    // A test to another address, with ANA's data: it arrives as ANA would get it; the form keeps what was typed.
    const to = `tester@${t}.test`;
    await page.getByLabel('Test address').fill(to);
    expect(await page.getByRole('combobox', { name: 'Contact data' }).locator('option:checked').textContent()).toBe(`ana@${t}.test`);
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByRole('status').getByText(`Test sent to ${to}, with the data of ana@${t}.test.`).waitFor();
    const mail = await eventually(async () => s.smtp!.messages.find((m) => m.envelope.to[0] === to), 30_000);
    expect(mail.parsed.subject).toBe('[TEST] Olá ANA');
    expect(String(mail.parsed.html)).toContain('your pro plan');
    expect(await page.getByLabel('Test address').inputValue()).toBe(to);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows a chosen template's values as the campaign's own until they are replaced", async () => {
    const t = tag();
    const tpl = await s.api.post('/templates', {
      name: `Tpl ${t}`,
      subject: 'Hi {{firstName ?? "there"}}',
      body: '<p>From the template</p>',
      type: 'MARKETING',
      from: s.from,
    });
    expect(tpl.status).toBe(201);
    const { page, context, errors } = await openDashboard(browser, s.t.baseUrl, { project: s.t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    await page.goto('/#/campaigns/new');
    await page.getByLabel('Template').selectOption({ label: `Tpl ${t}` });
    await page.getByText('Uses the template’s subject: “Hi there”.').waitFor();
    expect(await page.getByLabel('Subject').getAttribute('placeholder')).toBe('Hi {{firstName ?? "there"}}');
    expect(await page.getByLabel('From', { exact: true }).getAttribute('placeholder')).toBe(s.from);
    expect(await page.getByLabel('Body (HTML)').getAttribute('placeholder')).toBe('<p>From the template</p>');
    await page.getByLabel('Subject').fill('Own subject');
    await page.getByText('Your subject replaces the template’s.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("fills a template's sample data from a real contact, keeps it after saving, and tests with it", async () => {
    const t = tag();
    await seeded(t);
    const tpl = await s.api.post('/templates', {
      name: `Sample ${t}`,
      subject: 'Olá {{firstName ?? "friend"}}',
      body: '<p class="line">your {{plan}} plan</p>',
      type: 'MARKETING',
      from: s.from,
    });
    expect(tpl.status).toBe(201);
    const first = (await s.api.get('/contacts?limit=1')).body.data[0];
    const { page, context, errors } = await openDashboard(browser, s.t.baseUrl, { project: s.t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    await page.goto(`/#/templates/${tpl.body.id}`);
    // It opens with the project's first contact's data for its variables, not empty strings.
    await page.getByTestId('sample-source').getByText(`Sample data from ${first.email}.`).waitFor();
    expect(JSON.parse(await page.getByLabel('Sample data (JSON)').inputValue())).toEqual({
      firstName: first.data?.firstName ?? '',
      plan: first.data?.plan ?? '',
    });

    // Another contact's, found by email: the preview shows its values.
    await page.getByLabel('Fill from a contact').fill(`ana@${t}.test`);
    await page.getByRole('button', { name: 'Fill', exact: true }).click();
    await page.getByTestId('sample-source').getByText(`Sample data from ana@${t}.test.`).waitFor();
    expect(JSON.parse(await page.getByLabel('Sample data (JSON)').inputValue())).toEqual({ firstName: 'ANA', plan: 'pro' });
    const frame = page.frameLocator('iframe[title="Email preview"]');
    await frame.locator('p.line', { hasText: 'your pro plan' }).waitFor();
    await page.getByTestId('preview-subject').getByText('Olá ANA').waitFor();

    // Saving keeps it.
    await page.getByLabel('Description').fill('kept sample');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').getByText('Saved', { exact: true }).waitFor();
    expect(JSON.parse(await page.getByLabel('Sample data (JSON)').inputValue())).toEqual({ firstName: 'ANA', plan: 'pro' });

    // A test takes it.
    await page.getByRole('button', { name: 'Send test' }).click();
    const dialog = page.getByRole('dialog');
    const to = `tpl-tester@${t}.test`;
    await dialog.getByLabel('Send to').fill(to);
    await dialog.getByRole('button', { name: 'Send test' }).click();
    await dialog
      .getByRole('status')
      .filter({ hasText: `Test sent to ${to}` })
      .waitFor();
    const mail = await eventually(async () => s.smtp!.messages.find((m) => m.envelope.to[0] === to), 30_000);
    expect(mail.parsed.subject).toBe('[TEST] Olá ANA');
    expect(String(mail.parsed.html)).toContain('your pro plan');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows names and rendered subjects, never template source, in the list, Top campaigns, activity and timelines', async () => {
    const t = tag();
    const { ids, campaign } = await seeded(t);
    const send = await s.api.post(`/campaigns/${campaign.id}/send`, {});
    expect(send.status).toBe(200);
    await eventually(async () => (await s.api.get(`/campaigns/${campaign.id}`)).body.status === 'SENT', 30_000);
    // The analytics read model has it, by name.
    await eventually(async () =>
      ((await s.api.get('/analytics/top-campaigns?limit=100')).body as any[]).some((c) => c.id === campaign.id && c.name === `Preview ${t}`),
    );

    const { page, context, errors } = await openDashboard(browser, s.t.baseUrl, { project: s.t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Campaigns');
    const row = page.getByRole('row', { name: new RegExp(`Preview ${t}`) });
    await row.getByText('Olá friend').waitFor();
    expect(await page.locator('table').textContent()).not.toContain('{{');

    await openArea(page, 'Analytics');
    const top = page.getByRole('region', { name: 'Top campaigns' });
    await top.getByRole('listitem').first().waitFor();
    const names = new Set(((await s.api.get('/campaigns?pageSize=100')).body.data as any[]).map((c) => c.name));
    const shown = await top.getByRole('link').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    // Each is a campaign's name (the subjects of this project's campaigns are templates).
    for (const name of shown) expect([name, names.has(name)]).toEqual([name, true]);
    expect(await top.textContent()).not.toContain('{{');

    await openArea(page, 'Activity');
    await page
      .getByText(/Olá (ANA|BEA|CID|friend)/)
      .first()
      .waitFor();
    expect(await page.locator('main#main').textContent()).not.toContain('{{');

    await page.goto(`/#/contacts/${ids[0]}`);
    await page.getByRole('heading', { name: 'Timeline' }).waitFor();
    await page.locator('.timeline li').first().waitFor();
    expect(await page.locator('.timeline').textContent()).not.toContain('{{');
    expect(errors).toEqual([]);
    await context.close();
  });
});
