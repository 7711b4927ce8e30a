import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import { Api, eventually, OWNER, Topology } from '../../libs/testing/src';
import { launchBrowser, logIn, openArea, openDashboard, PHONE } from '../support/browser';
import { sharedHerald } from '../support/herald';

/**
 * Issue 24, the audience pages in a real browser (all-in-one): a CSV import watched to its end
 * (progress, counts, row errors, the job surviving a reload), bulk actions on a selection of
 * contacts, and the events page (counts per name, recent events, deleting a name's events). Each
 * journey checks what the API then holds, not only what the page shows.
 */
jest.setTimeout(120_000);

describe('dashboard audience (all)', () => {
  let t: Topology;
  let browser: Browser;
  let api: Api;
  const tag = crypto.randomBytes(3).toString('hex');
  const email = (n: string) => `${n}-${tag}@imp.test`;
  beforeAll(async () => {
    [t, browser] = await Promise.all([sharedHerald('all'), launchBrowser()]);
    api = new Api(t.baseUrl, t.keys.secret);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('imports a CSV in the browser and watches it finish: progress, counts, row errors, kept across a reload', async () => {
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { project: t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Contacts');
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await page.getByRole('heading', { name: 'Import contacts' }).waitFor();
    const input = page.locator('input[type=file]');

    // A file dropped on the drop zone without an email column is refused at upload (422), said
    // next to the file.
    const dropped = await page.evaluateHandle(() => {
      const g = globalThis as any;
      const transfer = new g.DataTransfer();
      transfer.items.add(new g.File(['name,plan\nAnn,pro\n'], 'people.csv', { type: 'text/csv' }));
      return transfer;
    });
    await page.dispatchEvent('[data-testid=drop-zone]', 'drop', { dataTransfer: dropped });
    await page.getByText('people.csv').waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    // Said once, next to the file (no banner repeats it).
    await page.locator('#import-file-error').waitFor();
    expect(await page.locator('#import-file-error').textContent()).toMatch(/email/i);
    expect(await page.locator('.banner-error').count()).toBe(0);
    expect(page.url()).not.toContain('job=');

    const csv = [
      'email,plan,seats,vip',
      `${email('a')},pro,3,yes`,
      `${email('b')},free,1,no`,
      'not-an-email,free,1,no', // row 4: invalid
      `${email('a')},team,9,no`, // row 5: the same email again
      `${email('c')},pro,2,true`,
    ].join('\n');
    await input.setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.waitForURL(/\/contacts\/import\?job=[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: /Row errors/ }).waitFor();

    const shown = async () => ({
      progress: await page.getByTestId('progress-value').textContent(),
      bar: await page.getByRole('progressbar').getAttribute('aria-valuenow'),
      rows: await page.getByTestId('count-rows').locator('dd').textContent(),
      imported: await page.getByTestId('count-imported').locator('dd').textContent(),
      updated: await page.getByTestId('count-updated').locator('dd').textContent(),
      skipped: await page.getByTestId('count-skipped').locator('dd').textContent(),
      errors: await page.getByRole('table', { name: 'Row errors' }).locator('tbody tr').allInnerTexts(),
    });
    const expected = {
      progress: '100 %',
      bar: '100',
      rows: '5',
      imported: '3',
      updated: '0',
      skipped: '2',
      errors: ['4\tnot-an-email\tinvalid_email', `5\t${email('a')}\tduplicate_email`],
    };
    expect(await shown()).toEqual(expected);

    // The job is in the URL: a reload shows the same finished job.
    await page.reload();
    await page.getByRole('heading', { name: /Row errors/ }).waitFor();
    expect(await shown()).toEqual(expected);

    // The API has the contacts, their data typed by the import's rules.
    const list = (await api.get(`/contacts?search=${tag}`)).body;
    expect(list.total).toBe(3);
    const byEmail = Object.fromEntries(list.data.map((c: any) => [c.email, c]));
    expect(byEmail[email('a')]).toMatchObject({ subscribed: true, data: { plan: 'pro', seats: 3, vip: true } });
    expect(byEmail[email('b')]).toMatchObject({ subscribed: true, data: { plan: 'free', seats: 1, vip: false } });
    expect(byEmail[email('c')]).toMatchObject({ subscribed: true, data: { plan: 'pro', seats: 2, vip: true } });

    await page.getByRole('link', { name: 'View contacts' }).click();
    await page.getByRole('heading', { name: 'Contacts' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('bulk-unsubscribes a selection and deletes another, seeing the statuses change', async () => {
    // One contact the search leaves out, so that "3 contacts" proves the search applied (selecting
    // before it does would be undone when it does: the selection is of the list shown).
    expect((await api.post('/contacts', { email: `other-${crypto.randomBytes(3).toString('hex')}@elsewhere.test` })).status).toBe(201);
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { project: t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Contacts');
    await page.getByRole('searchbox', { name: 'Search by email' }).fill(tag);
    await page.getByText('3 contacts', { exact: true }).waitFor();
    const row = (n: string) => page.locator('tbody tr', { hasText: email(n) });

    // Select all on the page, then narrow the selection down.
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await page.getByText('3 selected', { exact: true }).waitFor();
    await page.getByRole('checkbox', { name: `Select ${email('c')}` }).uncheck();
    await page.getByText('2 selected', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    const outcome = page.getByTestId('bulk-outcome');
    await outcome.getByText('2 unsubscribed').waitFor();
    await row('a').getByText('Unsubscribed', { exact: true }).waitFor();
    await row('b').getByText('Unsubscribed', { exact: true }).waitFor();
    expect(await row('c').getByText('Subscribed', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Bulk actions' }).count()).toBe(0); // the selection is cleared

    const subscribed = async () => Object.fromEntries((await api.get(`/contacts?search=${tag}`)).body.data.map((c: any) => [c.email, c.subscribed]));
    expect(await subscribed()).toEqual({ [email('a')]: false, [email('b')]: false, [email('c')]: true });

    // Delete asks first; dismissing it changes nothing, accepting it deletes.
    await page.getByRole('checkbox', { name: `Select ${email('c')}` }).check();
    page.once('dialog', (d) => void d.dismiss());
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    expect((await api.get(`/contacts?search=${tag}`)).body.total).toBe(3);
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await outcome.getByText('1 deleted').waitFor();
    await page.getByText('2 contacts', { exact: true }).waitFor();
    expect(await row('c').count()).toBe(0);
    expect(await subscribed()).toEqual({ [email('a')]: false, [email('b')]: false });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('events: counts per name, recent events linking to their contact, deleting a name removes its events', async () => {
    const clicked = `clicked-${tag}`;
    const bought = `bought-${tag}`;
    for (const [event, who] of [
      [clicked, 'e1'],
      [clicked, 'e1'],
      [clicked, 'e2'],
      [bought, 'e2'],
    ]) {
      expect((await api.post('/v1/track', { event, email: email(who), data: { price: 5 } })).status).toBe(200);
    }
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { project: t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Events');
    const nameRow = (n: string) => page.getByTestId(`event-name-${n}`);
    expect(await nameRow(clicked).locator('.count').textContent()).toBe('3');
    expect(await nameRow(bought).locator('.count').textContent()).toBe('1');

    // Recent events, filtered by name; each links to its contact.
    await page.getByRole('combobox', { name: 'Event name' }).selectOption(clicked);
    const recent = page.getByRole('table', { name: 'Recent events' }).locator('tbody tr');
    await page.waitForFunction((n) => {
      const rows = [...(globalThis as any).document.querySelectorAll('table[aria-label="Recent events"] tbody tr')];
      return rows.length === 3 && rows.every((r: any) => r.textContent.includes(n));
    }, clicked);
    const link = recent.first().getByRole('link');
    const contact = (await api.get(`/contacts?search=${email('e1')}`)).body.data[0];
    await page
      .getByRole('table', { name: 'Recent events' })
      .getByRole('link', { name: email('e1') })
      .first()
      .waitFor();
    expect(await link.getAttribute('href')).toMatch(/^#\/contacts\/[0-9a-f-]{36}$/);

    // Usage, then delete the name's events.
    await nameRow(clicked)
      .getByRole('button', { name: `Details of ${clicked}` })
      .click();
    await page.getByTestId('event-usage').getByText('Tracked 3 times by 2 contacts.').waitFor();
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: `Delete “${clicked}” events` }).click();
    await page.getByText(`Deleted 3 “${clicked}” events.`).waitFor();
    await nameRow(clicked).waitFor({ state: 'detached' });
    expect(await nameRow(bought).locator('.count').textContent()).toBe('1');
    const stats = (await api.get('/events/stats')).body as { name: string }[];
    expect(stats.map((s) => s.name)).not.toContain(clicked);
    expect(stats.map((s) => s.name)).toContain(bought);
    expect((await api.get(`/events?eventName=${clicked}`)).body.events).toEqual([]);
    expect((await api.get(`/events/contact/${contact.id}`)).body.events.map((e: any) => e.name)).not.toContain(clicked);

    // A contact's link opens it.
    await page.getByRole('combobox', { name: 'Event name' }).selectOption('');
    await page
      .getByRole('table', { name: 'Recent events' })
      .getByRole('link', { name: email('e2') })
      .first()
      .click();
    await page.getByRole('heading', { name: email('e2') }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone: the import page and the events page are no wider than the screen', async () => {
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { viewport: PHONE, project: t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    for (const [path, heading] of [
      ['/#/contacts/import', 'Import contacts'],
      ['/#/events', 'Events'],
      ['/#/contacts', 'Contacts'],
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      // Every region's spinner gone (a page may show several at once).
      await eventually(async () => (await page.locator('.spinner').count()) === 0, 20_000);
      expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
