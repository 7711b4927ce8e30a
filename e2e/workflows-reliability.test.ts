import { Api, eventually, TopologyKind } from '../libs/testing/src';
import { HttpReceiver } from './support/receiver';
import { useSendingStack } from './support/sending';

/** The senders' concurrency: what all-in-one's kill -9 may deliver twice (docs/decisions/README.md, "Campaigns"). */
const SEND_CONCURRENCY = 16;

/**
 * Workflows under failure, in both topologies: a kill -9 of the workflows process (all-in-one:
 * the process) while 1,000 executions wait on DELAY timers and fall due — after a restart every
 * one resumes and every contact gets its email once; and SSRF attempts refused in a deployment
 * that does not allow private webhook targets (the default), whether the URL names a private
 * address or a name that resolves to one.
 */
describe.each<TopologyKind>(['all', 'split'])('workflows reliability (%s)', (kind) => {
  // A lease of 2 s: executions a killed worker held are due again 2 s after its claim. All-in-one
  // with pools of 8 (tests' default is 4, production's 10): with 4 shared by every service of the
  // process, 1,000 executions resuming at once on a loaded 2-core machine took longer than the
  // wait below. Split's processes have one service each.
  const s = useSendingStack(kind, {
    env: {
      WORKFLOW_TIME_SCALE: '0.001',
      WORKFLOW_LEASE_MS: '2000',
      WORKFLOW_RETRY_BASE_MS: '100',
      RATE_LIMIT_PER_MINUTE: '100000',
      DB_POOL_MAX: kind === 'all' ? '8' : '4',
    },
  });
  let receiver: HttpReceiver;
  beforeAll(async () => {
    receiver = await HttpReceiver.start();
  });
  afterAll(() => receiver?.close());

  async function workflow(api: Api, eventName: string, steps: Array<Record<string, unknown>>) {
    const w = (await api.post('/workflows', { name: eventName, eventName })).body;
    let from = w.steps[0].id;
    for (const spec of steps) {
      const step = await api.post(`/workflows/${w.id}/steps`, spec);
      expect([step.status, step.body?.error]).toEqual([201, undefined]);
      expect((await api.post(`/workflows/${w.id}/transitions`, { fromStepId: from, toStepId: step.body.id })).status).toBe(201);
      from = step.body.id;
    }
    expect((await api.patch(`/workflows/${w.id}`, { enabled: true })).status).toBe(200);
    return w.id as string;
  }
  const count = async (api: Api, id: string, status: string) => (await api.get(`/workflows/${id}/executions?status=${status}&pageSize=1`)).body.total as number;

  it('a kill -9 while 1,000 executions wait and fall due: after a restart all resume, and each contact gets one email', async () => {
    const api = s.api;
    const pub = new Api(s.t.baseUrl, s.t.keys.public);
    const domain = `rel-${kind}.test`;
    const tpl = (await api.post('/templates', { name: 'Reminder', subject: 'Reminder', body: '<p>Hi {{email}}</p>', type: 'TRANSACTIONAL', from: s.from }))
      .body;
    // Two hours at 0.001: the timers fall due about 7 s after each start.
    const id = await workflow(api, `rel.${kind}`, [
      { type: 'DELAY', config: { amount: 2, unit: 'hours' } },
      { type: 'SEND_EMAIL', templateId: tpl.id },
      { type: 'EXIT', config: { reason: 'sent' } },
    ]);
    const emails = Array.from({ length: 1000 }, (_, i) => `r${i}@${domain}`);
    for (let i = 0; i < emails.length; i += 50) {
      const rs = await Promise.all(emails.slice(i, i + 50).map((email) => pub.post('/v1/track', { event: `rel.${kind}`, email })));
      expect(rs.map((r) => r.status)).toEqual(rs.map(() => 200));
    }
    await eventually(async () => (await count(api, id, 'WAITING')) + (await count(api, id, 'EXITED')) === 1000, 60_000, 250);
    const received = () => s.smtp!.messages.filter((m) => m.envelope.to[0]?.endsWith(`@${domain}`));
    // Mid-step: some emails are out, most timers are still running down or being walked.
    await eventually(async () => received().length >= 50, 60_000, 20);
    const target = kind === 'all' ? 'all' : 'workflows';
    await s.t.kill(target);
    await s.t.restart(target);

    await eventually(async () => (await count(api, id, 'EXITED')) === 1000, 90_000, 500).catch(async () => {
      // Stuck, slow or failed: the counts tell which.
      const by = await Promise.all(['WAITING', 'RUNNING', 'EXITED', 'FAILED'].map(async (status) => `${status} ${await count(api, id, status)}`));
      throw new Error(`not every execution EXITED within 90 s of the restart: ${by.join(', ')}`);
    });
    await eventually(async () => new Set(received().map((m) => m.envelope.to[0])).size === 1000, 30_000, 250);
    const duplicates = received().length - 1000;
    // Split: the workflows process dying doubles nothing (one email per execution and step, by
    // key); all-in-one's kill takes the senders down too: at most their documented window.
    if (kind === 'split') expect(duplicates).toBe(0);
    else expect(duplicates).toBeLessThanOrEqual(SEND_CONCURRENCY);
    expect(await count(api, id, 'FAILED')).toBe(0);
  }, 240_000);

  it('refuses SSRF: a private address at write time, and a name resolving to one at call time', async () => {
    const api = s.api;
    const pub = new Api(s.t.baseUrl, s.t.keys.public);
    const probe = (await api.post('/workflows', { name: 'probe', eventName: `probe.${kind}` })).body;
    for (const url of [
      `http://127.0.0.1:${receiver.port}/x`,
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x',
      'http://10.0.0.7/x',
      'http://localhost/x',
      'http://0x7f000001/x',
    ]) {
      const r = await api.post(`/workflows/${probe.id}/steps`, { type: 'WEBHOOK', config: { url, method: 'POST' } });
      expect([url, r.status, r.body.error?.errors?.[0]?.field]).toEqual([url, 422, 'config.url']);
    }

    // A name that resolves to loopback passes the write (it is a name) and is refused when called.
    s.dns.set(`hooks.${kind}.rebind.test`, 'A', ['127.0.0.1']);
    const id = await workflow(api, `ssrf.${kind}`, [
      { type: 'WEBHOOK', config: { url: `http://hooks.${kind}.rebind.test:${receiver.port}/ssrf`, method: 'POST' } },
    ]);
    await pub.post('/v1/track', { event: `ssrf.${kind}`, email: `ssrf@${kind}.test` });
    const failed = await eventually(async () => (await api.get(`/workflows/${id}/executions?status=FAILED`)).body.executions[0]);
    expect(failed.exitReason).toMatch(/private|loopback|not allowed|forbidden/i);
    expect(receiver.to('/ssrf')).toEqual([]);
  });
});
