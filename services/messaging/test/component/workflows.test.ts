/**
 * Component test: messaging's half of workflows against real PostgreSQL (its own database,
 * dropped afterwards) — SendWorkflowEmail (one email per key ever, skips, custom recipients, the
 * execution's context rendered at delivery, tenancy, suppressions, the sender rule) through the
 * service's rpc handlers with a stand-in contacts service, and the workflows projection fed to
 * the consumer (template usage, delete refused while a step uses the template).
 */
import type { Api, CallMeta, DomainEvent } from '../../../../libs/contracts/src';
import type { WorkflowEmailRequest__Output } from '../../../../libs/contracts/src/generated/herald/messaging/v1/WorkflowEmailRequest';
import type { WorkflowEmailResponse__Output } from '../../../../libs/contracts/src/generated/herald/messaging/v1/WorkflowEmailResponse';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { Db, migrate } from '../../../../libs/db/src';
import { newId } from '../../../../libs/kit/src';
import { migrationsOf } from '../../../../libs/runtime/src';
import { expectAppError, scratchDatabase, ScratchDatabase } from '../../../../libs/testing/src';
import { BillingBlocks } from '../../src/adapters/billing-blocks';
import { Guardrails } from '../../src/adapters/guardrails';
import { Warmup } from '../../src/adapters/warmup';
import { Shaping } from '../../src/adapters/shaping';
import { REPLY_RULES } from '../../src/domain/shaping';
import { MessagingRepo } from '../../src/adapters/repo';
import { deliver, DeliveryWrites } from '../../src/app/deliver';
import { messagingHandlers } from '../../src/app/handlers';
import type { Mailer, Outgoing, SigningKey, SigningKeys, TemplateRow } from '../../src/app/ports';
import { TokenSigner } from '../../src/domain/tokens';
import { SCHEMA } from '../../src/migrations';
import { messagingConsumer } from '../../src/ports/consumers';
import { messaging } from '../../src/service';

let scratch: ScratchDatabase;
let db: Db;
let repo: MessagingRepo;
let rpc: ReturnType<typeof messagingHandlers>;

/** The contacts service as messaging sees it: contacts by project, BatchGetContacts scoped by the call's project. */
type Contact = { id: string; email: string; subscribed: boolean; data_json: string; created_at: string; updated_at: string };
const contactsByProject = new Map<string, Contact[]>();
const contacts = {
  async BatchGetContacts(req: { ids: string[] }, meta?: CallMeta) {
    if (!meta?.projectId) throw new Error('BatchGetContacts without a project');
    return { contacts: (contactsByProject.get(meta.projectId) ?? []).filter((c) => req.ids.includes(c.id)) };
  },
} as unknown as Api<'contacts'>;

/** Verified sender domains, by `<project>/<domain>`. */
const verified = new Set<string>();
const signingKeys: SigningKeys = {
  async get(projectId, domain) {
    return { found: verified.has(`${projectId}/${domain}`), domain, selector: 'herald', private_key_pem: '', return_path_domain: '' } as SigningKey;
  },
};

beforeAll(async () => {
  scratch = await scratchDatabase({ poolMax: 6 });
  db = scratch.db;
  await migrate(db, SCHEMA, migrationsOf(messaging));
  repo = new MessagingRepo(db);
  rpc = messagingHandlers({
    repo,
    contacts: () => contacts,
    domains: () => ({}) as Api<'domains'>,
    signingKeys,
    tokens: new TokenSigner('t'.repeat(32)),
    dns: {} as never,
    webhooks: {} as never,
    maxAttachmentBytes: 1024,
    billing: new BillingBlocks(db),
    devMailbox: false,
    warmup: { store: {} as never, scale: 1 },
    shaping: new Shaping(db, { limits: {}, rules: REPLY_RULES, timeScale: 1 }),
  });
});

afterAll(async () => {
  await scratch?.drop();
});

/** A project with a verified domain `sender.test` and a contact (more with `contact`). */
function project() {
  const id = newId();
  verified.add(`${id}/sender.test`);
  contactsByProject.set(id, []);
  return id;
}

