import type { Browser, Page } from 'playwright-core';
import { Api, OWNER, Topology } from '../../libs/testing/src';
import { launchBrowser, logIn, openArea, openDashboard, PHONE } from '../support/browser';
import { sharedHerald } from '../support/herald';

/**
 * Issue 24, segments: a dynamic segment built in the condition builder with its live count, saved,
 * its members as the API has them; a static segment's members pasted in and removed; a refused
 * delete shown; the builder at phone width. All-in-one only (the API's own e2e covers split).
 */
describe('dashboard segments (all)', () => {
  let t: Topology;
  let browser: Browser;
  let api: Api;
  beforeAll(async () => {
    [t, browser] = await Promise.all([sharedHerald('all'), launchBrowser()]);
    api = new Api(t.baseUrl, t.keys.secret);
    // Pro buyers: a and b. c is pro without a purchase, d bought on the free plan.
    const seed: Array<[string, string, string[]]> = [
      ['a@seg-ui.test', 'pro', ['purchased']],
      ['b@seg-ui.test', 'pro', ['visited', 'purchased']],
      ['c@seg-ui.test', 'pro', ['visited']],
      ['d@seg-ui.test', 'free', ['purchased']],
    ];
    for (const [email, plan, events] of seed) {
      for (const event of events) expect((await api.post('/v1/track', { event, email, data: { plan } })).status).toBe(200);
    }
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  const filter = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
  const memberEmails = async (page: Page) => (await page.getByRole('table', { name: 'Members' }).locator('tbody tr td:first-child').allTextContents()).sort();

  it('builds a dynamic segment with a live count, saves it, and lists the members the API has', async () => {
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { project: t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Segments');
    await page.getByRole('link', { name: 'New segment' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Pro buyers');

    const first = filter(page, 'Group 1, filter 1');
    await first.getByLabel('Field type').selectOption('data');
    await first.getByLabel('Custom field name').fill('plan');
    // No value yet: the count says so; nothing is shown in red before the first save.
    await page.getByTestId('preview-count').getByText('Complete the condition to see how many contacts match.').waitFor();
    expect(await first.getByRole('alert').count()).toBe(0);
    await first.getByLabel('Value').fill('pro');
    await page.locator('[data-total="3"]').waitFor();

    await page.getByRole('button', { name: '+ Add filter' }).click();
    const second = filter(page, 'Group 1, filter 2');
    await second.getByLabel('Field type').selectOption('event');
    await second.getByLabel('Event name').fill('purchased');
    expect(await second.getByLabel('Operator').inputValue()).toBe('triggered');
    expect(await second.getByLabel('Value').count()).toBe(0);
    await page.locator('[data-total="2"]').waitFor();
    await page.getByTestId('preview-count').getByText('2 subscribed').waitFor();

    await page.getByRole('button', { name: 'Create segment' }).click();
    await page.getByRole('heading', { name: 'Pro buyers' }).waitFor();
    await page.getByTestId('member-count').filter({ hasText: /^2$/ }).waitFor();
    await page.getByRole('table', { name: 'Members' }).waitFor();
    expect(await memberEmails(page)).toEqual(['a@seg-ui.test', 'b@seg-ui.test']);

    const [saved] = (await api.get('/segments')).body.filter((s: any) => s.name === 'Pro buyers');
    expect(saved).toMatchObject({
      type: 'DYNAMIC',
      memberCount: 2,
      condition: {
        logic: 'AND',
        groups: [
          {
            filters: [
              { field: 'data.plan', operator: 'equals', value: 'pro' },
              { field: 'event.purchased', operator: 'triggered' },
            ],
          },
        ],
      },
    });
    expect((await api.get(`/segments/${saved.id}/contacts`)).body.data.map((c: any) => c.email).sort()).toEqual(['a@seg-ui.test', 'b@seg-ui.test']);

    // The list shows it with its count.
    await page.getByRole('link', { name: '← All segments' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Pro buyers' });
    await row.getByText('Dynamic').waitFor();
    expect(await row.locator('[data-label="members"]').textContent()).toBe('2');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a static segment: emails pasted in, one removed; a delete the API refuses is shown', async () => {
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { project: t.projectId });
    page.on('dialog', (d) => void d.accept());
    await logIn(page, OWNER.email, OWNER.password);
    await page.goto('/#/segments/new');
    await page.getByLabel('Name', { exact: true }).fill('VIP list');
    await page.getByLabel(/Static/).check();
    expect(await page.getByRole('group', { name: 'Group 1', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Create segment' }).click();
    await page.getByRole('heading', { name: 'VIP list' }).waitFor();
    await page.getByText('No members yet').waitFor();

    await page.getByLabel('Emails', { exact: true }).fill('a@seg-ui.test, c@seg-ui.test\nnobody@seg-ui.test');
    await page.getByRole('button', { name: 'Add members' }).click();
    await page.getByTestId('members-result').getByText('Added 2, created 0, not found 1.').waitFor();
    await page.getByTestId('members-result').getByText('Not found: nobody@seg-ui.test').waitFor();
    await page.getByTestId('member-count').filter({ hasText: /^2$/ }).waitFor();
    await page.getByRole('table', { name: 'Members' }).getByRole('link', { name: 'c@seg-ui.test' }).waitFor();
    expect(await memberEmails(page)).toEqual(['a@seg-ui.test', 'c@seg-ui.test']);

    await page.getByLabel('Emails', { exact: true }).fill('a@seg-ui.test');
    await page.getByRole('button', { name: 'Remove members' }).click();
    await page.getByTestId('members-result').getByText('Removed 1.').waitFor();
    await page.getByTestId('member-count').filter({ hasText: /^1$/ }).waitFor();
    await page.getByRole('table', { name: 'Members' }).getByRole('link', { name: 'a@seg-ui.test' }).waitFor({ state: 'detached' });
    expect(await memberEmails(page)).toEqual(['c@seg-ui.test']);

    const [vip] = (await api.get('/segments')).body.filter((s: any) => s.name === 'VIP list');
    expect(vip).toMatchObject({ type: 'STATIC', memberCount: 1, condition: null });
    expect((await api.get(`/segments/${vip.id}/contacts`)).body.data.map((c: any) => c.email)).toEqual(['c@seg-ui.test']);

    // Another segment's condition names it: the 409 is shown, and it stays.
    const ref = await api.post('/segments', {
      name: 'In VIP',
      type: 'DYNAMIC',
      condition: { logic: 'AND', groups: [{ filters: [{ field: `segment.${vip.id}`, operator: 'memberOfSegment' }] }] },
    });
    expect(ref.status).toBe(201);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'In VIP' }).waitFor();
    expect((await api.get(`/segments/${vip.id}`)).status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the builder fits a phone: nested conditions and every kind of field, nothing wider than the screen', async () => {
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { viewport: PHONE, project: t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    await page.goto('/#/segments/new');
    await page.getByRole('button', { name: '+ Add nested condition' }).click();
    const nested = filter(page, 'Nested Group 1, filter 1');
    await nested.getByLabel('Field type').selectOption('contact');
    await nested.getByLabel('Field', { exact: true }).selectOption('createdAt');
    await nested.getByLabel('Operator').selectOption('within');
    await nested.getByLabel('Amount').fill('30');
    await filter(page, 'Group 1, filter 1').getByLabel('Value').fill('seg-ui.test');
    // Everyone seeded was created just now and has seg-ui.test in the address.
    await page.locator('[data-total="4"]').waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});
