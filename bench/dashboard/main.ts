/**
 * bench/dashboard: what the dashboard costs its users.
 *
 * 1. The production bundle (dist/dashboard, as `npm run build` left it): JS and CSS, raw and
 *    gzipped (node:zlib, level 9), the entry (what index.html loads before the first page: its
 *    script, modulepreloads and stylesheets) apart from the areas' chunks, loaded when first opened.
 * 2. Time to interactive of the contacts page: Herald all-in-one from the build (libs/testing
 *    Topology), BENCH_CONTACTS contacts (default 10,000) seeded by SQL, the system's Chromium
 *    (the e2e launcher's arguments), logged in once; then BENCH_RUNS (default 10) fresh page loads
 *    of `/#/contacts`, cold (a new browser context each: empty cache, the session's cookie only)
 *    and warm (one context whose cache a first load filled). Measured inside the page with the
 *    Performance API, from navigation start: the table's first rows in the DOM, and a click on the
 *    search box handled (its focus event ran), i.e. the page answering input once it shows data.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { newId } from '../../libs/kit/src';
import { OWNER, Topology } from '../../libs/testing/src';
import { registry } from '../../services/all/src/registry';
import { f1, log, machineLine, num, pct, requireInfra, run, running, table } from '../lib';

const CONTACTS = num('BENCH_CONTACTS', 10_000);
const RUNS = num('BENCH_RUNS', 10);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** As e2e/support/browser.ts (not part of the build, so repeated here). */
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
const DIST = path.resolve(__dirname, '../../dashboard');

// ---------------------------------------------------------------- 1. bundle

interface Asset {
  file: string;
  raw: number;
  gzip: number;
}
const kb = (n: number) => `${f1(n / 1024)} KB`;

function bundle() {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  // What the first page load fetches: <script src>, <link rel=modulepreload|stylesheet href>.
  const entry = new Set([...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]));
  const assets: Asset[] = fs
    .readdirSync(path.join(DIST, 'assets'))
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => {
      const buf = fs.readFileSync(path.join(DIST, 'assets', f));
      return { file: `assets/${f}`, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
    })
    .sort((a, b) => b.raw - a.raw);
  const sum = (xs: Asset[]) => ({ raw: xs.reduce((n, a) => n + a.raw, 0), gzip: xs.reduce((n, a) => n + a.gzip, 0) });
  const js = assets.filter((a) => a.file.endsWith('.js'));
  const css = assets.filter((a) => a.file.endsWith('.css'));
  const first = assets.filter((a) => entry.has(a.file));
  const lazy = assets.filter((a) => !entry.has(a.file));
  console.log('\n1. production bundle (dist/dashboard)');
  table([
    ['', 'files', 'raw', 'gzip'],
    ['JS total', String(js.length), kb(sum(js).raw), kb(sum(js).gzip)],
    ['CSS total', String(css.length), kb(sum(css).raw), kb(sum(css).gzip)],
    ['entry (first page load)', String(first.length), kb(sum(first).raw), kb(sum(first).gzip)],
    ['lazy area chunks', String(lazy.length), kb(sum(lazy).raw), kb(sum(lazy).gzip)],
  ]);
  console.log('\n  files:');
  table([['file', 'loaded', 'raw', 'gzip'], ...assets.map((a) => [a.file, entry.has(a.file) ? 'entry' : 'lazy', kb(a.raw), kb(a.gzip)])], '    ');
}

// ---------------------------------------------------------------- 2. time to interactive

/** Runs in every page before its scripts: notes when the contacts table first has rows and when the search box gets focus. */
const PROBE = `(() => {
  const mark = () => {
    if (!window.__rowsAt && document.querySelector('main table tbody tr')) window.__rowsAt = performance.now();
  };
  new MutationObserver(mark).observe(document, { childList: true, subtree: true });
  document.addEventListener('focusin', (e) => {
    if (!window.__clickAt && e.target && e.target.matches && e.target.matches('input[type=search]')) window.__clickAt = performance.now();
  }, true);
})();`;