function contact(projectId: string, email: string, data: Record<string, unknown> = {}, subscribed = true): Contact {
  const c = { id: newId(), email, subscribed, data_json: JSON.stringify(data), created_at: '', updated_at: '' };
  contactsByProject.get(projectId)!.push(c);
  return c;
}

function template(projectId: string, over: Partial<TemplateRow> = {}) {
  return repo.insertTemplate(projectId, {
    id: newId(),
    name: 'Welcome',
    description: '',
    subject: 'Welcome {{data.name}}',
    body: '<p>Hello</p>',
    from_email: 'hello@sender.test',
    from_name: 'Hello',
    reply_to: null,
    type: 'TRANSACTIONAL',
    design: null,
    ...over,
  });
}

const send = (projectId: string, req: Partial<WorkflowEmailRequest__Output>) =>
  rpc.SendWorkflowEmail(
    { key: `${newId()}:${newId()}`, workflow_id: '', template_id: '', contact_id: '', to: '', tracking: '', context_json: '', ...req },
    { projectId },
  ) as Promise<WorkflowEmailResponse__Output>;

const emailRow = async (projectId: string, id: string) =>
  (await db.query(`SELECT * FROM messaging.emails WHERE project_id = $1 AND id = $2`, [projectId, id]))[0];

const eventsOf = (emailId: string) =>
  db.query<{ type: string; data: any }>(`SELECT type, data FROM messaging.outbox WHERE data->>'emailId' = $1 ORDER BY seq`, [emailId]);

