import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { Api, eventually, OWNER, Topology } from '../../libs/testing/src';
import { launchBrowser, logIn, openArea, openDashboard, PHONE } from '../support/browser';
import { sharedHerald } from '../support/herald';

/**
 * Issue 24, workflows: a workflow built in the visual editor (steps added and configured in their
 * panels, connected by dragging from a handle and with the keyboard's "Connect to…" select, a step
 * moved by dragging, one deleted), enabled, then run by a tracked event; the execution shows up in the
 * Executions tab, reaches COMPLETED and shows its step history, and the API has the contact
 * updated. Time is shortened by configuration (WORKFLOW_TIME_SCALE: a minute lasts 60 ms).
 */
describe('dashboard workflows (all)', () => {
  let t: Topology;
  let browser: Browser;
  let api: Api;
  beforeAll(async () => {
    [t, browser] = await Promise.all([sharedHerald('all', { env: { WORKFLOW_TIME_SCALE: '0.001' } }), launchBrowser()]);
    api = new Api(t.baseUrl, t.keys.secret);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await t?.stop();
  });

  /** The centre of an element on the page. */
  async function centre(page: Page, selector: string) {
    const box = (await page.locator(selector).boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  }
  async function dragMouse(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.mouse.up();
  }

  it('builds signed-up → delay → update contact (→ exit, then deleted) in the editor, enables it, and watches an execution complete', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const event = `signed-up-${tag}`;
    const contact = (await api.post('/contacts', { email: `flow-${tag}@wf.test`, data: { plan: 'free' } })).body;
    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { project: t.projectId });
    page.on('dialog', (d) => void d.accept());
    await logIn(page, OWNER.email, OWNER.password);
    await openArea(page, 'Workflows');

    // Create: the trigger event is free text (it has not been tracked yet).
    await page.getByRole('button', { name: 'New workflow' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(`Onboarding ${tag}`);
    await dialog.getByLabel('Trigger event').fill(event);
    await dialog.getByRole('button', { name: 'Create workflow' }).click();
    await page.getByRole('heading', { name: `Onboarding ${tag}` }).waitFor();
    const workflowId = /workflows\/([0-9a-f-]{36})/.exec(page.url())![1];
    const graph = async () => (await api.get(`/workflows/${workflowId}`)).body;
    const triggerId = (await graph()).steps[0].id;

    // Add three steps, each configured in the add dialog; a bad config is refused next to its field.
    const addStep = async (type: string, fill: () => Promise<void>) => {
      await page.getByLabel('Step type').selectOption({ label: type });
      await page.getByRole('button', { name: 'Add step' }).click();
      await fill();
      await dialog.getByRole('button', { name: 'Add step' }).click();
      await dialog.waitFor({ state: 'hidden' });
    };
    await addStep('Delay', async () => {
      await dialog.getByLabel('Wait').fill('1');
      await dialog.getByLabel('Unit').selectOption('minutes');
    });
    await addStep('Update contact', async () => {
      await dialog.getByLabel('Set contact data (JSON)').fill('{ "onboarded": tru }');
      await dialog.getByRole('button', { name: 'Add step' }).click();
      await dialog.locator('.field-invalid').getByRole('alert').filter({ hasText: 'Not valid JSON' }).waitFor();
      expect(await dialog.getByLabel('Set contact data (JSON)').inputValue()).toBe('{ "onboarded": tru }');
      await dialog.getByLabel('Set contact data (JSON)').fill('{ "onboarded": true }');
    });
    await addStep('Exit', async () => {
      await dialog.getByLabel('Exit reason').fill('onboarded');
    });
    const steps = (await graph()).steps as any[];
    const idOf = (type: string) => steps.find((s) => s.type === type).id as string;
    expect(steps.map((s) => s.type)).toEqual(['TRIGGER', 'DELAY', 'UPDATE_CONTACT', 'EXIT']);
    expect(steps.find((s) => s.type === 'DELAY').config).toEqual({ amount: 1, unit: 'minutes' });
    expect(steps.find((s) => s.type === 'UPDATE_CONTACT').config).toMatchObject({ updates: { onboarded: true } });

    // Enabling a graph that cannot run yet: the API's 422 shows, and the steps it names are marked.
    await page.getByRole('button', { name: 'Enable' }).click();
    await page
      .locator('.banner-error')
      .getByText(/not connected|leads nowhere/)
      .first()
      .waitFor();
    expect(await page.locator('.wf-node-problem').count()).toBeGreaterThanOrEqual(3);

    // Trigger → Delay: dragged from the trigger's handle onto the delay's box.
    await dragMouse(page, await centre(page, `[data-step-id="${triggerId}"] .wf-handle`), await centre(page, `[data-step-id="${idOf('DELAY')}"]`));
    await page.locator('.wf-edge').first().waitFor();
    // Delay → Update → Exit: with the keyboard alternative in the selected step's panel.
    for (const [from, to] of [
      ['DELAY', 'Update contact (Update contact)'],
      ['UPDATE_CONTACT', 'Exit (Exit)'],
    ]) {
      await page.locator(`[data-step-id="${idOf(from)}"] button.wf-node-main`).focus();
      await page.keyboard.press('Enter');
      const panel = page.getByRole('complementary', { name: 'Step settings' });
      await panel.getByLabel('Connect to…').selectOption({ label: to });
      await panel.getByRole('button', { name: 'Connect', exact: true }).click();
      await panel.getByRole('button', { name: /^Remove the transition/ }).waitFor();
    }
    expect(await page.locator('.wf-edge').count()).toBe(3);
    const edges = ((await graph()).transitions as any[]).map((x) => [x.fromStepId, x.toStepId]);
    expect(edges).toEqual(
      expect.arrayContaining([
        [triggerId, idOf('DELAY')],
        [idOf('DELAY'), idOf('UPDATE_CONTACT')],
        [idOf('UPDATE_CONTACT'), idOf('EXIT')],
      ]),
    );

    // Dragging the exit step moves it, and the API keeps where it was put.
    const before = steps.find((s) => s.type === 'EXIT').position;
    const exitAt = await centre(page, `[data-step-id="${idOf('EXIT')}"]`);
    await dragMouse(page, exitAt, { x: exitAt.x + 120, y: exitAt.y + 40 });
    const moved = await eventually(async () => {
      const p = (await graph()).steps.find((s: any) => s.type === 'EXIT').position;
      return p.x !== before.x ? p : undefined;
    });
    expect([moved.x - before.x, moved.y - before.y]).toEqual([120, 40]);

    // An EXIT step ends a run EXITED; without it the run ends COMPLETED after the update: delete the step (and its transition).
    await page.locator(`[data-step-id="${idOf('EXIT')}"] button.wf-node-main`).click();
    await page.getByRole('complementary', { name: 'Step settings' }).getByRole('button', { name: 'Delete step' }).click();
    await page.locator(`[data-step-id="${idOf('EXIT')}"]`).waitFor({ state: 'detached' });
    expect(await page.locator('.wf-edge').count()).toBe(2);
    expect((await graph()).steps.map((s: any) => s.type)).toEqual(['TRIGGER', 'DELAY', 'UPDATE_CONTACT']);

    // Enable (the graph can run now).
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.getByRole('button', { name: 'Disable' }).waitFor();
    expect((await graph()).enabled).toBe(true);

    // A tracked event starts an execution: it appears in the Executions tab and completes.
    await page.getByRole('navigation', { name: 'Workflow' }).getByRole('link', { name: 'Executions' }).click();
    await page.getByText('No executions yet', { exact: false }).waitFor();
    expect((await api.post('/v1/track', { event, email: contact.email })).status).toBe(200);
    const row = page.locator('tbody tr').filter({ hasText: 'COMPLETED' });
    await row.waitFor({ timeout: 20_000 });
    await row.getByRole('link').first().click();
    await page.getByRole('heading', { name: 'Step history' }).waitFor();
    const history = page.getByRole('table', { name: 'Step history' });
    await expect(history.locator('tbody tr').count()).resolves.toBe(4);
    expect(await history.locator('tbody tr td:nth-child(2) .muted').allTextContents()).toEqual(['TRIGGER', 'DELAY', 'DELAY', 'UPDATE_CONTACT']);
    await history.getByText('{"updated":["onboarded"]}').waitFor();

    // The API agrees: the contact's data was updated.
    expect((await api.get(`/contacts/${contact.id}`)).body.data).toMatchObject({ plan: 'free', onboarded: true });
    expect(errors).toEqual([]);
    await context.close();

    // At phone width the editor fits the screen (the canvas scrolls inside its frame).
    const phone = await openDashboard(browser, t.baseUrl, { viewport: PHONE, project: t.projectId });
    await logIn(phone.page, OWNER.email, OWNER.password);
    await phone.page.goto(`/#/workflows/${workflowId}`);
    await phone.page.locator(`[data-step-id="${triggerId}"]`).waitFor();
    expect(await phone.page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(PHONE.width);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('refuses to delete a workflow with a waiting execution, with the API’s message; cancel all, then delete', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const wf = (await api.post('/workflows', { name: `Slow ${tag}`, eventName: `slow-${tag}` })).body;
    const delay = (await api.post(`/workflows/${wf.id}/steps`, { type: 'DELAY', config: { amount: 30, unit: 'days' } })).body;
    expect((await api.post(`/workflows/${wf.id}/transitions`, { fromStepId: wf.steps[0].id, toStepId: delay.id })).status).toBe(201);
    expect((await api.patch(`/workflows/${wf.id}`, { enabled: true })).status).toBe(200);
    expect((await api.post('/v1/track', { event: `slow-${tag}`, email: `slow-${tag}@wf.test` })).status).toBe(200);
    await eventually(async () => (await api.get(`/workflows/${wf.id}/executions?status=WAITING`)).body.total === 1);

    const { page, context, errors } = await openDashboard(browser, t.baseUrl, { project: t.projectId });
    page.on('dialog', (d) => void d.accept());
    await logIn(page, OWNER.email, OWNER.password);
    await page.goto(`/#/workflows/${wf.id}/settings`);
    await page.getByRole('button', { name: 'Delete workflow' }).click();
    const banner = page.locator('.banner-error[data-code="CONFLICT"]');
    await banner.waitFor();
    expect(await banner.textContent()).toMatch(/running or waiting|cancel/i);

    await page.getByRole('navigation', { name: 'Workflow' }).getByRole('link', { name: 'Executions' }).click();
    await page.locator('tbody tr').filter({ hasText: 'WAITING' }).waitFor();
    await page.getByRole('button', { name: 'Cancel all' }).click();
    await page.getByText('Cancelled 1 execution.').waitFor();
    await page.locator('tbody tr').filter({ hasText: 'CANCELLED' }).waitFor();
    await page.getByLabel('Status').selectOption('WAITING');
    await page.getByText('No WAITING executions.').waitFor();

    await page.getByRole('navigation', { name: 'Workflow' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Delete workflow' }).click();
    await page.getByRole('heading', { name: 'Workflows', level: 1 }).waitFor();
    expect((await api.get(`/workflows/${wf.id}`)).status).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });
});
