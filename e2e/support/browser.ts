import fs from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * The system's Chromium (Debian's package, which `.ci/run` installs when missing), driven by
 * playwright-core: the dashboard's browser journeys run in a real browser against a real Herald.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

export const LAPTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

/**
 * A fresh browser profile (its own cookies and storage) at Herald's dashboard. Console errors and
 * uncaught page errors are collected, so a journey can assert there were none.
 */
export async function openDashboard(
  browser: Browser,
  baseUrl: string,
  opts: { viewport?: { width: number; height: number }; project?: string } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  // Reduced motion, as a user may ask for: no spinner animating in software on the test machine's cores.
  const context = await browser.newContext({ viewport: opts.viewport ?? LAPTOP, baseURL: baseUrl, reducedMotion: 'reduce' });
  context.setDefaultTimeout(20_000);
  // `project`: the one the dashboard opens first (the test file's own, on a shared Herald), as a
  // browser that last used it would; a switch the journey makes afterwards is kept.
  if (opts.project) {
    await context.addInitScript((id) => {
      // Every frame runs it: a sandboxed one (an email preview) has no storage to read, and is left alone.
      if ((globalThis as unknown as { top: unknown }).top !== globalThis) return;
      const storage = (globalThis as unknown as { localStorage: { getItem(k: string): string | null; setItem(k: string, v: string): void } }).localStorage;
      if (!storage.getItem('herald.project')) storage.setItem('herald.project', id);
    }, opts.project);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // A failed request is the API saying no (a 4xx the page shows): the journeys assert what is shown instead.
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  await page.goto('/');
  return { context, page, errors };
}

/** Logs in through the login form and waits for the app to show the project. */
export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/#/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.locator('main#main').waitFor();
}

/** Opens one area of the dashboard from the navigation, as a user would. */
export async function openArea(page: Page, label: string) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  if (!(await nav.isVisible())) await page.getByRole('button', { name: 'Menu' }).click();
  await nav.getByRole('link', { name: label, exact: true }).click();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}
