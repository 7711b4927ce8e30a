import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { Api, eventually, OWNER, Topology } from '../../libs/testing/src';
import { launchBrowser, logIn, openArea, openDashboard } from '../support/browser';
import { sharedHerald } from '../support/herald';

/**
 * Issue 38 point 6, the developer's corners in a real browser: the dev mailbox page (a mail sent
 * through /v1/send listed, rendered in a sandboxed frame and as its raw source; the API's URL
 * opened in a tab lands there), the keys and quick-start snippets (the copied curl command works),
 * a project created and its keys dialog closed with Escape, the verification banner saying what was
 * sent, page titles and the sidebar reaching the page's bottom.
 */
describe('dashboard developer corners (all)', () => {
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

  const clipboard = (page: Page) => page.evaluate(() => (globalThis as any).navigator.clipboard.readText() as Promise<string>);
  const title = (page: Page) => page.evaluate(() => (globalThis as any).document.title as string);

  it('the dev mailbox page lists a mail sent through /v1/send, shows it rendered and as its raw source', async () => {
    const subject = `Dev mailbox ${tag} — ünïcode`;
    const to = `reader-${tag}@devmail.test`;
    const api = new Api(t.baseUrl, t.keys.secret);
    const sent = await api.post('/v1/send', { to, from: 'hello@example.com', subject, body: `<h1>Hello ${tag}</h1><p>Rendered <strong>here</strong>.</p>` });
    expect(sent.status).toBe(200);
    const emailId = sent.body.data.emails[0].email as string;
    await eventually(async () => (await api.get('/dev/mailbox?limit=200')).body.messages.some((m: any) => m.emailId === emailId), 15_000);

    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { project: t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Dev mailbox');
    await page.getByRole('heading', { level: 1, name: 'Dev mailbox' }).waitFor();
    expect(await title(page)).toBe('Dev mailbox · Herald');
    const row = page.getByRole('row').filter({ hasText: to });
    await row.getByRole('link', { name: subject }).click();

    await page.getByRole('heading', { level: 1, name: subject }).waitFor();
    const frame = page.frameLocator('iframe[title="Rendered message"]');
    await frame.getByRole('heading', { name: `Hello ${tag}` }).waitFor();
    // Sandboxed as the template preview is: no scripts, no same origin.
    expect(await page.locator('iframe[title="Rendered message"]').getAttribute('sandbox')).toBe('');
    await page.getByRole('button', { name: 'Text' }).click();
    expect(await page.locator('pre.dev-mailbox-source').textContent()).toContain(`Hello ${tag}`);
    await page.getByRole('button', { name: 'Raw source' }).click();
    const raw = (await page.getByLabel('Raw source').textContent()) ?? '';
    expect(raw).toMatch(/^[\s\S]*Subject: /m);
    expect(raw).toContain(`To: ${to}`);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('/dev/mailbox opened in a browser tab lands on the dashboard page; API clients still get JSON', async () => {
    const { page, context } = await openDashboard(browser, t.baseUrl, { project: t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    await page.goto(`${t.baseUrl}/dev/mailbox`);
    await page.getByRole('heading', { level: 1, name: 'Dev mailbox' }).waitFor();
    expect(new URL(page.url()).hash).toBe('#/dev-mailbox');
    await context.close();
    const api = await fetch(`${t.baseUrl}/dev/mailbox?limit=1`, { headers: { authorization: `Bearer ${t.keys.secret}` } });
    expect(api.status).toBe(200);
    expect(await api.json()).toEqual({ messages: expect.any(Array) });
  }, 60_000);

  it('the overview shows the public key, and the copied curl snippet is a request that works', async () => {
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { project: t.projectId });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await logIn(page, OWNER.email, OWNER.password);
    await page.getByRole('heading', { name: 'Keys and quick start' }).waitFor();
    expect(await title(page)).toBe('Overview · Herald');
    // The public key in full, the same the API lists.
    expect(await page.getByTestId('project-public-key').textContent()).toBe(t.keys.public);
    await page.getByRole('button', { name: 'Copy the public key' }).click();
    expect(await clipboard(page)).toBe(t.keys.public);

    await page.getByRole('button', { name: 'Copy the curl command' }).click();
    const curl = await clipboard(page);
    expect(curl).toBe(await page.getByTestId('snippet-curl').textContent());
    // Run what was copied, with the secret key the snippet asks for in its environment variable.
    const url = /curl -X POST (\S+)/.exec(curl)![1];
    const headers = Object.fromEntries([...curl.matchAll(/-H "([^:]+): ([^"]+)"/g)].map(([, k, v]) => [k, v.replace('$HERALD_SECRET_KEY', t.keys.secret)]));
    const body = /-d '([^']+)'/.exec(curl)![1];
    const res = await fetch(url, { method: 'POST', headers, body });
    expect(res.status).toBe(200);
    const sent = (await res.json()) as { success: boolean; data: { emails: Array<{ email: string }> } };
    expect(sent.success).toBe(true);
    const mailbox = new Api(t.baseUrl, t.keys.secret);
    await eventually(async () => (await mailbox.get('/dev/mailbox?limit=200')).body.messages.some((m: any) => m.emailId === sent.data.emails[0].email), 15_000);

    await page.getByRole('button', { name: 'Copy the Node.js code' }).click();
    const node = await clipboard(page);
    expect(node).toContain(`new Plunk(process.env.HERALD_SECRET_KEY, { baseUrl: '${t.baseUrl}/v1/' })`);
    const docs = await page.getByRole('link', { name: 'The API reference' }).getAttribute('href');
    expect(docs).toBe(`${t.baseUrl}/docs`);
    expect((await fetch(docs!)).status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('a project created and its keys dialog closed with Escape is in the switcher at once, and shown', async () => {
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { project: t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    const name = `Escaped ${tag}`;
    await page.getByRole('button', { name: '+ New project' }).click();
    await page.getByLabel('Project name').fill(name);
    await page.getByRole('button', { name: 'Create project' }).click();
    const secret = await page.getByTestId('secret-key').textContent();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const selected = await page.locator('#project-select').evaluate((s: any) => s.options[s.selectedIndex].textContent as string);
    expect(selected).toBe(name);
    // The list holds the hint, not the secret shown once.
    expect(await page.locator('#project-select option', { hasText: name }).count()).toBe(1);
    await openArea(page, 'Settings');
    await page.getByRole('link', { name: 'API keys' }).click();
    expect(await page.getByTestId('secret-key-hint').textContent()).not.toBe(secret);
    expect(await title(page)).toBe('Settings · Herald');
    expect((await owner.get('/users/@me/projects')).body.some((p: any) => p.name === name)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('the first-run owner is told no verification email was sent, and where the one they ask for is', async () => {
    expect((await owner.get('/users/@me')).body.verificationSentAt).toBeNull();
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { project: t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    const banner = page.locator('.banner-warn').filter({ hasText: 'not verified' });
    await banner.getByText(`No verification email has been sent to ${OWNER.email}.`).waitFor();
    expect(await banner.textContent()).not.toMatch(/link (we|in the)/);
    await banner.getByRole('button', { name: 'Send a verification email' }).click();
    await banner.getByText(`A verification email was just sent to ${OWNER.email}.`).waitFor();
    // No SMTP here: the banner says the mail is in the dev mailbox, and it is.
    await banner.getByRole('link', { name: 'dev mailbox' }).click();
    await page
      .getByRole('row')
      .filter({ hasText: OWNER.email })
      .filter({ hasText: /Verify/ })
      .first()
      .waitFor();
    await page.reload();
    await page.goto('/#/');
    await banner.getByText(new RegExp(`Open the link in the verification email sent to ${OWNER.email.replace('.', '\\.')} on `)).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('every page has its own title, and the sidebar reaches the bottom of a long page', async () => {
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { project: t.projectId, viewport: { width: 1280, height: 420 } });
    await page.getByRole('button', { name: 'Log in', exact: true }).waitFor();
    await eventually(async () => (await title(page)) === 'Log in · Herald', 5_000);
    await logIn(page, OWNER.email, OWNER.password);
    for (const area of ['Contacts', 'Templates', 'Analytics', 'Domains']) {
      await openArea(page, area);
      expect(await title(page)).toBe(`${area} · Herald`);
    }
    await page.goto('/#/nowhere');
    await page.getByText('There is no page here.').waitFor();
    expect(await title(page)).toBe('Not found · Herald');

    // The overview is taller than this window: in a picture of the whole page, the sidebar's column
    // has the sidebar's colour down to the bottom (the sidebar itself is one window tall, sticky).
    await page.goto('/#/');
    await page.getByRole('heading', { name: 'Keys and quick start' }).waitFor();
    const height = await page.evaluate(() => (globalThis as any).document.documentElement.scrollHeight as number);
    expect(height).toBeGreaterThan(420 * 1.5);
    const pixel = (x: number, y: number) => page.screenshot({ fullPage: true, clip: { x, y, width: 1, height: 1 } });
    const sidebarTop = await pixel(200, 10);
    expect((await pixel(200, height - 3)).equals(sidebarTop)).toBe(true);
    // The page's own background is another colour: the comparison can tell them apart.
    expect((await pixel(1270, height - 3)).equals(sidebarTop)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
