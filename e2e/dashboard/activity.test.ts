import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import { newId } from '../../libs/kit/src';
import { eventually, OWNER } from '../../libs/testing/src';
import { launchBrowser, logIn, openArea, openDashboard, PHONE } from '../support/browser';
import { useSendingStack } from '../support/sending';

/**
 * Issue 24, activity and analytics: activity made through the API (emails sent through a verified
 * domain to an SMTP sink and opened, events tracked) shows in the feed with its types, the stats
 * count it, and Analytics draws it: the chart's points on the day with data, top events with the
 * tracked names and their counts. A sending domain's throttling (issue 37) reads in words: the
 * event as the sender's adaptive throttling writes it, put in messaging's outbox, which its relay
 * publishes to the events service like any other.
 */
describe('dashboard activity and analytics (all)', () => {
  const stack = useSendingStack('all', { shared: true, transactionalOpens: true });
  let browser: Browser;
  const run = crypto.randomBytes(3).toString('hex');
  const to = [`ada-${run}@activity.test`, `bob-${run}@activity.test`];
  const event = `signed-up-${run}`;
  const REPLY = '421 4.7.28 Gmail has detected an unusual rate of unsolicited mail originating from your IP address.';

  beforeAll(async () => {
    browser = await launchBrowser();
    const { api } = stack;
    for (const address of to) {
      const r = await api.post('/v1/send', {
        to: address,
        from: stack.from,
        subject: `Hello ${run}`,
        body: '<img src="https://example.com/logo.png" alt="Logo" width="120" height="40"><p>Hi</p>',
      });
      expect(r.status).toBe(200);
    }
    const mail = await stack.smtp!.waitFor((m) => m.envelope.to[0] === to[0]);
    expect((await fetch(String(mail.parsed.html).match(/src="([^"]+\/t\/o\/[^"]+)"/)![1])).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await api.post('/v1/track', { event, email: to[1] })).status).toBe(200);
    await stack.t.sql(
      `INSERT INTO messaging.outbox (id, type, project_id, occurred_at, data) VALUES ($1, 'messaging.deliverability.changed.v1', $2, now(), $3)`,
      [
        newId(),
        stack.t.projectId,
        JSON.stringify({
          domain: stack.domain,
          provider: 'google',
          action: 'throttled',
          reason: 'gmail_rate_limited',
          reply: REPLY,
          ratePerMinute: 30,
          until: null,
        }),
      ],
    );
    await eventually(async () => (await api.get('/activity?types=deliverability.throttled')).body.data.length === 1, 20_000);
    await eventually(async () => {
      const s = (await api.get('/activity/stats')).body;
      return s.totalEmailsSent === 2 && s.totalEmailsOpened === 1 && s.totalEvents >= 6;
    }, 20_000);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('activity: the feed with each type, the stats, filters and a link to the contact', async () => {
    const { page, context, errors } = await openDashboard(browser, stack.t.baseUrl, { project: stack.t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Activity');
    const feed = page.getByRole('list', { name: 'Activity' });
    await feed.locator('li').first().waitFor();
    expect(await feed.locator('li[data-type="email.sent"]').count()).toBe(2);
    expect(await feed.locator('li[data-type="email.opened"]').count()).toBe(1);
    expect(await feed.locator('li[data-type="event.triggered"]').count()).toBe(3);
    await expect(feed.locator('li[data-type="event.triggered"]').first().textContent()).resolves.toContain(event);
    await expect(feed.locator('li[data-type="email.opened"]').textContent()).resolves.toMatch(new RegExp(`Opened.*Hello ${run}.*${to[0]}`));
    // The domain's throttling, no contact's, in words: who sends to whom, the provider's answer, the pace.
    const slowed = feed.locator('li[data-type="deliverability.throttled"]');
    await expect(slowed.locator('.feed-main > div').first().innerText()).resolves.toBe(
      `Sending slowed Sending from ${stack.domain} to Google slowed: ${REPLY}`,
    );
    await expect(slowed.textContent()).resolves.toContain('At most 30 mails a minute.');
    expect(await slowed.getByRole('link').count()).toBe(0);
    const stats = page.getByLabel('Statistics');
    await expect(stats.textContent()).resolves.toMatch(/Emails sent\s*2/);
    await expect(stats.textContent()).resolves.toMatch(/Opened\s*1\s*50% open rate/);

    // The filter offers the deliverability types by name, and shows only them.
    await page.getByLabel('Type').selectOption({ label: 'Sending slowed (deliverability.throttled)' });
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForFunction(() => (globalThis as any).document.querySelectorAll('ol[aria-label="Activity"] li').length === 1);
    expect(await feed.locator('li[data-type="deliverability.throttled"]').count()).toBe(1);
    for (const label of ['Normal pace', 'Marketing paused', 'Complaint warning', 'Marketing resumed'])
      expect(await page.getByLabel('Type').locator('option', { hasText: label }).count()).toBe(1);

    // Only the opens; then the contact from the item.
    await page.getByLabel('Type').selectOption('email.opened');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForFunction(() => (globalThis as any).document.querySelectorAll('ol[aria-label="Activity"] li').length === 1);
    await feed.getByRole('link', { name: to[0] }).click();
    await page.getByRole('heading', { name: to[0] }).waitFor();

    // A range the API refuses: its message next to the field it names.
    await openArea(page, 'Activity');
    await page.getByLabel('From').fill('2025-06-02');
    await page.getByLabel('To').fill('2025-06-01');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.locator('.field-invalid').getByRole('alert').waitFor();
    expect(await page.getByLabel('From').inputValue()).toBe('2025-06-02');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('activity refreshes by itself: new activity shows without a reload', async () => {
    const { page, context, errors } = await openDashboard(browser, stack.t.baseUrl, { project: stack.t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Activity');
    const feed = page.getByRole('list', { name: 'Activity' });
    await feed.locator('li').first().waitFor();
    const later = `later-${run}`;
    expect((await stack.api.post('/v1/track', { event: later, email: to[0] })).status).toBe(200);
    await feed.getByText(later).waitFor({ timeout: 25_000 });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('analytics: the chart drawn with points on the day with data, top events with counts, at phone width too', async () => {
    for (const viewport of [undefined, PHONE]) {
      const { page, context, errors } = await openDashboard(browser, stack.t.baseUrl, { viewport, project: stack.t.projectId });
      await logIn(page, OWNER.email, OWNER.password);
      await openArea(page, 'Analytics');
      const chart = page.getByRole('img', { name: /Emails per day/ });
      await chart.waitFor();
      const sent = chart.locator('[data-series="emails"]');
      expect(await sent.locator('path.chart-line').getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+( L[\d.]+,[\d.]+){29}$/);
      // Only today has emails: one point for sent, one for opens.
      expect(await sent.locator('circle').count()).toBe(1);
      expect(await chart.locator('[data-series="opens"] circle').count()).toBe(1);
      // Today is the right-most point, and the keyboard reads it.
      await chart.focus();
      await expect(page.locator('.chart-tooltip').textContent()).resolves.toMatch(/Sent2.*Opens1/);

      const top = page.getByTestId('top-events');
      await top.locator('li').first().waitFor();
      const rows = await top
        .locator('li')
        .evaluateAll((lis) => lis.map((li: any) => `${li.querySelector('.event-name').textContent} ${li.querySelector('.event-count').textContent}`));
      expect(rows).toEqual(expect.arrayContaining([`${event} 3`, 'email.sent 2', 'email.opened 1']));
      await page.getByRole('button', { name: '7 days' }).click();
      await page.waitForFunction(
        () => (globalThis as any).document.querySelectorAll('[data-series="emails"] path.chart-line')[0]?.getAttribute('d').split(' L').length === 7,
      );

      // Nothing wider than the screen.
      const overflow = await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth - (globalThis as any).innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
