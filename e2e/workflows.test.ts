import { verifyWebhookSignature } from '../services/workflows/src/domain/webhook';
import { Api, eventually, TopologyKind } from '../libs/testing/src';
import { HttpReceiver } from './support/receiver';
import { contactEvents, useSendingStack } from './support/sending';

/**
 * Workflows end to end, in both topologies, with the real SMTP sink and a real HTTP receiver on
 * loopback (deployments may allow private webhook targets: WORKFLOW_WEBHOOK_ALLOW_PRIVATE). Time
 * is shortened by configuration (WORKFLOW_TIME_SCALE: a minute lasts 60 ms), not faked.
 */
describe.each<TopologyKind>(['all'])('workflows (%s)', (kind) => {
  let receiver: HttpReceiver;
  const s = useSendingStack(kind, {
    shared: true,
    env: { WORKFLOW_TIME_SCALE: '0.001', WORKFLOW_WEBHOOK_ALLOW_PRIVATE: 'true', WORKFLOW_RETRY_BASE_MS: '100' },
  });
  let api: Api;
  let pub: Api;
  let n = 0;
  /** A tag unique to each test: its contacts' addresses and event names carry it. */
  const tag = () => `w${++n}${kind}`;

  beforeAll(async () => {
    api = s.api;
    pub = new Api(s.t.baseUrl, s.t.keys.public);
    receiver = await HttpReceiver.start();
  });
  afterAll(() => receiver?.close());

  type StepSpec = { type: string; name?: string; config?: Record<string, unknown>; templateId?: string };
  /** Creates a workflow with steps (keyed) and transitions [from, to, extra]; `trigger` is the TRIGGER step's key. */
  async function build(
    eventName: string,
    steps: Record<string, StepSpec>,
    edges: Array<[string, string, Record<string, unknown>?]>,
    opts: { allowReentry?: boolean; enable?: boolean } = {},
  ) {
    const created = await api.post('/workflows', { name: `Flow ${eventName}`, eventName, allowReentry: opts.allowReentry });
    expect(created.status).toBe(201);
    const ids: Record<string, string> = { trigger: created.body.steps[0].id };
    for (const [key, spec] of Object.entries(steps)) {
      const r = await api.post(`/workflows/${created.body.id}/steps`, spec);
      expect([r.status, r.body?.error]).toEqual([201, undefined]);
      ids[key] = r.body.id;
    }
    for (const [from, to, extra] of edges) {
      const r = await api.post(`/workflows/${created.body.id}/transitions`, { fromStepId: ids[from], toStepId: ids[to], ...extra });
      expect([r.status, r.body?.error]).toEqual([201, undefined]);
    }
    if (opts.enable !== false) expect((await api.patch(`/workflows/${created.body.id}`, { enabled: true })).status).toBe(200);
    return { id: created.body.id as string, ids };
  }
  const executions = async (workflowId: string, status?: string) =>
    (await api.get(`/workflows/${workflowId}/executions?pageSize=100${status ? `&status=${status}` : ''}`)).body.executions as any[];
  const settled = (workflowId: string, count: number, timeoutMs = 20_000) =>
    eventually(
      async () => {
        const all = await executions(workflowId);
        return all.length === count && all.every((e) => !['RUNNING', 'WAITING'].includes(e.status)) ? all : undefined;
      },
      timeoutMs,
      100,
    );
  const contact = async (email: string, data: Record<string, unknown> = {}) => (await api.post('/contacts', { email, data })).body;
  const template = async (type = 'TRANSACTIONAL') =>
    (
      await api.post('/templates', {
        name: `T ${tag()}`,
        subject: 'Welcome {{data.first ?? "friend"}}',
        body: '<p>Hi {{data.first}} — plan {{context.plan ?? "none"}}</p>',
        type,
        from: s.from,
      })
    ).body;

  it('builds a workflow over the API: create, steps, transitions, patch, validation naming the step and field, delete', async () => {
    const t = tag();
    const created = await api.post('/workflows', { name: 'Onboarding', description: 'd', eventName: `signup.${t}` });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Onboarding',
      enabled: false,
      triggerType: 'EVENT',
      triggerConfig: { eventName: `signup.${t}` },
      allowReentry: false,
    });
    expect(created.body.steps).toEqual([expect.objectContaining({ type: 'TRIGGER' })]);
    expect(created.body.webhookSecret).toMatch(/^whsec_/);
    const id = created.body.id;
    const trigger = created.body.steps[0].id;

    // Step configs per type: a 422 names the field.
    const badDelay = await api.post(`/workflows/${id}/steps`, { type: 'DELAY', config: { amount: 400, unit: 'days' } });
    expect([badDelay.status, badDelay.body.error.errors[0].field]).toEqual([422, 'config.amount']);
    const badType = await api.post(`/workflows/${id}/steps`, { type: 'TELEPORT' });
    expect([badType.status, badType.body.error.errors[0].field]).toEqual([422, 'type']);
    const badCondition = await api.post(`/workflows/${id}/steps`, { type: 'CONDITION', config: { field: 'data.plan', operator: 'sortOf', value: 'x' } });
    expect([badCondition.status, badCondition.body.error.errors[0].field]).toEqual([422, 'config.operator']);
    const badTemplate = await api.post(`/workflows/${id}/steps`, { type: 'SEND_EMAIL', config: { templateId: '01970b1e-3c4d-7e5f-8a9b-0c1d2e3f4a5b' } });
    expect([badTemplate.status, badTemplate.body.error.errors[0].field]).toEqual([422, 'config.templateId']);
    const privateHook = await api.post(`/workflows/${id}/steps`, { type: 'WEBHOOK', config: { url: 'ftp://example.com/x', method: 'POST' } });
    expect([privateHook.status, privateHook.body.error.errors[0].field]).toEqual([422, 'config.url']);

    const send = (await api.post(`/workflows/${id}/steps`, { type: 'SEND_EMAIL', name: 'Welcome' })).body;
    const cond = (await api.post(`/workflows/${id}/steps`, { type: 'CONDITION', config: { field: 'data.plan', operator: 'equals', value: 'pro' } })).body;
    const wait = (await api.post(`/workflows/${id}/steps`, { type: 'WAIT_FOR_EVENT', config: { eventName: 'activated', timeout: 60 } })).body;
    const exit = (await api.post(`/workflows/${id}/steps`, { type: 'EXIT', config: { reason: 'done' } })).body;
    const edge = (from: string, to: string, extra: Record<string, unknown> = {}) =>
      api.post(`/workflows/${id}/transitions`, { fromStepId: from, toStepId: to, ...extra });

    expect((await edge(trigger, cond.id)).status).toBe(201);
    // CONDITION edges carry a branch; WAIT_FOR_EVENT edges an outcome; nothing leaves EXIT; no cycles.
    const noBranch = await edge(cond.id, wait.id);
    expect([noBranch.status, noBranch.body.error.errors[0].field]).toEqual([422, 'branch']);
    expect((await edge(cond.id, wait.id, { condition: { branch: 'yes' } })).status).toBe(201);
    expect((await edge(cond.id, exit.id, { branch: 'no' })).status).toBe(201);
    const noOutcome = await edge(wait.id, send.id);
    expect([noOutcome.status, noOutcome.body.error.errors[0].field]).toEqual([422, 'waitOutcome']);
    const fromExit = await edge(exit.id, send.id);
    expect([fromExit.status, fromExit.body.error.errors[0].field]).toEqual([422, 'fromStepId']);
    const toSend = await edge(wait.id, send.id, { waitOutcome: 'EVENT' });
    expect(toSend.status).toBe(201);
    const cycle = await edge(send.id, cond.id);
    expect([cycle.status, cycle.body.error.errors[0].code]).toEqual([422, 'cycle']);

    // Enabling a graph that cannot run: a 422 that names the step (a SEND_EMAIL without a template, a dangling step).
    const dangling = (await api.post(`/workflows/${id}/steps`, { type: 'DELAY', config: { amount: 1, unit: 'hours' } })).body;
    const enable = await api.patch(`/workflows/${id}`, { enabled: true });
    expect(enable.status).toBe(422);
    const fields = enable.body.error.errors.map((e: any) => e.field);
    expect(fields).toEqual(expect.arrayContaining([`steps.${send.id}.templateId`, `steps.${dangling.id}`]));

    // Delete with splice=false removes the step and its transitions only.
    expect((await api.delete(`/workflows/${id}/steps/${dangling.id}`)).status).toBe(204);
    const tpl = await template();
    const patched = await api.patch(`/workflows/${id}/steps/${send.id}`, { templateId: tpl.id });
    expect([patched.status, patched.body.templateId]).toEqual([200, tpl.id]);
    expect((await edge(send.id, exit.id)).status).toBe(201);
    const on = await api.patch(`/workflows/${id}`, { enabled: true, allowReentry: true, name: 'Renamed' });
    expect([on.status, on.body.enabled, on.body.allowReentry, on.body.name]).toEqual([200, true, true, 'Renamed']);

    // Splice: the wait's predecessor now leads to its successor.
    const waitEdges = (await api.get(`/workflows/${id}`)).body.transitions.filter((x: any) => x.fromStepId === wait.id);
    expect(waitEdges).toHaveLength(1);
    expect((await api.delete(`/workflows/${id}/steps/${wait.id}?splice=true`)).status).toBe(204);
    const got = (await api.get(`/workflows/${id}`)).body;
    expect(got.steps.map((x: any) => x.id)).not.toContain(wait.id);
    expect(got.transitions).toContainEqual(expect.objectContaining({ fromStepId: cond.id, toStepId: send.id, condition: { branch: 'yes' } }));

    // Template usage shows the step; the template cannot be deleted while it is used.
    await eventually(async () =>
      (await api.get(`/templates/${tpl.id}/usage`)).body.workflowSteps?.some((w: any) => w.workflowId === id && w.stepId === send.id),
    );
    expect((await api.delete(`/templates/${tpl.id}`)).status).toBe(409);
    // Field and event usage include the workflow.
    await eventually(async () => (await api.get('/contacts/fields/data.plan/usage')).body.usedInWorkflows.some((w: any) => w.id === id));
    await eventually(async () => (await api.get(`/events/signup.${t}/usage`)).body.usedInWorkflows.some((w: any) => w.id === id));

    const list = await api.get('/workflows?pageSize=100');
    expect(list.body.workflows.map((w: any) => w.id)).toContain(id);
    expect((await api.get('/workflows/fields')).body.fields).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'email.opened' })]));

    expect((await api.delete(`/workflows/${id}`)).status).toBe(204);
    expect((await api.get(`/workflows/${id}`)).status).toBe(404);
    await eventually(async () => (await api.delete(`/templates/${tpl.id}`)).status === 204);
  });

  it('runs signup → delay → condition → send → wait-for-event (event or timeout) → webhook → update → exit', async () => {
    const t = tag();
    const tpl = await template();
    const hook = `/hook/${t}`;
    const wf = await build(
      `signup.${t}`,
      {
        delay: { type: 'DELAY', config: { amount: 1, unit: 'minutes' } },
        isPro: { type: 'CONDITION', config: { field: 'data.plan', operator: 'equals', value: 'pro' } },
        notPro: { type: 'EXIT', config: { reason: 'not on pro' } },
        send: { type: 'SEND_EMAIL', templateId: tpl.id },
        wait: { type: 'WAIT_FOR_EVENT', config: { eventName: `activated.${t}`, timeout: 5000 } },
        hook: { type: 'WEBHOOK', config: { url: `http://127.0.0.1:${receiver.port}${hook}`, method: 'POST', headers: { 'X-Plan': '{{contact.data.plan}}' } } },
        update: { type: 'UPDATE_CONTACT', config: { updates: { onboarded: true } } },
        stalled: { type: 'UPDATE_CONTACT', config: { updates: { stalled: true }, subscriptionAction: 'unsubscribe' } },
        done: { type: 'EXIT', config: { reason: 'onboarded' } },
      },
      [
        ['trigger', 'delay'],
        ['delay', 'isPro'],
        ['isPro', 'send', { branch: 'yes' }],
        ['isPro', 'notPro', { branch: 'no' }],
        ['send', 'wait'],
        ['wait', 'hook', { waitOutcome: 'EVENT' }],
        ['wait', 'stalled', { waitOutcome: 'TIMEOUT' }],
        ['hook', 'update'],
        ['update', 'done'],
      ],
    );
    const secret = (await api.get(`/workflows/${wf.id}`)).body.webhookSecret;
    const active = await contact(`active@${t}.test`, { plan: 'pro', first: 'Ada' });
    const free = await contact(`free@${t}.test`, { plan: 'free' });
    const idle = await contact(`idle@${t}.test`, { plan: 'pro' });
    for (const email of [active.email, free.email, idle.email]) expect((await pub.post('/v1/track', { event: `signup.${t}`, email })).status).toBe(200);

    // The pro contacts get the email; then one of them activates.
    const mail = await eventually(async () => s.smtp!.messages.find((m) => m.envelope.to[0] === active.email), 20_000);
    expect(mail.parsed.subject).toBe('Welcome Ada');
    await eventually(async () => s.smtp!.messages.some((m) => m.envelope.to[0] === idle.email), 20_000);
    expect((await pub.post('/v1/track', { event: `activated.${t}`, email: active.email })).status).toBe(200);

    const all = await settled(wf.id, 3, 30_000);
    const byContact = Object.fromEntries(all.map((e) => [e.contactId, e]));
    expect(byContact[free.id]).toMatchObject({ status: 'EXITED', exitReason: 'not on pro' });
    expect(byContact[active.id]).toMatchObject({ status: 'EXITED', exitReason: 'onboarded' });
    expect(byContact[idle.id]).toMatchObject({ status: 'COMPLETED', exitReason: null });
    expect(s.smtp!.messages.some((m) => m.envelope.to[0] === free.email)).toBe(false);

    // The webhook: once, signed, with the idempotency key and Plunk's default body.
    const calls = receiver.to(hook);
    expect(calls).toHaveLength(1);
    expect(calls[0].headers['x-plan']).toBe('pro');
    expect(calls[0].headers['idempotency-key']).toContain(byContact[active.id].id);
    expect(verifyWebhookSignature(secret, String(calls[0].headers['x-herald-signature']), calls[0].body, 300)).toBe(true);
    expect(verifyWebhookSignature('whsec_wrong', String(calls[0].headers['x-herald-signature']), calls[0].body, 300)).toBe(false);
    const body = JSON.parse(calls[0].body);
    expect(body).toMatchObject({
      contact: { email: active.email, subscribed: true, data: { plan: 'pro', first: 'Ada' } },
      workflow: { id: wf.id },
      execution: { id: byContact[active.id].id },
      event: { name: `signup.${t}` },
    });

    // The updates went through contacts.
    expect((await api.get(`/contacts/${active.id}`)).body.data).toMatchObject({ onboarded: true });
    expect((await api.get(`/contacts/${idle.id}`)).body.data).toMatchObject({ stalled: true });
    expect((await api.get(`/contacts/${idle.id}`)).body.data.onboarded).toBeUndefined();
    // …and unsubscribed it, with its event (which workflows could trigger on in turn).
    expect((await api.get(`/contacts/${idle.id}`)).body.subscribed).toBe(false);
    await eventually(async () => (await contactEvents(api, idle.id)).includes('contact.unsubscribed'));

    // The history says which step ran when, and what it decided.
    const one = (await api.get(`/workflows/${wf.id}/executions/${byContact[active.id].id}`)).body;
    // A wait shows twice: when it began, and how it ended.
    expect(one.history.map((h: any) => h.type)).toEqual([
      'TRIGGER',
      'DELAY',
      'DELAY',
      'CONDITION',
      'SEND_EMAIL',
      'WAIT_FOR_EVENT',
      'WAIT_FOR_EVENT',
      'WEBHOOK',
      'UPDATE_CONTACT',
      'EXIT',
    ]);
    expect(one.history.map((h: any) => h.outcome)).toEqual([
      { event: `signup.${t}` },
      { delay: '1 minutes' },
      { waited: true },
      { branch: 'yes' },
      { emailId: expect.any(String) },
      { waitingFor: `activated.${t}` },
      expect.objectContaining({ waitOutcome: 'EVENT', event: `activated.${t}` }),
      { status: 200 },
      { updated: ['onboarded'] },
      {},
    ]);
    expect(one.history[3].name).toBe((await api.get(`/workflows/${wf.id}`)).body.steps.find((x: any) => x.id === wf.ids.isPro).name);
    const timedOut = (await api.get(`/workflows/${wf.id}/executions/${byContact[idle.id].id}`)).body;
    expect(timedOut.history.filter((h: any) => h.type === 'WAIT_FOR_EVENT').map((h: any) => h.outcome)).toEqual([
      { waitingFor: `activated.${t}` },
      { waitOutcome: 'TIMEOUT' },
    ]);

    // Runs show in the activity feed and its stats.
    await eventually(async () => (await api.get('/activity/stats')).body.totalWorkflowsStarted >= 3);
  });

  it('re-entry: without it a contact runs a workflow once (a manual start is a 409); a disabled workflow refuses a start (400)', async () => {
    const t = tag();
    const once = await build(`ping.${t}`, { bye: { type: 'EXIT' } }, [['trigger', 'bye']]);
    const again = await build(`ping.${t}`, { bye: { type: 'EXIT' } }, [['trigger', 'bye']], { allowReentry: true });
    const c = await contact(`re@${t}.test`);
    await pub.post('/v1/track', { event: `ping.${t}`, email: c.email });
    await pub.post('/v1/track', { event: `ping.${t}`, email: c.email });
    await settled(again.id, 2);
    expect(await settled(once.id, 1)).toHaveLength(1);

    const manual = await api.post(`/workflows/${once.id}/executions`, { contactId: c.id });
    expect([manual.status, manual.body.error.code]).toEqual([409, 'CONFLICT']);
    const withContext = await api.post(`/workflows/${again.id}/executions`, { contactId: c.id, context: { source: 'manual' } });
    expect([withContext.status, withContext.body.context]).toEqual([201, { source: 'manual' }]);
    await settled(again.id, 3);

    expect((await api.patch(`/workflows/${again.id}`, { enabled: false })).status).toBe(200);
    const disabled = await api.post(`/workflows/${again.id}/executions`, { contactId: c.id });
    expect([disabled.status, disabled.body.error.code]).toEqual([400, 'BAD_REQUEST']);
    // A disabled workflow starts nothing for its event either.
    await pub.post('/v1/track', { event: `ping.${t}`, email: c.email });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await executions(again.id)).toHaveLength(3);
    const unknown = await api.post(`/workflows/${once.id}/executions`, { contactId: '01970b1e-3c4d-7e5f-8a9b-0c1d2e3f4a5b' });
    expect(unknown.status).toBe(404);
  });

  it("Herald's own events trigger workflows too (contact.unsubscribed)", async () => {
    const t = tag();
    const wf = await build('contact.unsubscribed', { bye: { type: 'EXIT', config: { reason: 'left' } } }, [['trigger', 'bye']]);
    const c = await contact(`leaver@${t}.test`);
    expect((await api.patch(`/contacts/${c.id}`, { subscribed: false })).status).toBe(200);
    const run = await eventually(async () => (await executions(wf.id)).find((e) => e.contactId === c.id && e.status === 'EXITED'));
    expect(run.exitReason).toBe('left');
    expect((await api.patch(`/workflows/${wf.id}`, { enabled: false })).status).toBe(200);
  });

  it('cancels one execution and then all; a workflow with active executions cannot be deleted until then; upcoming lists the waiting ones', async () => {
    const t = tag();
    const wf = await build(`later.${t}`, { wait: { type: 'DELAY', config: { amount: 7, unit: 'days' } }, bye: { type: 'EXIT' } }, [
      ['trigger', 'wait'],
      ['wait', 'bye'],
    ]);
    for (let i = 0; i < 3; i++) await pub.post('/v1/track', { event: `later.${t}`, email: `c${i}@${t}.test` });
    const waiting = await eventually(async () => {
      const w = await executions(wf.id, 'WAITING');
      return w.length === 3 ? w : undefined;
    });
    expect(waiting[0].waitingFor.until).toBeTruthy();
    const upcoming = (await api.get('/activity/upcoming?limit=50')).body.activities;
    expect(upcoming.filter((a: any) => a.metadata?.workflowId === wf.id)).toHaveLength(3);

    expect((await api.delete(`/workflows/${wf.id}`)).status).toBe(409);
    const one = await api.delete(`/workflows/${wf.id}/executions/${waiting[0].id}`);
    expect([one.status, one.body.status]).toEqual([200, 'CANCELLED']);
    expect((await api.delete(`/workflows/${wf.id}/executions/${waiting[0].id}`)).status).toBe(400);
    const all = await api.post(`/workflows/${wf.id}/executions/cancel-all`);
    expect(all.body).toEqual({ cancelled: 2 });
    expect(await executions(wf.id, 'CANCELLED')).toHaveLength(3);
    expect((await api.delete(`/workflows/${wf.id}`)).status).toBe(204);
  });

  it('deleting a step executions wait on moves them on (splice) or exits them with a reason', async () => {
    const t = tag();
    const wf = await build(
      `step.${t}`,
      { wait: { type: 'DELAY', config: { amount: 7, unit: 'days' } }, after: { type: 'EXIT', config: { reason: 'moved on' } } },
      [
        ['trigger', 'wait'],
        ['wait', 'after'],
      ],
    );
    await pub.post('/v1/track', { event: `step.${t}`, email: `a@${t}.test` });
    await eventually(async () => (await executions(wf.id, 'WAITING')).length === 1);
    expect((await api.delete(`/workflows/${wf.id}/steps/${wf.ids.wait}?splice=true`)).status).toBe(204);
    expect((await settled(wf.id, 1))[0]).toMatchObject({ status: 'EXITED', exitReason: 'moved on' });

    const wf2 = await build(`step2.${t}`, { wait: { type: 'DELAY', config: { amount: 7, unit: 'days' } }, after: { type: 'EXIT' } }, [
      ['trigger', 'wait'],
      ['wait', 'after'],
    ]);
    await pub.post('/v1/track', { event: `step2.${t}`, email: `a@${t}.test` });
    await eventually(async () => (await executions(wf2.id, 'WAITING')).length === 1);
    expect((await api.delete(`/workflows/${wf2.id}/steps/${wf2.ids.wait}`)).status).toBe(204);
    const [ended] = await settled(wf2.id, 1);
    expect(ended.status).toBe('EXITED');
    expect(ended.exitReason).toMatch(/was deleted/);
  });

  it('retries a webhook on 5xx with backoff, and fails the execution on a 4xx', async () => {
    const t = tag();
    let flaky = 2;
    receiver.respond = (r) => (r.path === `/flaky/${t}` && flaky-- > 0 ? 503 : r.path === `/gone/${t}` ? 404 : 200);
    const flakyWf = await build(`flaky.${t}`, { hook: { type: 'WEBHOOK', config: { url: `http://127.0.0.1:${receiver.port}/flaky/${t}`, method: 'POST' } } }, [
      ['trigger', 'hook'],
    ]);
    const goneWf = await build(
      `gone.${t}`,
      {
        hook: {
          type: 'WEBHOOK',
          config: { url: `http://127.0.0.1:${receiver.port}/gone/${t}`, method: 'PUT', body: { email: '{{contact.email}}', fixed: 1 } },
        },
      },
      [['trigger', 'hook']],
    );
    await pub.post('/v1/track', { event: `flaky.${t}`, email: `f@${t}.test` });
    await pub.post('/v1/track', { event: `gone.${t}`, email: `g@${t}.test` });
    expect((await settled(flakyWf.id, 1))[0].status).toBe('COMPLETED');
    const flakyCalls = receiver.to(`/flaky/${t}`);
    expect(flakyCalls).toHaveLength(3);
    // Every try of the step carries the same key: a receiver can tell a retry from a new call.
    expect(new Set(flakyCalls.map((c) => c.headers['idempotency-key'])).size).toBe(1);
    const [gone] = await settled(goneWf.id, 1);
    expect(gone.status).toBe('FAILED');
    expect(gone.exitReason).toMatch(/404/);
    expect(receiver.to(`/gone/${t}`).map((c) => [c.method, JSON.parse(c.body)])).toEqual([['PUT', { email: `g@${t}.test`, fixed: 1 }]]);
    receiver.respond = () => 200;
  });

  it("never shows or touches another project's workflows", async () => {
    const t = tag();
    const owner = await s.t.owner();
    const created = await owner.post('/users/@me/projects', { name: `Tenant ${t}` });
    const other = new Api(s.t.baseUrl, created.body.secret);
    const wf = await build(`mine.${t}`, { wait: { type: 'DELAY', config: { amount: 7, unit: 'days' } } }, [['trigger', 'wait']]);
    await pub.post('/v1/track', { event: `mine.${t}`, email: `m@${t}.test` });
    const [e] = await eventually(async () => {
      const w = await executions(wf.id, 'WAITING');
      return w.length ? w : undefined;
    });
    const stepId = wf.ids.wait;
    const probes: Array<[string, string, unknown?]> = [
      ['get', `/workflows/${wf.id}`],
      ['patch', `/workflows/${wf.id}`, { name: 'x' }],
      ['delete', `/workflows/${wf.id}`],
      ['post', `/workflows/${wf.id}/steps`, { type: 'EXIT' }],
      ['patch', `/workflows/${wf.id}/steps/${stepId}`, { name: 'x' }],
      ['delete', `/workflows/${wf.id}/steps/${stepId}`],
      ['post', `/workflows/${wf.id}/transitions`, { fromStepId: wf.ids.trigger, toStepId: stepId }],
      ['post', `/workflows/${wf.id}/executions`, { contactId: e.contactId }],
      ['get', `/workflows/${wf.id}/executions`],
      ['get', `/workflows/${wf.id}/executions/${e.id}`],
      ['delete', `/workflows/${wf.id}/executions/${e.id}`],
      ['post', `/workflows/${wf.id}/executions/cancel-all`],
    ];
    for (const [method, path, body] of probes) {
      const r = await (other as any)[method](path, body);
      expect([method, path, r.status]).toEqual([method, path, 404]);
    }
    expect((await other.get('/workflows')).body.workflows).toEqual([]);
    // Untouched: still waiting, with its step.
    expect((await executions(wf.id, 'WAITING')).map((x) => x.id)).toEqual([e.id]);
    expect((await api.get(`/workflows/${wf.id}`)).body.steps).toHaveLength(2);
    // Project two's tracked event of the same name starts nothing of project one's.
    const otherPub = new Api(s.t.baseUrl, created.body.public);
    await otherPub.post('/v1/track', { event: `mine.${t}`, email: `m@${t}.test` });
    await new Promise((r) => setTimeout(r, 1000));
    expect(await executions(wf.id)).toHaveLength(1);
    await api.post(`/workflows/${wf.id}/executions/cancel-all`);
  });
});
