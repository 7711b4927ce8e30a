import crypto from 'node:crypto';
import { simpleParser } from 'mailparser';
import type { Browser, Page } from 'playwright-core';
import { Api, eventually, OWNER, Topology } from '../../libs/testing/src';
import { launchBrowser, logIn, openArea, openDashboard, PHONE } from '../support/browser';
import { sharedHerald } from '../support/herald';

/**
 * Issue 24, the Settings area in a real browser: keys rotated (the new secret works, the old one
 * is refused), a member invited by mail who signs up from the link and sees the project with
 * reduced rights, and a field error shown next to its field with what was typed kept.
 */
describe('dashboard settings (all)', () => {
  let t: Topology;
  let browser: Browser;
  let owner: Api;
  const tag = crypto.randomBytes(3).toString('hex');

  beforeAll(async () => {
    [t, browser] = await Promise.all([sharedHerald('all'), launchBrowser()]);
    owner = await t.owner();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  /** A project of the owner's own, so a journey never changes the keys other tests use. */
  async function newProject(name: string) {
    const res = await owner.post('/users/@me/projects', { name });
    expect(res.status).toBe(201);
    return res.body as { id: string; name: string; public: string; secret: string };
  }

  /** Opens one tab of Settings in the project named `name`. */
  async function openSettings(page: Page, name: string, tab: string) {
    await page.locator('#project-select').selectOption({ label: name });
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await openArea(page, 'Settings');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: tab, exact: true }).click();
  }

  it('rotates the keys: the new secret shown once works, the old one is refused at once', async () => {
    const project = await newProject(`Rotate ${tag}`);
    expect((await new Api(t.baseUrl, project.secret).get('/contacts')).status).toBe(200);
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { project: t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    await openSettings(page, project.name, 'API keys');
    // Only the key's ends are shown.
    const hint = await page.getByTestId('secret-key-hint').textContent();
    expect(hint).toMatch(/^sk_/);
    expect(hint).not.toBe(project.secret);

    await page.getByRole('button', { name: 'Rotate keys' }).click();
    await page.getByRole('dialog').getByText('stop working at once').waitFor();
    await page.getByRole('button', { name: 'Rotate both keys' }).click();
    const secret = await page.getByTestId('secret-key').textContent();
    expect(secret).toMatch(/^sk_[0-9a-f]{64}$/);
    expect(secret).not.toBe(project.secret);
    await page.getByText('The old keys no longer work').waitFor();

    expect((await new Api(t.baseUrl, secret!).get('/contacts')).status).toBe(200);
    expect((await new Api(t.baseUrl, project.secret).get('/contacts')).status).toBe(401);
    // Once saved, only the hints are shown again.
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByTestId('secret-key-hint').waitFor();
    expect(await page.getByTestId('secret-key').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('shows a field error next to the field, keeping what was typed; a valid name is saved and shown in the switcher', async () => {
    const project = await newProject(`General ${tag}`);
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { project: t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    await openSettings(page, project.name, 'General');
    const tooLong = 'x'.repeat(101);
    await page.getByLabel('Project name').fill(tooLong);
    await page.getByLabel('Language').fill('fr');
    await page.getByRole('button', { name: 'Save' }).click();
    const fieldError = page
      .locator('.field-invalid')
      .filter({ has: page.getByLabel('Project name') })
      .getByRole('alert');
    await fieldError.waitFor();
    expect(await fieldError.textContent()).toMatch(/100/);
    expect(await page.getByLabel('Project name').inputValue()).toBe(tooLong);
    expect(await page.getByLabel('Language').inputValue()).toBe('fr');
    expect((await owner.get('/users/@me/projects')).body.find((p: any) => p.id === project.id).name).toBe(project.name);

    const renamed = `Renamed ${tag}`;
    await page.getByLabel('Project name').fill(renamed);
    await page.getByLabel('Open and click tracking').selectOption('MARKETING_ONLY');
    // Transactional opens only mean something while tracking is enabled.
    const opens = page.getByLabel('Track opens of transactional mail too');
    expect(await opens.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    await page.locator('#project-select option', { hasText: renamed }).waitFor({ state: 'attached' });
    expect((await owner.get('/users/@me/projects')).body.find((p: any) => p.id === project.id)).toMatchObject({
      name: renamed,
      tracking: 'MARKETING_ONLY',
      language: 'fr',
    });

    // Off by default; turned on with tracking enabled again.
    await page.getByLabel('Open and click tracking').selectOption('ENABLED');
    expect(await opens.isChecked()).toBe(false);
    await opens.check();
    await page.getByRole('button', { name: 'Save' }).click();
    await eventually(async () => (await owner.get('/users/@me/projects')).body.find((p: any) => p.id === project.id).transactionalOpenTracking === true);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('invites a MEMBER by mail: they sign up from the link, see the project, but not the controls the API refuses them', async () => {
    const project = await newProject(`Team ${tag}`);
    const email = `member-${tag}@settings.test`;
    const own = await openDashboard(browser, t.baseUrl, { project: t.projectId });
    await logIn(own.page, OWNER.email, OWNER.password);
    await openSettings(own.page, project.name, 'Members');
    await own.page.getByLabel('Email').fill(email);
    await own.page.getByLabel('Role', { exact: true }).selectOption('MEMBER');
    await own.page.getByRole('button', { name: 'Invite' }).click();
    await own.page.getByText(`Invitation sent to ${email}`).waitFor();
    await own.page.getByRole('cell', { name: email, exact: true }).waitFor();

    // The invitation mail, caught by the dev mailbox, carries the dashboard's signup link.
    const mailbox = new Api(t.baseUrl, t.keys.secret);
    const raw = await eventually(async () => {
      const box = await mailbox.get('/dev/mailbox?limit=200');
      return box.body.messages.find((m: any) => m.to === email && m.subject.startsWith('You are invited to'))?.raw as string | undefined;
    }, 15_000);
    const text = (await simpleParser(raw)).text ?? '';
    const link = /\S+\/#\/signup\?\S+/.exec(text)?.[0];
    expect(link).toContain('invitation=');

    // A second browser, as the invitee.
    const inv = await openDashboard(browser, t.baseUrl);
    await inv.page.goto('/' + link!.slice(link!.indexOf('#')));
    await inv.page.getByRole('heading', { name: 'Join your team on Herald' }).waitFor();
    expect(await inv.page.getByLabel('Email').inputValue()).toBe(email);
    await inv.page.getByLabel('Password').fill('a-long-password-2');
    await inv.page.getByRole('button', { name: 'Sign up' }).click();
    await inv.page.getByRole('heading', { level: 1, name: project.name }).waitFor();

    await openArea(inv.page, 'Settings');
    await inv.page.getByText('you are member').waitFor();
    const tabs = inv.page.getByRole('navigation', { name: 'Settings' });
    await tabs.getByRole('link', { name: 'API keys' }).click();
    await inv.page.getByTestId('secret-key-hint').waitFor();
    expect(await inv.page.getByRole('button', { name: 'Rotate keys' }).count()).toBe(0);
    await tabs.getByRole('link', { name: 'Members' }).click();
    await inv.page.getByRole('cell', { name: OWNER.email }).waitFor();
    await inv.page.getByRole('cell', { name: /\(you\)/ }).waitFor();
    expect(await inv.page.getByRole('button', { name: 'Invite' }).count()).toBe(0);
    expect(await inv.page.getByRole('button', { name: /^Remove/ }).count()).toBe(0);
    await tabs.getByRole('link', { name: 'Danger zone' }).click();
    await inv.page.getByText('Only the project’s owner resets or deletes it.').waitFor();
    expect(await inv.page.getByRole('button', { name: 'Delete the project' }).count()).toBe(0);
    await tabs.getByRole('link', { name: 'General' }).click();
    expect(await inv.page.getByLabel('Project name').isDisabled()).toBe(true);

    // The API refuses the member what the page does not offer.
    const cookie = (await inv.context.cookies()).find((c) => c.httpOnly)!;
    const memberApi = new Api(t.baseUrl, undefined, { cookie: `${cookie.name}=${cookie.value}`, 'x-project-id': project.id });
    expect((await memberApi.post(`/users/@me/projects/${project.id}/regenerate-keys`)).status).toBe(403);
    expect((await memberApi.post(`/projects/${project.id}/members`, { email: `other-${tag}@settings.test` })).status).toBe(403);
    const members = (await owner.get(`/projects/${project.id}/members`, { 'x-project-id': project.id })).body;
    expect(members.find((m: any) => m.email === email)?.role).toBe('MEMBER');

    // The owner sees them joined (the invitation gone) and makes them an ADMIN.
    await own.page.reload();
    await own.page.getByRole('combobox', { name: `Role of ${email}` }).selectOption('ADMIN');
    await own.page.getByText(`${email} is now ADMIN`).waitFor();
    expect((await owner.get(`/projects/${project.id}/members`, { 'x-project-id': project.id })).body.find((m: any) => m.email === email)?.role).toBe('ADMIN');
    expect(await own.page.getByRole('button', { name: `Cancel the invitation of ${email}` }).count()).toBe(0);

    expect(own.errors).toEqual([]);
    expect(inv.errors).toEqual([]);
    await own.context.close();
    await inv.context.close();
  }, 90_000);
  it('resets then deletes a project, typing its name, following each operation to its end', async () => {
    const project = await newProject(`Doomed ${tag}`);
    const key = new Api(t.baseUrl, project.secret);
    expect((await key.post('/v1/track', { event: 'visited', email: `doomed-${tag}@settings.test` })).status).toBe(200);
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { project: t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    await openSettings(page, project.name, 'Danger zone');

    const reset = page.getByRole('form', { name: 'Reset the project’s data' });
    await reset.getByLabel(/to confirm/).fill('not the name');
    expect(await reset.getByRole('button', { name: 'Reset the data' }).isDisabled()).toBe(true);
    await reset.getByLabel(/to confirm/).fill(project.name);
    await reset.getByRole('button', { name: 'Reset the data' }).click();
    await page.getByRole('heading', { name: `Reset of ${project.name}: Completed` }).waitFor();
    expect((await key.get('/contacts')).body.data).toEqual([]);
    expect((await key.get('/contacts')).status).toBe(200);
    await page.getByRole('button', { name: 'Back to the overview' }).click();
    await page.getByRole('heading', { level: 1, name: project.name }).waitFor();

    await openArea(page, 'Settings');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Danger zone' }).click();
    const del = page.getByRole('form', { name: 'Delete the project' });
    await del.getByLabel(/to confirm/).fill(project.name);
    await del.getByRole('button', { name: 'Delete the project' }).click();
    // Once every service is done, the dashboard leaves the deleted project for the next one.
    await page.waitForURL((url) => url.hash === '#/');
    await page.locator('#project-select').waitFor();
    expect(await page.locator('#project-select option', { hasText: project.name }).count()).toBe(0);
    expect((await key.get('/contacts')).status).toBe(401);
    expect((await owner.get('/users/@me/projects')).body.map((p: any) => p.id)).not.toContain(project.id);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('billing and security at phone width: usage bars, a limit refused next to its field then saved', async () => {
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { viewport: PHONE, project: t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Settings');
    const tabs = page.getByRole('navigation', { name: 'Settings' });
    await tabs.getByRole('link', { name: 'Billing' }).click();
    await page.getByRole('heading', { name: 'Usage this period' }).waitFor();
    const field = page.getByLabel('Campaigns per period');
    await field.fill('lots');
    await page.getByRole('button', { name: 'Save limits' }).click();
    const fieldError = page.locator('.field-invalid').filter({ has: field }).getByRole('alert');
    await fieldError.waitFor();
    expect(await field.inputValue()).toBe('lots');
    await field.fill('50000');
    await page.getByRole('button', { name: 'Save limits' }).click();
    await page.getByText('Limits saved').waitFor();
    await page.getByRole('progressbar', { name: 'Campaigns usage' }).waitFor();
    expect((await owner.get(`/users/@me/projects/${t.projectId}/billing-limits`, { 'x-project-id': t.projectId })).body.campaigns.limit).toBe(50_000);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);

    for (const tab of ['Security', 'Members', 'API keys', 'Danger zone', 'General']) {
      await tabs.getByRole('link', { name: tab, exact: true }).click();
      await page.locator(`.settings-tabs a.active`, { hasText: tab }).waitFor();
      await page.locator('main .card h2').first().waitFor();
      if (tab === 'Security') await page.getByRole('heading', { name: 'Last 7 days' }).waitFor();
      // Nothing wider than the screen, on any tab.
      const width = await page.evaluate<number>('document.documentElement.scrollWidth');
      expect({ tab, tooWide: width > PHONE.width }).toEqual({ tab, tooWide: false });
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
