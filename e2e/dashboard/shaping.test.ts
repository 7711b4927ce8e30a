import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { eventually, OWNER, SmtpSink } from '../../libs/testing/src';
import { launchBrowser, logIn, openArea, openDashboard, PHONE } from '../support/browser';
import { useSendingStack, verifyDomain } from '../support/sending';

/**
 * The domain page's traffic shaping: Herald delivers to each recipient domain's MX itself
 * (SMTP_URL=mx://), two SMTP sinks on loopback addresses act as Google and another provider (their
 * MX and addresses on the test DNS server), and Google answers Gmail's 421 4.7.28 once. The page
 * shows that Google is slowed, in words, with the reply, and the other provider at its normal pace.
 * Its own stack: templates-domains.test.ts delivers through one SMTP server.
 */
const PORT = 20_000 + crypto.randomInt(20_000);
const NET = `127.${crypto.randomInt(100, 250)}.${crypto.randomInt(1, 250)}`;
const GMAIL_428 = '4.7.28 Our system has detected an unusual rate of unsolicited mail originating from your IP address.';

describe('dashboard traffic shaping (all)', () => {
  // DELIVERABILITY_TIME_SCALE left at 1: the throttle holds its 90 minutes, past the end of the test.
  const s = useSendingStack('all', { smtp: false, env: { SMTP_URL: `mx://?port=${PORT}`, WARMUP_NEW_DOMAINS: 'false' } });
  const sinks: Record<'google' | 'other', SmtpSink> = {} as never;
  const tag = crypto.randomBytes(3).toString('hex');
  const domains = { google: `gw-${tag}.example`, other: `ot-${tag}.example` };
  let browser: Browser;
  let n = 0;

  const send = async (to: string) => {
    const r = await s.api.post('/v1/send', { from: s.from, to, subject: 'Your receipt', body: '<p>Thank you for your order.</p>' });
    if (r.status !== 200) throw new Error(`send → ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.data.emails[0].email as string;
  };
  const sendTo = (provider: keyof typeof domains, count: number) => Promise.all(Array.from({ length: count }, () => send(`r${++n}@${domains[provider]}`)));
  const lane = async (provider: string) =>
    ((await s.api.get('/deliverability')).body.providers as any[]).find((p) => p.domain === s.domain && p.provider === provider);
  const overflows = (page: Page) =>
    page.evaluate(() => {
      const w = globalThis as any; // runs in the page (this file is compiled without the DOM's types)
      return w.document.documentElement.scrollWidth > w.innerWidth;
    });

  beforeAll(async () => {
    const hosts = { google: 'alt1.aspmx.l.google.com', other: `mx.${domains.other}` };
    for (const [i, provider] of (['google', 'other'] as const).entries()) {
      sinks[provider] = await SmtpSink.start({ host: `${NET}.${i + 1}`, port: PORT });
      s.dns.set(domains[provider], 'MX', [{ exchange: hosts[provider], priority: 10 }]);
      s.dns.set(hosts[provider], 'A', [`${NET}.${i + 1}`]);
    }
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await Promise.all(Object.values(sinks).map((k) => k?.close()));
  });

  it("shows Google slowed by Gmail's 4.7.28 with the reply, the other provider at its pace, and a quiet domain with nothing sent", async () => {
    let refused = 0;
    sinks.google.answer = () => (refused++ < 1 ? { code: 421, message: GMAIL_428 } : undefined);
    const other = await sendTo('other', 3);
    await sendTo('google', 3);
    await eventually(async () => other.every((id) => sinks.other.byEmailId(id).length > 0) && (await lane('google'))?.state === 'throttled', 15_000);
    const throttled = await lane('google');
    expect(throttled).toMatchObject({ reason: 'gmail-rate-limit', ratePerMinute: 1, until: expect.any(String) });
    const quiet = `quiet-${tag}.herald-test.example`;
    await verifyDomain(s.api, s.dns, quiet);

    const { page, context, errors } = await openDashboard(browser, s.t.baseUrl);
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Domains');
    const card = page.getByRole('region', { name: s.domain });
    // The summary names what is held back before it is opened.
    await card.locator('summary', { hasText: 'Traffic shaping — Google slowed' }).click();
    const table = card.getByRole('table', { name: `Traffic shaping of ${s.domain}` });
    const google = table.locator('tr[data-provider="google"]');
    expect(await google.getAttribute('data-state')).toBe('throttled');
    expect(await google.locator('td[data-label="Provider"]').textContent()).toBe('Google');
    // The time the throttle lifts, as this browser's clock shows it (a date before it if not today).
    const clock = await page.evaluate((iso) => new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date(iso)), throttled.until as string);
    const state = await google.locator('.shaping-state').textContent();
    expect(state).toMatch(/^Slowed to 1 a minute until .+ — Gmail rate limit$/);
    expect(state).toContain(clock);
    expect(await google.getByRole('blockquote').textContent()).toContain(GMAIL_428);
    expect(await google.locator('td[data-label="Connections"]').textContent()).toBe('5 connections × 50 messages each');
    expect(await google.locator('td[data-label="Window"]').textContent()).toBe('One at a time while slowed');

    const rest = table.locator('tr[data-provider="other"]');
    expect(await rest.locator('td[data-label="Provider"]').textContent()).toBe('Other providers');
    expect(await rest.locator('td[data-label="State"]').textContent()).toBe('Normal pace');
    expect(await rest.getByRole('blockquote').count()).toBe(0);
    expect(await rest.locator('td[data-label="Window"]').textContent()).toMatch(/^\d+ of 10 connections in use$/);
    expect(await card.getByText(/Mail over the pace waits in the queue; nothing is dropped/).count()).toBe(1);
    expect(await table.locator('tbody tr').count()).toBe(2);

    const empty = page.getByRole('region', { name: quiet });
    await empty.locator('summary', { hasText: 'Traffic shaping — nothing sent yet' }).click();
    await empty.getByText('Nothing sent from this domain yet.').waitFor();
    expect(await empty.getByRole('table', { name: `Traffic shaping of ${quiet}` }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  // The throttle of the test before holds its 90 minutes.
  it('fits a phone, the long reply included', async () => {
    const { page, context, errors } = await openDashboard(browser, s.t.baseUrl, { viewport: PHONE });
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Domains');
    const card = page.getByRole('region', { name: s.domain });
    await card.locator('summary', { hasText: 'Traffic shaping — Google slowed' }).click();
    await card
      .getByRole('table', { name: `Traffic shaping of ${s.domain}` })
      .getByRole('blockquote')
      .waitFor();
    expect(await overflows(page)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
