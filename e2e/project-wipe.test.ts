import crypto from 'node:crypto';
import { Pool } from 'pg';
import { newId } from '../libs/kit/src';
import { Api, eventually, type TopologyKind } from '../libs/testing/src';
import { importCsv, waitJob } from './support/imports';
import { useSendingStack, verifyDomain } from './support/sending';

/**
 * A project's reset and delete (issue 23): 202 with an operation that completes once
 * every service has wiped the project, which leaves no row of it in any table of any service's
 * schema (read from the catalogue: a table added later is checked too) — but, for a reset, what a
 * reset keeps — while another project keeps every row it had.
 */
describe.each<TopologyKind>(['all'])('project reset and delete (%s)', (kind) => {
  const s = useSendingStack(kind, { shared: true });
  let db: Pool;
  let owner: Api;
  let a: { id: string; name: string; api: Api };
  let b: { id: string; api: Api; from: string };
  /** Every table of the Herald schemas with a project_id column (the inbox is bookkeeping, pruned by age). */
  let tables: string[];

  const KEPT_ON_RESET = [
    ...[
      'domains.domains',
      'domains.timers',
      'gateway.memberships',
      'gateway.invitations',
      'gateway.project_suspensions',
      'messaging.suppressions',
      'messaging.billing_blocks',
    ],
    ...['billing.limits', 'billing.usage', 'billing.customers', 'billing.subscriptions', 'billing.invoices', 'billing.provider_events'],
    // The bus's own: events still to be relayed or retried.
    ...['billing', 'campaigns', 'contacts', 'domains', 'events', 'gateway', 'messaging', 'workflows'].flatMap((s) => [`${s}.outbox`, `${s}.failed_events`]),
  ];

  /** Rows of a project, by table (tables without any left out). */
  async function rowsOf(projectId: string): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const t of tables) {
      const [{ n }] = (await db.query(`SELECT count(*)::int AS n FROM ${t} WHERE project_id = $1`, [projectId])).rows;
      if (n) out[t] = n;
    }
    return out;
  }

  /** A bit of everything a project has, in every service. */
  async function seed(api: Api, projectId: string, from: string) {
    const t = Math.random().toString(36).slice(2, 8);
    // A sending domain's throttling, as the sender writes it to messaging's outbox (the relay publishes it).
    await db.query(`INSERT INTO messaging.outbox (id, type, project_id, occurred_at, data) VALUES ($1, 'messaging.deliverability.changed.v1', $2, now(), $3)`, [
      newId(),
      projectId,
      JSON.stringify({ domain: from.split('@')[1], provider: 'google', action: 'throttled', reason: 'deferrals', reply: null, ratePerMinute: 30, until: null }),
    ]);
    expect((await api.post('/v1/track', { event: 'signed-up', email: `jane-${t}@example.com`, data: { plan: 'pro' } })).status).toBe(200);
    expect((await api.post('/templates', { name: 'Welcome', subject: 'Hi', body: '<p>Hi</p>', type: 'TRANSACTIONAL', from })).status).toBe(201);
    expect((await api.post('/v1/send', { to: `jane-${t}@example.com`, from, subject: 'Hello', body: '<p>Hello</p>' })).status).toBe(200);
    expect(
      (
        await api.post('/segments', {
          name: `Pro ${t}`,
          type: 'DYNAMIC',
          condition: { logic: 'AND', groups: [{ filters: [{ field: 'data.plan', operator: 'equals', value: 'pro' }] }] },
        })
      ).status,
    ).toBe(201);
    expect((await api.post('/campaigns', { name: 'News', subject: 'News', body: '<p>News</p>', from, audienceType: 'ALL' })).status).toBe(201);
    expect((await api.post('/workflows', { name: 'Onboarding', eventName: 'signed-up' })).status).toBe(201);
    const job = await importCsv(api, `email,plan\nimported-${t}@example.com,free\n`);
    expect(job.status).toBe(202);
    expect((await waitJob(api, 'import', job.body.id ?? job.body.jobId)).status).toBe('completed');
  }

  const recorded = (rows: Record<string, number>) => (rows['events.events'] ?? 0) >= 3 && (rows['events.deliverability_activity'] ?? 0) >= 1;

  /**
   * A project's rows once what its seed set off has settled: recorded, nothing left in any outbox
   * to relay, and the same counts half a second later (an email's later events still arrive
   * after the first three are in).
   */
  const settled = (id: string) =>
    eventually(async () => {
      const first = await rowsOf(id);
      await new Promise((r) => setTimeout(r, 500));
      const second = await rowsOf(id);
      const pending = Object.keys(second).some((t) => t.endsWith('.outbox'));
      return recorded(second) && !pending && JSON.stringify(first) === JSON.stringify(second) ? second : undefined;
    }, 20_000);

  async function finished(operationId: string) {
    return eventually(async () => {
      const res = await owner.get(`/users/@me/operations/${operationId}`);
      expect(res.status).toBe(200);
      return res.body.status === 'COMPLETED' ? res.body : undefined;
    }, 30_000);
  }

  beforeAll(async () => {
    db = new Pool({ connectionString: s.t.dbUrl, max: 2 });
    db.on('error', () => undefined); // the stack's stop drops the database under an idle connection
    tables = (
      await db.query(
        `SELECT c.table_schema || '.' || c.table_name AS t FROM information_schema.columns c JOIN information_schema.tables x USING (table_schema, table_name)
         WHERE c.column_name = 'project_id' AND x.table_type = 'BASE TABLE' AND c.table_name <> 'inbox'
           AND c.table_schema NOT IN ('pg_catalog', 'information_schema', 'public') ORDER BY 1`,
      )
    ).rows.map((r) => r.t);
    owner = await s.t.owner();
    a = { id: s.t.projectId, name: (await owner.get('/users/@me/projects')).body.find((p: any) => p.id === s.t.projectId).name, api: s.api };
    const created = await owner.post('/users/@me/projects', { name: 'Other' });
    expect(created.status).toBe(201);
    b = { id: created.body.id, api: new Api(s.t.baseUrl, created.body.secret), from: `hello@other-${s.domain}` };
    await verifyDomain(b.api, s.dns, `other-${s.domain}`);
    await seed(a.api, a.id, s.from);
    await seed(b.api, b.id, b.from);
    // Sent and recorded, so the emails' events (and the throttling's activity) are in before anything is wiped.
    await Promise.all([settled(a.id), settled(b.id)]);
  }, 120_000);
  afterAll(() => db?.end());

  it('finds the project data tables of every service', () => {
    for (const schema of ['gateway', 'contacts', 'events', 'messaging', 'domains', 'campaigns', 'workflows', 'billing'])
      expect(tables.some((t) => t.startsWith(`${schema}.`))).toBe(true);
  });

  it('resets: every row of the project goes but what a reset keeps, the keys still work, another project keeps all it had', async () => {
    const before = await rowsOf(b.id);
    const seeded = await rowsOf(a.id);
    for (const t of [
      'contacts.contacts',
      'events.events',
      'messaging.emails',
      'messaging.templates',
      'campaigns.campaigns',
      'contacts.segments',
      'workflows.workflows',
      'contacts.jobs',
      'domains.domains',
      'billing.usage',
      'events.deliverability_activity',
    ])
      expect(seeded[t]).toBeGreaterThan(0);

    const started = await owner.post(`/users/@me/projects/${a.id}/reset`, {});
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ kind: 'reset', projectId: a.id, status: 'RUNNING' });
    const done = await finished(started.body.id);
    expect(Object.values(done.services).every((v) => v === 'DONE')).toBe(true);
    expect(Object.keys(done.services)).toEqual(['billing', 'campaigns', 'contacts', 'domains', 'events', 'gateway', 'messaging', 'workflows']);
    expect(done.deleted.contacts['contacts']).toBe(seeded['contacts.contacts']);

    const left = await rowsOf(a.id);
    expect(Object.keys(left).filter((t) => !KEPT_ON_RESET.includes(t))).toEqual([]);
    expect(left['domains.domains']).toBe(1);
    expect(left['gateway.memberships']).toBe(1);
    expect(left['billing.usage']).toBe(seeded['billing.usage']);
    expect(await rowsOf(b.id)).toEqual(before);

    expect((await a.api.get('/contacts')).body.contacts ?? (await a.api.get('/contacts')).body.data).toEqual([]);
    expect((await a.api.post('/v1/track', { event: 'back', email: 'again@example.com' })).status).toBe(200);
  });

  it('deletes only the OWNER, naming the project', async () => {
    const wrong = await owner.delete(`/users/@me/projects/${a.id}`, { confirm: 'not it' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.errors?.[0]?.field ?? JSON.stringify(wrong.body)).toContain('confirm');
    expect(wrong.body.error.suggestion).toContain(a.name);
    expect((await owner.delete(`/users/@me/projects/${a.id}`)).status).toBe(422);
    expect((await a.api.get('/contacts')).status).toBe(200);
  });

  it('deletes: the project stops answering at once, then no row of it is left anywhere; another project keeps all it had', async () => {
    await seed(a.api, a.id, s.from);
    await settled(a.id);
    const before = await rowsOf(b.id);

    const started = await owner.delete(`/users/@me/projects/${a.id}`, { confirm: a.name });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ kind: 'delete', projectId: a.id });
    expect((await a.api.get('/contacts')).status).toBe(401);
    expect((await owner.get('/users/@me/projects')).body.map((p: any) => p.id)).not.toContain(a.id);

    await finished(started.body.id);
    expect(await rowsOf(a.id)).toEqual({});
    expect((await db.query('SELECT count(*)::int AS n FROM gateway.projects WHERE id = $1', [a.id])).rows[0].n).toBe(0);
    expect(await rowsOf(b.id)).toEqual(before);
    expect((await b.api.get('/contacts')).status).toBe(200);
  });

  it('shows an operation only to the user who asked for it', async () => {
    const mine = await owner.post(`/users/@me/projects/${b.id}/reset`, {});
    expect(mine.status).toBe(202);
    await finished(mine.body.id);
    const signup = await fetch(`${s.t.baseUrl}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `someone-${kind}-${crypto.randomBytes(4).toString('hex')}@example.com`, password: 'another-password-1' }),
    });
    expect(signup.status).toBe(201);
    const stranger = new Api(s.t.baseUrl, undefined, { cookie: signup.headers.get('set-cookie')!.split(';')[0] });
    expect((await stranger.get(`/users/@me/operations/${mine.body.id}`)).status).toBe(404);
    expect((await stranger.post(`/users/@me/projects/${b.id}/reset`, {})).status).toBe(403);
  });
});