async function seed(t: Topology, n: number) {
  for (let start = 0; start < n; start += 10_000) {
    const k = Math.min(10_000, n - start);
    await t.sql(
      `INSERT INTO contacts.contacts (project_id, id, email, subscribed, data)
       SELECT $1, id, email, true, data FROM unnest($2::uuid[], $3::text[], $4::jsonb[]) AS x(id, email, data)`,
      [
        t.projectId,
        Array.from({ length: k }, () => newId()),
        Array.from({ length: k }, (_, j) => `c${start + j}@bench.example`),
        Array.from({ length: k }, (_, j) => JSON.stringify({ plan: (start + j) % 3 ? 'free' : 'pro', n: start + j })),
      ],
    );
  }
  await t.sql('ANALYZE contacts.contacts');
}

interface Load {
  rows: number;
  interactive: number;
  nav: number;
}

async function tti(browser: Browser, baseUrl: string) {
  // Log in once, through the form; every measured load reuses that session (cookie + last project).
  const login = await browser.newContext({ baseURL: baseUrl });
  const lp = await login.newPage();
  await lp.goto('/#/login');
  await lp.getByLabel('Email').fill(OWNER.email);
  await lp.getByLabel('Password').fill(OWNER.password);
  await lp.getByRole('button', { name: 'Log in', exact: true }).click();
  await lp.locator('main#main').waitFor();
  const state = await login.storageState();
  await login.close();

  const measure = async (ctx: Awaited<ReturnType<Browser['newContext']>>): Promise<Load> => {
    const page = await ctx.newPage();
    await page.goto('/#/contacts', { waitUntil: 'commit' });
    await page.waitForFunction(() => (globalThis as any).__rowsAt, undefined, { timeout: 30_000 });
    await page.getByRole('searchbox').click();
    await page.waitForFunction(() => (globalThis as any).__clickAt, undefined, { timeout: 30_000 });
    // A function, not a string: the dashboard's CSP (script-src 'self') refuses eval.
    const r = await page.evaluate((): Load => {
      const g = globalThis as any;
      return { rows: g.__rowsAt, interactive: g.__clickAt, nav: g.performance.getEntriesByType('navigation')[0].duration };
    });
    await page.close();
    return r;
  };
  const newCtx = async () => {
    const ctx = await browser.newContext({ baseURL: baseUrl, storageState: state, viewport: { width: 1280, height: 800 } });
    await ctx.addInitScript(PROBE);
    return ctx;
  };

  const cold: Load[] = [];
  for (let i = 0; i < RUNS; i++) {
    const ctx = await newCtx();
    cold.push(await measure(ctx));
    await ctx.close();
  }
  const warmCtx = await newCtx();
  await measure(warmCtx); // fills the cache
  const warm: Load[] = [];
  for (let i = 0; i < RUNS; i++) warm.push(await measure(warmCtx));
  await warmCtx.close();
  return { cold, warm };
}

async function main() {
  console.log(machineLine());
  bundle();

  await requireInfra();
  log('starting Herald all-in-one ...');
  const t = await Topology.start('all', { registry, env: { LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000' } });
  running.add(t);
  let browser: Browser | undefined;
  try {
    log(`seeding ${CONTACTS} contacts`);
    await seed(t, CONTACTS);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    log(`${RUNS} cold and ${RUNS} warm loads of /#/contacts`);
    const { cold, warm } = await tti(browser, t.baseUrl);
    const row = (label: string, xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return [label, `${f1(pct(s, 50))} ms`, `${f1(pct(s, 95))} ms`, `${f1(s[0])} ms`, `${f1(s[s.length - 1])} ms`];
    };
    console.log(
      `\n2. contacts page, ${CONTACTS.toLocaleString('en')} contacts, ${RUNS} loads each, from navigation start (Chromium headless, all-in-one from dist/)`,
    );
    table([
      ['', 'p50', 'p95', 'min', 'max'],
      row(
        'cold: first rows shown',
        cold.map((l) => l.rows),
      ),
      row(
        'cold: click on search handled',
        cold.map((l) => l.interactive),
      ),
      row(
        'cold: navigation (document)',
        cold.map((l) => l.nav),
      ),
      row(
        'warm: first rows shown',
        warm.map((l) => l.rows),
      ),
      row(
        'warm: click on search handled',
        warm.map((l) => l.interactive),
      ),
      row(
        'warm: navigation (document)',
        warm.map((l) => l.nav),
      ),
    ]);
    console.log('  ("click handled" includes the driver issuing the click after it saw the rows: a few ms.)');
  } finally {
    await browser?.close();
    await t.stop();
    running.delete(t);
  }
}

run(main);
