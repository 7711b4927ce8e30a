import type { Browser } from 'playwright-core';
import { Api, OWNER, Topology } from '../../libs/testing/src';
import { launchBrowser, logIn, openArea, openDashboard } from '../support/browser';
import { sharedHerald } from '../support/herald';

/**
 * Issue 38, "design email visually": a template designed with blocks by roles and labels (text
 * with a variable and its fallback from the contact fields, a button, a section with two columns
 * and an image), previewed at phone width with its text part, refused where a field is wrong,
 * saved, and shown with the same blocks after a reload. All-in-one only (the API's own e2e, in
 * both topologies, covers the compilation and the send).
 */
describe('dashboard email editor (all)', () => {
  let t: Topology;
  let browser: Browser;
  let api: Api;
  beforeAll(async () => {
    [t, browser] = await Promise.all([sharedHerald('all'), launchBrowser()]);
    api = new Api(t.baseUrl, t.keys.secret);
    // A contact with a data field, so the editor offers it as a variable.
    expect((await api.post('/v1/track', { event: 'signed-up', email: 'ada@editor-ui.test', data: { firstName: 'Ada' } })).status).toBe(200);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  it('designs an email with blocks, previews it on a phone width, saves it and sees its blocks again', async () => {
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { project: t.projectId });
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Templates');
    await page.getByRole('link', { name: 'New template' }).click();
    await page.getByRole('heading', { name: 'New template' }).waitFor();
    expect(await page.getByRole('button', { name: 'Blocks', exact: true }).getAttribute('aria-pressed')).toBe('true');

    const name = `Designed ${Date.now()}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Subject', { exact: true }).fill('News for {{firstName ?? "you"}}');

    // Text: typed, then a variable with its fallback from the contact fields.
    const text = page.getByRole('group', { name: 'Text block 1' });
    const box = text.getByRole('textbox', { name: 'Text' });
    await box.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Hello ');
    await text.getByLabel('Variable').selectOption('firstName');
    await text.getByLabel('Fallback').fill('friend');
    await text.getByRole('button', { name: 'Insert variable' }).click();
    await text.getByRole('textbox', { name: 'Text' }).filter({ hasText: 'Hello {{firstName ?? "friend"}}' }).waitFor();

    // A button, first with a link Herald refuses: the message is under its field.
    await page.getByLabel('Add a block', { exact: true }).selectOption('button');
    await page.getByRole('button', { name: 'Add block', exact: true }).click();
    const button = page.getByRole('group', { name: 'Button block 3' });
    await button.getByLabel('Button label').fill('Start now');
    await button.getByLabel('Button link').fill('ftp://example.org/start');

    // A section of two columns, an image in the first.
    await page.getByLabel('Add a block', { exact: true }).selectOption('section');
    await page.getByRole('button', { name: 'Add block', exact: true }).click();
    const section = page.getByRole('group', { name: 'Section block 4' });
    await section.getByLabel('Add a block to column 1').selectOption('image');
    await section.getByRole('button', { name: 'Add to column 1' }).click();
    await section.getByLabel('Image URL').fill('https://cdn.example.org/hero.png');
    await section.getByLabel('Alternative text').fill('Hero');

    // Save: the bad link is named next to its field, nothing is created.
    await page.getByRole('button', { name: 'Create template' }).click();
    await button
      .getByRole('alert')
      .filter({ hasText: /http\(s\)/ })
      .waitFor();
    expect((await api.get(`/templates?search=${encodeURIComponent(name)}`)).body.total).toBe(0);
    await button.getByLabel('Button link').fill('https://example.org/start');

    // The preview: Herald's compiled email with the fallback, at desktop then phone width, and its text part.
    const frame = page.frameLocator('iframe[title="Email preview"]');
    await frame.getByText('Start now').waitFor();
    await frame.getByText('Hello friend').waitFor();
    expect(await frame.locator('img[alt="Hero"]').getAttribute('src')).toBe('https://cdn.example.org/hero.png');
    await page.getByRole('button', { name: 'Mobile', exact: true }).click();
    const mobile = await page.locator('iframe[title="Email preview"]').boundingBox();
    expect(Math.round(mobile!.width)).toBe(375);
    // At 375px MJML's columns stack: a column of the two-column section takes the frame's whole width.
    const column = frame.locator('.mj-column-per-50', { has: frame.locator('img[alt="Hero"]') });
    await column.waitFor();
    expect(Math.round((await column.boundingBox())!.width)).toBeGreaterThan(350);
    await page.getByText('Text part', { exact: true }).click();
    await page.getByLabel('Text part').filter({ hasText: 'Hello friend' }).waitFor();
    await page.getByLabel('Text part').filter({ hasText: 'Start now [https://example.org/start]' }).waitFor();

    await page.getByRole('button', { name: 'Create template' }).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();

    // The API has the design and the body it compiled to.
    const id = new URL(page.url()).hash.split('/').pop()!;
    const saved = (await api.get(`/templates/${id}`)).body;
    expect(saved.design.blocks.map((b: { type: string }) => b.type)).toEqual(['text', 'footer', 'button', 'section']);
    expect(saved.body).toContain('Start now');
    expect(saved.body).toContain('{{firstName ?? "friend"}}');

    // After a reload the same blocks are there to edit.
    await page.reload();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page
      .getByRole('group', { name: 'Text block 1' })
      .getByRole('textbox', { name: 'Text' })
      .filter({ hasText: 'Hello {{firstName ?? "friend"}}' })
      .waitFor();
    await page.getByRole('group', { name: 'Footer block 2' }).waitFor();
    expect(await page.getByRole('group', { name: 'Button block 3' }).getByLabel('Button label').inputValue()).toBe('Start now');
    expect(await page.getByRole('group', { name: 'Section block 4' }).getByLabel('Image URL').inputValue()).toBe('https://cdn.example.org/hero.png');

    // HTML mode: after a confirm, the compiled HTML stays and the design goes when saved.
    page.once('dialog', (d) => d.accept());
    await page.getByRole('button', { name: 'HTML', exact: true }).click();
    expect(await page.getByLabel('Body (HTML)').inputValue()).toContain('Start now');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const html = (await api.get(`/templates/${id}`)).body;
    expect(html.design).toBeNull();
    expect(html.body).toContain('Start now');

    expect(errors).toEqual([]);
    await context.close();
  });
});