describe('SendWorkflowEmail', () => {
  it('sends one email per key, ever: the same key again answers the same email, existing, and writes nothing more', async () => {
    const p = project();
    const c = contact(p, 'jane@x.test', { name: 'Jane' });
    const t = await template(p);
    const workflowId = newId();
    const key = `${newId()}:${newId()}`;

    const first = await send(p, { key, workflow_id: workflowId, template_id: t.id, contact_id: c.id });
    expect(first).toEqual({ email_id: expect.any(String), existing: false, skipped: '' });
    const again = await send(p, { key, workflow_id: workflowId, template_id: t.id, contact_id: c.id });
    expect(again).toEqual({ email_id: first.email_id, existing: true, skipped: '' });

    const rows = await db.query(`SELECT * FROM messaging.emails WHERE project_id = $1`, [p]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: first.email_id,
      contact_id: c.id,
      to_email: 'jane@x.test',
      from_email: 'hello@sender.test',
      from_name: 'Hello',
      template_id: t.id,
      workflow_id: workflowId,
      idempotency_key: key,
      source_type: 'workflow',
      lane: 'transactional',
      type: 'TRANSACTIONAL',
      status: 'queued',
      tracking: true,
      vars: { data: { name: 'Jane' }, email: 'jane@x.test', id: c.id, subscribed: true, context: {} },
    });
    // One work item, on the transactional lane: the repeat queued nothing.
    expect((await eventsOf(first.email_id)).map((e) => [e.type, e.data.lane])).toEqual([['messaging.email.queued.v1', 'transactional']]);

    // Another key is another email.
    const other = await send(p, { template_id: t.id, contact_id: c.id });
    expect(other.existing).toBe(false);
    expect(other.email_id).not.toBe(first.email_id);
  });

  it('writes one email when the same key arrives many times at once', async () => {
    const p = project();
    const c = contact(p, 'race@x.test');
    const t = await template(p);
    const key = `${newId()}:${newId()}`;
    const answers = await Promise.all(Array.from({ length: 6 }, () => send(p, { key, template_id: t.id, contact_id: c.id })));
    expect(new Set(answers.map((a) => a.email_id)).size).toBe(1);
    expect(answers.filter((a) => !a.existing)).toHaveLength(1);
    expect((await db.query(`SELECT count(*)::int AS n FROM messaging.emails WHERE project_id = $1`, [p]))[0].n).toBe(1);
    expect(await eventsOf(answers[0].email_id)).toHaveLength(1);
  });

  it('writes one email and one event when inserts of one key race past the check for it (the unique index decides)', async () => {
    const p = project();
    const key = `${newId()}:${newId()}`;
    const attempts = Array.from({ length: 6 }, () => {
      const id = newId();
      const email = {
        projectId: p,
        id,
        key,
        contactId: newId(),
        toEmail: 'race@x.test',
        fromEmail: 'hello@sender.test',
        subject: 's',
        body: 'b',
        type: 'TRANSACTIONAL' as const,
        vars: {},
        tracking: false,
      };
      const [queued, suppressed] = repo.outbox.envelopes([
        { type: 'messaging.email.queued.v1', projectId: p, data: { emailId: id, lane: 'transactional' } },
        {
          type: 'messaging.email.status_changed.v1',
          projectId: p,
          data: {
            emailId: id,
            contactId: email.contactId,
            status: 'failed',
            messageId: null,
            subject: 's',
            from: email.fromEmail,
            templateId: null,
            campaignId: null,
            sourceType: 'workflow',
            reason: 'suppressed',
          },
        },
      ]);
      return { email, events: { queued, suppressed } };
    });
    // Each from its own connection, all at once: every one gets past any check made before its insert.
    const answers = await Promise.all(attempts.map((a) => repo.insertWorkflowEmail(a.email, a.events)));
    const winner = answers.find((a) => !a.existing)!;
    expect(answers.filter((a) => !a.existing)).toHaveLength(1);
    expect(answers.map((a) => a.id)).toEqual(answers.map(() => winner.id));
    expect((await db.query(`SELECT id FROM messaging.emails WHERE project_id = $1`, [p])).map((r) => r.id)).toEqual([winner.id]);
    expect((await db.query(`SELECT count(*)::int AS n FROM messaging.outbox WHERE project_id = $1`, [p]))[0].n).toBe(1);
  });

  it('keeps keys per project: the same key in another project is another email', async () => {
    const [a, b] = [project(), project()];
    const key = `${newId()}:${newId()}`;
    const ea = await send(a, { key, template_id: (await template(a)).id, contact_id: contact(a, 'k@x.test').id });
    const eb = await send(b, { key, template_id: (await template(b)).id, contact_id: contact(b, 'k@x.test').id });
    expect(eb.existing).toBe(false);
    expect(eb.email_id).not.toBe(ea.email_id);
  });

  it('skips an unsubscribed contact for a MARKETING template (also to a custom address), not for a TRANSACTIONAL one', async () => {
    const p = project();
    const c = contact(p, 'gone@x.test', {}, false);
    const marketing = await template(p, { type: 'MARKETING' });
    const transactional = await template(p, { type: 'TRANSACTIONAL' });

    expect(await send(p, { template_id: marketing.id, contact_id: c.id })).toEqual({ email_id: '', existing: false, skipped: 'unsubscribed' });
    expect(await send(p, { template_id: marketing.id, contact_id: c.id, to: 'someone@x.test' })).toMatchObject({ email_id: '', skipped: 'unsubscribed' });
    expect((await db.query(`SELECT count(*)::int AS n FROM messaging.emails WHERE project_id = $1`, [p]))[0].n).toBe(0);

    const sent = await send(p, { template_id: transactional.id, contact_id: c.id });
    expect(sent).toMatchObject({ existing: false, skipped: '' });
    expect(await emailRow(p, sent.email_id)).toMatchObject({ to_email: 'gone@x.test', status: 'queued', type: 'TRANSACTIONAL' });

    // A subscribed contact gets the marketing email.
    const d = contact(p, 'here@x.test');
    const m = await send(p, { template_id: marketing.id, contact_id: d.id });
    expect(await emailRow(p, m.email_id)).toMatchObject({ to_email: 'here@x.test', type: 'MARKETING' });
  });

  it('skips a contact that does not exist, in this project', async () => {
    const [p, other] = [project(), project()];
    const t = await template(p);
    const elsewhere = contact(other, 'other@x.test');
    expect(await send(p, { template_id: t.id, contact_id: newId() })).toEqual({ email_id: '', existing: false, skipped: 'contact_not_found' });
    expect(await send(p, { template_id: t.id, contact_id: elsewhere.id })).toMatchObject({ skipped: 'contact_not_found' });
    expect((await db.query(`SELECT count(*)::int AS n FROM messaging.emails WHERE project_id = $1`, [p]))[0].n).toBe(0);
  });

  it("sends to a custom address on the contact's behalf; a bad one is a 422 naming `to`", async () => {
    const p = project();
    const c = contact(p, 'owner@x.test', { name: 'Owner' });
    const t = await template(p);
    const r = await send(p, { template_id: t.id, contact_id: c.id, to: '  Sales@Partner.TEST ' });
    expect(await emailRow(p, r.email_id)).toMatchObject({
      to_email: 'sales@partner.test',
      contact_id: c.id,
      vars: { email: 'owner@x.test', id: c.id, data: { name: 'Owner' } },
    });

    const err = await expectAppError(send(p, { template_id: t.id, contact_id: c.id, to: 'not-an-address' }));
    expect(err).toMatchObject({ status: 422, code: 'VALIDATION_ERROR', errors: [expect.objectContaining({ field: 'to' })] });
  });

  it("renders at delivery as /v1/send does, with the execution context under `context`, which shadows none of the contact's data", async () => {
    const p = project();
    const c = contact(p, 'ctx@x.test', { name: 'Jane', plan: 'pro' });
    const t = await template(p, {
      subject: 'Hi {{name}} ({{data.name}})',
      body: '<p>order {{context.orderId}}, plan {{plan}}/{{data.plan}}, context plan {{context.plan}}, {{email}}</p>',
    });
    const r = await send(p, {
      template_id: t.id,
      contact_id: c.id,
      tracking: 'DISABLED',
      context_json: JSON.stringify({ orderId: 'A-17', plan: 'ctx', name: 'Ctx', data: { plan: 'ctx' }, email: 'ctx@evil.test' }),
    });

    const sent: Outgoing[] = [];
    const mailer: Mailer = {
      kind: 'dev',
      async send(msg) {
        sent.push(msg);
        return { messageId: String(msg.mail.messageId), response: 'ok', raw: '' };
      },
      close: () => undefined,
    };
    const unsigned: SigningKeys = { get: async (_p, domain) => ({ found: false, domain, selector: '', private_key_pem: '', return_path_domain: '' }) };
    await deliver(
      {
        repo,
        writes: new DeliveryWrites(repo),
        mailer,
        routes: { route: async () => ({ hosts: [], provider: 'other' }) },
        signingKeys: unsigned,
        tokens: new TokenSigner('t'.repeat(32)),
        publicUrl: 'http://herald.test',
        throttle: async () => ({ allowed: true, remaining: 1, msBeforeNext: 0 }),
        maxAttempts: 3,
        guardrails: new Guardrails(db),
        warmup: new Warmup(db, new RateLimiterMemory({ points: 1e9, duration: 3600 }), { newDomains: false, scale: 1 }),
        shaping: new Shaping(db, { limits: {}, rules: REPLY_RULES, timeScale: 1 }),
      },
      p,
      r.email_id,
      false,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].mail.subject).toBe('Hi Jane (Jane)');
    expect(sent[0].mail.html).toBe('<p>order A-17, plan pro/pro, context plan ctx, ctx@x.test</p>');
    expect(sent[0].envelope.to).toEqual(['ctx@x.test']);
  });

  it('refuses a context that is not a JSON object', async () => {
    const p = project();
    const t = await template(p);
    const c = contact(p, 'bad-ctx@x.test');
    for (const context_json of ['[1]', '"s"', 'null', '{nope']) {
      const err = await expectAppError(send(p, { template_id: t.id, contact_id: c.id, context_json }));
      expect(err).toMatchObject({ status: 422, errors: [expect.objectContaining({ field: 'context' })] });
    }
  });

  it("tracks opens and clicks by the project's setting, as /v1/send", async () => {
    const p = project();
    const c = contact(p, 'track@x.test');
    const tx = await template(p, { type: 'TRANSACTIONAL' });
    const mk = await template(p, { type: 'MARKETING' });
    const tracking = async (templateId: string, setting: string) =>
      (await emailRow(p, (await send(p, { template_id: templateId, contact_id: c.id, tracking: setting })).email_id)).tracking;
    expect(await tracking(tx.id, 'ENABLED')).toBe(true);
    expect(await tracking(tx.id, '')).toBe(true);
    expect(await tracking(tx.id, 'DISABLED')).toBe(false);
    expect(await tracking(tx.id, 'MARKETING_ONLY')).toBe(false);
    expect(await tracking(mk.id, 'MARKETING_ONLY')).toBe(true);
    expect(await tracking(mk.id, 'DISABLED')).toBe(false);
  });

  it("answers NOT_FOUND for a missing template, and for another project's", async () => {
    const [p, other] = [project(), project()];
    const c = contact(p, 'nf@x.test');
    const theirs = await template(other);
    for (const template_id of [newId(), theirs.id, 'not-a-uuid']) {
      const err = await expectAppError(send(p, { template_id, contact_id: c.id }));
      expect(err).toMatchObject({ status: 404, code: 'TEMPLATE_NOT_FOUND' });
    }
    expect((await db.query(`SELECT count(*)::int AS n FROM messaging.emails WHERE project_id = ANY($1::uuid[])`, [[p, other]]))[0].n).toBe(0);
  });

  it('needs a sender on the template (422), of a verified domain (403 DOMAIN_NOT_VERIFIED)', async () => {
    const p = project();
    const c = contact(p, 'from@x.test');
    const noFrom = await template(p, { from_email: null });
    expect(await expectAppError(send(p, { template_id: noFrom.id, contact_id: c.id }))).toMatchObject({
      status: 422,
      errors: [expect.objectContaining({ field: 'from' })],
    });
    const unverified = await template(p, { from_email: 'hello@unverified.test' });
    expect(await expectAppError(send(p, { template_id: unverified.id, contact_id: c.id }))).toMatchObject({ status: 403, code: 'DOMAIN_NOT_VERIFIED' });
    expect((await db.query(`SELECT count(*)::int AS n FROM messaging.emails WHERE project_id = $1`, [p]))[0].n).toBe(0);
  });

  it('fails an email to a suppressed address, as /v1/send: stored failed, its failure event and no work item', async () => {
    const p = project();
    const c = contact(p, 'bounced@x.test');
    const t = await template(p);
    await db.run((work) => repo.suppress(work, p, 'bounced@x.test', 'bounce'));
    const r = await send(p, { template_id: t.id, contact_id: c.id });
    expect(r).toMatchObject({ existing: false, skipped: '' });
    expect(await emailRow(p, r.email_id)).toMatchObject({ status: 'failed', last_error: expect.stringMatching(/suppressed/), enqueued_at: null });
    const events = await eventsOf(r.email_id);
    expect(events.map((e) => e.type)).toEqual(['messaging.email.status_changed.v1']);
    expect(events[0].data).toMatchObject({ status: 'failed', reason: 'suppressed', sourceType: 'workflow', contactId: c.id, templateId: t.id });
    // A custom address is checked, not the contact's.
    const custom = await send(p, { template_id: t.id, contact_id: contact(p, 'fine@x.test').id, to: 'bounced@x.test' });
    expect(await emailRow(p, custom.email_id)).toMatchObject({ status: 'failed' });
  });
});

