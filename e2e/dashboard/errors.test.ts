import type { Browser, Locator, Page } from 'playwright-core';
import { OWNER, Topology } from '../../libs/testing/src';
import { launchBrowser, logIn, openArea, openDashboard } from '../support/browser';
import { sharedHerald } from '../support/herald';

/**
 * Issue 38, human messages: on the login, segment, template and contact forms each problem is said
 * once, next to the field it concerns, in plain words; a blank form opens without errors; a
 * banner only says what no field owns, with the request id inside a closed "Details" disclosure.
 * All-in-one only (the API's own e2e covers split).
 */
describe('dashboard error messages (all)', () => {
  let t: Topology;
  let browser: Browser;
  beforeAll(async () => {
    [t, browser] = await Promise.all([sharedHerald('all'), launchBrowser()]);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  /** What API output looks like: never shown to a user. */
  const JARGON = /send the request again|string field|Expecting|OPEN_|EOF|expected string|received undefined|VALIDATION_ERROR/;
  const fieldOf = (page: Page, label: string) => page.locator('.field', { has: page.getByLabel(label, { exact: true }) });
  const alerts = (scope: Page | Locator) => scope.getByRole('alert');
  const text = (page: Page) => page.locator('body').innerText();

  it('login: an empty password says "Enter your password"; a wrong one a banner with its request id behind Details', async () => {
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { project: t.projectId });
    await page.goto('/#/login');
    await page.getByRole('heading', { name: 'Log in' }).waitFor();
    expect(await alerts(page).count()).toBe(0);

    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const password = fieldOf(page, 'Password');
    await alerts(password).waitFor();
    expect(await alerts(password).textContent()).toBe('Enter your password');
    expect(await alerts(page).count()).toBe(1);
    expect(await page.locator('.banner-error').count()).toBe(0);
    expect(await text(page)).not.toMatch(/at least 8/);

    // Typing clears the field's message; a wrong password is the banner's (no field owns it).
    await page.getByLabel('Password').fill('wrong-password-1');
    expect(await alerts(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const banner = page.locator('.banner-error');
    await banner.waitFor();
    expect(await alerts(page).count()).toBe(1);
    expect(await banner.locator('strong').textContent()).toBe('Invalid email or password.');
    expect(await banner.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    const details = banner.locator('details');
    expect(await details.evaluate((d) => (d as unknown as { open: boolean }).open)).toBe(false);
    expect(await details.locator('summary').textContent()).toBe('Details');
    expect(await details.textContent()).toMatch(/Request [\w-]{8,}/);
    // Closed: the request id is not on screen until asked for.
    expect(await details.locator('.banner-meta').first().isVisible()).toBe(false);
    await details.locator('summary').click();
    expect(await details.locator('.banner-meta').first().isVisible()).toBe(true);
    expect(await text(page)).not.toMatch(JARGON);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('segment: a blank form opens without errors; a save without a name or value says each once, at its place', async () => {
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { project: t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Segments');
    await page.getByRole('link', { name: 'New segment' }).click();
    // The first filter has no value yet: the count says so calmly, nothing is red.
    await page.getByTestId('preview-count').getByText('Complete the condition to see how many contacts match.').waitFor();
    expect(await alerts(page).count()).toBe(0);
    expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);

    await page.getByRole('button', { name: 'Create segment' }).click();
    const name = fieldOf(page, 'Name');
    await alerts(name).waitFor();
    expect(await alerts(name).textContent()).toBe('Choose a segment name');
    const filter = page.getByRole('group', { name: 'Group 1, filter 1', exact: true });
    await alerts(filter).waitFor();
    expect(await alerts(filter).allTextContents()).toEqual(['Enter a value']);
    expect(await page.locator('.banner-error').count()).toBe(0);
    expect(await alerts(page).count()).toBe(2);
    expect(await text(page)).not.toMatch(JARGON);

    // Fixed, it saves.
    await page.getByLabel('Name', { exact: true }).fill('Acme people');
    await filter.getByLabel('Value').fill('@acme.test');
    await page.getByTestId('preview-count').locator('[data-total]').waitFor();
    await page.getByRole('button', { name: 'Create segment' }).click();
    await page.getByRole('heading', { name: 'Acme people' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  // No project chosen up front (its init script would run in the sandboxed preview frame too).
  it('template: a syntax error names its line and what is missing, in plain words, under the body', async () => {
    const { page, context, errors } = await openDashboard(browser, t.baseUrl);
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Templates');
    await page.getByRole('link', { name: 'New template' }).click();
    await page.getByRole('heading', { name: 'New template' }).waitFor();
    expect(await alerts(page).count()).toBe(0);

    // HTML mode (a new template starts with blocks).
    await page.getByRole('button', { name: 'HTML', exact: true }).click();
    await page.getByLabel('Name', { exact: true }).fill('Unclosed');
    await page.getByLabel('Subject', { exact: true }).fill('Hello');
    await page.getByLabel('Body (HTML)').fill('<p>Hi</p>\n{{#if vip}}\n<p>Thanks for being a VIP</p>');
    const said = 'Line 2: an opened {{#if}} is never closed: add {{/if}} where it ends';
    // The preview says it while typing…
    await page.getByRole('status').filter({ hasText: said }).waitFor();
    // …and a save says it once, under the body.
    await page.getByRole('button', { name: 'Create template' }).click();
    const body = fieldOf(page, 'Body (HTML)');
    await alerts(body).waitFor();
    expect(await alerts(body).textContent()).toBe(said);
    expect(await alerts(page).count()).toBe(1);
    expect(await page.locator('.banner-error').count()).toBe(0);
    expect(await text(page)).not.toMatch(JARGON);

    await page.getByLabel('Body (HTML)').fill('<p>Hi</p>\n{{#if vip}}\n<p>Thanks</p>{{/if}}');
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.getByRole('heading', { name: 'Unclosed', level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('contact: no address says "Enter an email address", a bad one how to write it, bad data how to write JSON', async () => {
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { project: t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Contacts');
    await page.getByRole('button', { name: 'Add contact' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add contact' });
    await dialog.waitFor();
    expect(await alerts(dialog).count()).toBe(0);
    const submit = dialog.getByRole('button', { name: 'Add contact' });

    await submit.click();
    const email = dialog.locator('.field', { has: page.getByLabel('Email', { exact: true }) });
    await alerts(email).waitFor();
    expect(await alerts(email).textContent()).toBe('Enter an email address');
    expect(await alerts(dialog).count()).toBe(1);

    await dialog.getByLabel('Email', { exact: true }).fill('ann@');
    await submit.click();
    await alerts(email).filter({ hasText: 'Enter a full email address, like ann@example.com' }).waitFor();
    expect(await alerts(dialog).count()).toBe(1);

    await dialog.getByLabel('Email', { exact: true }).fill('ann@errors-ui.test');
    await dialog.getByLabel('Data (JSON)').fill('{ plan: pro }');
    await submit.click();
    const data = dialog.locator('.field', { has: page.getByLabel('Data (JSON)') });
    await alerts(data).waitFor();
    expect(await alerts(data).textContent()).toBe('This is not valid JSON: write it like { "plan": "pro" }');
    expect(await alerts(dialog).count()).toBe(1);
    expect(await text(page)).not.toMatch(JARGON);
    expect(await text(page)).not.toMatch(/Unexpected token/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
