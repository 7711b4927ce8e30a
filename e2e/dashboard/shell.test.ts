import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { Browser } from 'playwright-core';
import { Api, eventually, freePort, OWNER, Topology, TopologyKind } from '../../libs/testing/src';
import { launchBrowser, logIn, openArea, openDashboard, PHONE } from '../support/browser';
import { sharedHerald, startHerald } from '../support/herald';

/**
 * Issue 24 items 1–3: the dashboard served at `/` by Herald itself (both topologies), the journey
 * of a new user (sign up, first project, keys shown once), contacts (search, pages, detail, edit),
 * API errors shown next to the field they name with what was typed kept, and the phone layout.
 */
describe.each<TopologyKind>(['all'])('dashboard shell (%s)', (kind) => {
  let t: Topology;
  let browser: Browser;
  beforeAll(async () => {
    [t, browser] = await Promise.all([sharedHerald(kind), launchBrowser()]);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('serves the built dashboard at /: index never cached, hashed assets cached for good, a strict CSP', async () => {
    const index = await fetch(`${t.baseUrl}/`);
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/text\/html/);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await index.text();
    const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${t.baseUrl}/${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    // The API is untouched: the same paths still answer JSON, and a missing asset is a 404, not the page.
    expect((await fetch(`${t.baseUrl}/contacts`)).status).toBe(401);
    expect((await fetch(`${t.baseUrl}/assets/nope.js`)).status).toBe(404);
  });

  it('a new user signs up, creates a first project and is shown its keys once', async () => {
    const { page, context, errors } = await openDashboard(browser, t.baseUrl);
    const email = `new-${crypto.randomBytes(4).toString('hex')}@dash.test`;
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Sign up' }).click();
    // The API's message shows next to the password; what was typed stays.
    await expect(page.locator('.field-invalid').getByRole('alert').textContent()).resolves.toMatch(/8/);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);

    await page.getByLabel('Password').fill('a-long-password-1');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('heading', { name: 'Create your first project' }).waitFor();
    await page.getByLabel('Project name').fill('Acme');
    await page.getByRole('button', { name: 'Create project' }).click();
    const secret = await page.getByTestId('secret-key').textContent();
    expect(secret).toMatch(/^sk_[0-9a-f]{64}$/);
    await page.getByRole('button', { name: /open the project/ }).click();
    await page.getByRole('heading', { name: 'Acme' }).waitFor();
    // The key shown is the project's real key.
    const res = await new Api(t.baseUrl, secret!).get('/contacts');
    expect(res.status).toBe(200);
    // No secret in the browser's storage: only which project was last open.
    const stored = await page.evaluate(() => JSON.stringify({ ...(globalThis as any).localStorage, ...(globalThis as any).sessionStorage }));
    expect(stored).not.toContain(secret!.slice(3));
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name !== '')?.httpOnly).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('contacts: search, cursor pages, a contact with its data and timeline, edits with field errors', async () => {
    const api = new Api(t.baseUrl, t.keys.secret);
    const tag = crypto.randomBytes(3).toString('hex');
    for (let i = 0; i < 30; i++) {
      const res = await api.post('/v1/track', {
        event: 'visited',
        email: `p${String(i).padStart(2, '0')}-${tag}@list.test`,
        data: { plan: i % 2 ? 'pro' : 'free' },
      });
      expect(res.status).toBe(200);
    }
    // One more that the search leaves out, so that "30 contacts" proves the search applied.
    expect((await api.post('/v1/track', { event: 'visited', email: `other-${crypto.randomBytes(3).toString('hex')}@list.test` })).status).toBe(200);
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { project: t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Contacts');
    await page.getByRole('searchbox', { name: 'Search by email' }).fill(tag);
    await page.getByText('30 contacts', { exact: true }).waitFor();
    const rows = page.locator('tbody tr');
    await expect(rows.count()).resolves.toBe(25);
    await page.getByRole('button', { name: 'Next →' }).click();
    await page.waitForFunction(() => (globalThis as any).document.querySelectorAll('tbody tr').length === 5);
    // The count stays while a later page is shown (the API counts on the first page only).
    await page.getByText('30 contacts', { exact: true }).waitFor();
    await page.getByRole('button', { name: '← Previous' }).click();
    await page.waitForFunction(() => (globalThis as any).document.querySelectorAll('tbody tr').length === 25);

    await page.getByRole('searchbox', { name: 'Search by email' }).fill(`p01-${tag}`);
    await page.getByText('1 contact', { exact: true }).waitFor();
    await page.getByRole('link', { name: `p01-${tag}@list.test` }).click();
    await page.getByRole('heading', { name: `p01-${tag}@list.test` }).waitFor();
    await page.locator('.timeline').getByText('visited').waitFor();
    await page.locator('.data-list').getByText('pro').waitFor();

    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.locator('.field-invalid').getByRole('alert').waitFor();
    expect(await dialog.getByLabel('Email').inputValue()).toBe('not-an-email');
    await dialog.getByLabel('Email').fill(`renamed-${tag}@list.test`);
    await dialog.getByLabel('Data (JSON)').fill('{"plan":"enterprise"}');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: `renamed-${tag}@list.test` }).waitFor();
    const stored = await api.get(`/contacts?search=renamed-${tag}`);
    expect(stored.body.data[0]).toMatchObject({ email: `renamed-${tag}@list.test`, data: { plan: 'enterprise' } });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a forgotten password: the link from the mail opens the reset page, a short password is refused there, the new one logs in', async () => {
    const email = `forgot-${crypto.randomBytes(4).toString('hex')}@dash.test`;
    expect((await new Api(t.baseUrl).post('/auth/signup', { email, password: 'the-old-password-1' })).status).toBe(201);
    const { page, context, errors } = await openDashboard(browser, t.baseUrl);
    await page.goto('/#/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    const mailbox = new Api(t.baseUrl, t.keys.secret);
    const link = await eventually(async () => {
      const box = await mailbox.get('/dev/mailbox?limit=200');
      const mail = box.body.messages.find((m: { to: string; subject: string }) => m.to === email && m.subject === 'Reset your password');
      const url = mail && /https?:\/\/\S+/.exec((await simpleParser(mail.raw)).text ?? '')?.[0];
      if (!url) throw new Error('no reset mail yet');
      return url;
    });
    expect(link.startsWith(`${t.baseUrl}/#/reset-password?token=`)).toBe(true);
    await page.goto(link);
    await page.getByLabel('New password').fill('short');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.locator('.field-invalid').getByRole('alert').textContent()).resolves.toMatch(/8/);
    await page.getByLabel('New password').fill('the-new-password-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();

    expect((await new Api(t.baseUrl).post('/auth/login', { email, password: 'the-old-password-1' })).status).toBe(401);
    // A user without a project is asked to create one once logged in.
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('the-new-password-2');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('heading', { name: 'Create your first project' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works at phone width: the navigation folds behind a Menu button', async () => {
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { viewport: PHONE, project: t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.isVisible()).toBe(false);
    await openArea(page, 'Contacts');
    expect(await page.getByRole('heading', { name: 'Contacts' }).isVisible()).toBe(true);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/**
 * Issue 24 item 1, hosted apart: a dashboard built for Herald's API (HERALD_API_URL) and served by
 * another origin (DASHBOARD_URL) logs in and works across origins (CORS with credentials), and the
 * links in account mail lead to its pages.
 */
describe('dashboard hosted apart (all)', () => {
  let t: Topology;
  let browser: Browser;
  let host: http.Server;
  let dashboardUrl: string;
  const built = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-dashboard-'));

  beforeAll(async () => {
    const port = await freePort();
    dashboardUrl = `http://127.0.0.1:${port}`;
    [t, browser] = await Promise.all([startHerald('all', { env: { DASHBOARD_URL: dashboardUrl } }), launchBrowser()]);
    const root = path.resolve(__dirname, '../..');
    execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', built, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: path.join(root, 'dashboard'),
      env: { ...process.env, HERALD_API_URL: t.baseUrl },
    });
    // Any static file server will do: this one knows two types.
    host = http.createServer((req, res) => {
      const file = path.join(built, new URL(req.url!, dashboardUrl).pathname.replace(/\/$/, '/index.html'));
      if (!file.startsWith(built) || !fs.existsSync(file)) return res.writeHead(404).end();
      res
        .writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html' })
        .end(fs.readFileSync(file));
    });
    await new Promise<void>((r) => host.listen(port, '127.0.0.1', r));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
    host?.close();
    fs.rmSync(built, { recursive: true, force: true });
  });

  it('answers the dashboard origin’s preflight with credentials allowed, and no other origin', async () => {
    const preflight = (origin: string) =>
      fetch(`${t.baseUrl}/contacts`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-project-id' },
      });
    const ok = await preflight(dashboardUrl);
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe(dashboardUrl);
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true');
    expect(ok.headers.get('access-control-allow-headers')).toMatch(/X-Project-Id/i);
    const other = await preflight('http://evil.test');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('logs in from the other origin, and the verification link of a new account opens its page there', async () => {
    const { page, context, errors } = await openDashboard(browser, dashboardUrl);
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Contacts');
    await page.getByRole('heading', { name: 'Contacts' }).waitFor();

    const email = `apart-${crypto.randomBytes(4).toString('hex')}@dash.test`;
    const signup = await new Api(t.baseUrl).post('/auth/signup', { email, password: 'a-long-password-1' });
    expect(signup.status).toBe(201);
    const mailbox = new Api(t.baseUrl, t.keys.secret);
    const link = await eventually(async () => {
      const box = await mailbox.get('/dev/mailbox?limit=200');
      const mail = box.body.messages.find((m: { to: string; subject: string }) => m.to === email && m.subject.startsWith('Verify'));
      const url = mail && /https?:\/\/\S+/.exec((await simpleParser(mail.raw)).text ?? '')?.[0];
      if (!url) throw new Error('no verification mail yet');
      return url;
    });
    expect(link.startsWith(`${dashboardUrl}/#/verify-email?token=`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Email verified' }).waitFor();
    const me = await new Api(t.baseUrl).post('/auth/login', { email, password: 'a-long-password-1' });
    expect(me.status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });
});