describe('the workflows projection', () => {
  const consumer = () => messagingConsumer(repo, new BillingBlocks(db));
  const changed = (
    projectId: string,
    workflowId: string,
    version: number,
    steps: Array<{ stepId?: string; name?: string; templateId: string | null }>,
    name = 'Onboarding',
  ): DomainEvent<'workflows.workflow.changed.v1'> => ({
    id: newId(),
    type: 'workflows.workflow.changed.v1',
    occurredAt: new Date().toISOString(),
    projectId,
    data: {
      workflowId,
      name,
      enabled: true,
      triggerEvent: 'signed-up',
      steps: steps.map((s) => ({ stepId: s.stepId ?? newId(), name: s.name ?? '', type: s.templateId ? 'SEND_EMAIL' : 'DELAY', templateId: s.templateId })),
      fields: [],
      eventNames: ['signed-up'],
      version,
    },
  });
  const deleted = (projectId: string, workflowId: string): DomainEvent<'workflows.workflow.deleted.v1'> => ({
    id: newId(),
    type: 'workflows.workflow.deleted.v1',
    occurredAt: new Date().toISOString(),
    projectId,
    data: { workflowId },
  });
  const consume = (e: DomainEvent) => db.tx((tx) => consumer().handlers[e.type]!(e as never, tx));
  const usage = async (projectId: string, id: string) => (await rpc.TemplateUsage({ id }, { projectId })).workflow_steps;
  const remove = (projectId: string, id: string) => rpc.DeleteTemplate({ id }, { projectId });

  it('lists the steps that use a template (named by the step, else by the workflow), and refuses its delete with 409 naming the workflow', async () => {
    const p = project();
    const t = await template(p, { name: 'Welcome mail' });
    const unused = await template(p);
    const [w, step1, step2] = [newId(), newId(), newId()];
    await consume(
      changed(
        p,
        w,
        1,
        [{ stepId: step1, name: 'Send welcome', templateId: t.id }, { stepId: step2, name: '', templateId: t.id }, { templateId: null }],
        'Onboarding',
      ),
    );

    expect(await usage(p, t.id)).toEqual(
      [
        { workflow_id: w, step_id: step1, name: 'Send welcome' },
        { workflow_id: w, step_id: step2, name: 'Onboarding' },
      ].sort((a, b) => a.step_id.localeCompare(b.step_id)),
    );
    expect(await usage(p, unused.id)).toEqual([]);

    const err = await expectAppError(remove(p, t.id));
    expect(err).toMatchObject({ status: 409, code: 'CONFLICT' });
    expect(err.message).toContain('"Onboarding"');
    expect(await repo.template(p, t.id)).toBeDefined();
    // A template no step uses goes.
    await remove(p, unused.id);
    expect(await repo.template(p, unused.id)).toBeUndefined();
  });

  it("keeps projects apart: another project's workflow naming the same template id holds nothing here", async () => {
    const [p, other] = [project(), project()];
    const t = await template(p);
    await consume(changed(other, newId(), 1, [{ templateId: t.id }]));
    expect(await usage(p, t.id)).toEqual([]);
    await remove(p, t.id);
    expect(await repo.template(p, t.id)).toBeUndefined();
  });

  it('frees the template when the workflow is deleted, and a late changed event does not bring the workflow back', async () => {
    const p = project();
    const t = await template(p);
    const w = newId();
    await consume(changed(p, w, 3, [{ templateId: t.id }]));
    expect(await usage(p, t.id)).toHaveLength(1);
    await consume(deleted(p, w));
    expect(await usage(p, t.id)).toEqual([]);
    await consume(changed(p, w, 4, [{ templateId: t.id }]));
    expect(await usage(p, t.id)).toEqual([]);
    await remove(p, t.id);
    expect(await repo.template(p, t.id)).toBeUndefined();
  });

  it('frees the template when a newer version no longer uses it; an older or equal version changes nothing', async () => {
    const p = project();
    const [a, b] = [await template(p), await template(p)];
    const w = newId();
    const step = newId();
    await consume(changed(p, w, 2, [{ stepId: step, name: 'Mail', templateId: b.id }]));
    await consume(changed(p, w, 1, [{ stepId: step, name: 'Mail', templateId: a.id }])); // older: ignored
    await consume(changed(p, w, 2, [{ stepId: step, name: 'Mail', templateId: a.id }])); // the same version again: ignored
    expect(await usage(p, a.id)).toEqual([]);
    expect(await usage(p, b.id)).toEqual([{ workflow_id: w, step_id: step, name: 'Mail' }]);
    await remove(p, a.id);
    expect(await expectAppError(remove(p, b.id))).toMatchObject({ status: 409 });

    // Version 3: the step sends nothing any more (its template cleared).
    await consume(changed(p, w, 3, [{ stepId: step, name: 'Mail', templateId: null }], 'Renamed'));
    expect(await usage(p, b.id)).toEqual([]);
    await remove(p, b.id);
    expect(await repo.template(p, b.id)).toBeUndefined();
  });

  it("answers TEMPLATE_NOT_FOUND for usage and delete of a template that is not the project's", async () => {
    const [p, other] = [project(), project()];
    const theirs = await template(other);
    expect(await expectAppError(usage(p, theirs.id))).toMatchObject({ status: 404, code: 'TEMPLATE_NOT_FOUND' });
    expect(await expectAppError(remove(p, theirs.id))).toMatchObject({ status: 404, code: 'TEMPLATE_NOT_FOUND' });
    expect(await repo.template(other, theirs.id)).toBeDefined();
  });
});
