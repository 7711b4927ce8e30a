/**
 * Component test: the workflow engine against real PostgreSQL — due executions claimed by two
 * workers at once are each walked exactly once; a claim's write loses to a cancel or a resume
 * made meanwhile; a worker that dies mid-step leaves the execution due at that step after its
 * lease, with the same idempotency key; triggers start executions once per event and contact
 * (re-entry), and a recorded event resumes only waits that began before it. Its own database.
 * Other services are stood in for by recording ports (the engine's contract with them is its
 * ports; their own tests cover their side).
 */
import { Db, migrate } from '../../../../libs/db/src';
import { newId } from '../../../../libs/kit/src';
import type { DomainEvent } from '../../../../libs/contracts/src';
import { migrationsOf } from '../../../../libs/runtime/src';
import { scratchDatabase, ScratchDatabase } from '../../../../libs/testing/src';
import { WorkflowsRepo } from '../../src/adapters/repo';
import { GraphCache, runEngine, type EngineDeps } from '../../src/app/engine';
import { onEventsRecorded } from '../../src/app/triggers';
import { SCHEMA } from '../../src/migrations';
import { workflows } from '../../src/service';

let scratch: ScratchDatabase;
let db: Db;
let store: WorkflowsRepo;

beforeAll(async () => {
  scratch = await scratchDatabase({ poolMax: 12 });
  db = scratch.db;
  await migrate(db, SCHEMA, migrationsOf(workflows));
  store = new WorkflowsRepo(db);
});
afterAll(async () => {
  await scratch?.drop();
});

/** Records what the engine asked of messaging: one entry per SendWorkflowEmail call. */
function deps(sent: string[], settings: Partial<EngineDeps['settings']> = {}): EngineDeps {
  return {
    store,
    contacts: () => ({}) as never,
    messaging: () =>
      ({
        SendWorkflowEmail: async (req: { key: string }) => {
          sent.push(req.key);
          return { email_id: newId(), existing: false, skipped: '' };
        },
      }) as never,
    webhooks: { send: async () => ({ ok: true, status: 200 }) },
    settings: { batch: 50, leaseMs: 60_000, concurrency: 8, timeScale: 1, retryBaseMs: 100, ...settings },
  };
}

/** An enabled workflow: TRIGGER → (DELAY 1 minute →) SEND_EMAIL → EXIT. */
async function workflow(projectId: string, opts: { delay?: boolean; allowReentry?: boolean; event?: string } = {}) {
  const id = newId();
  const ids = { trigger: newId(), delay: newId(), send: newId(), exit: newId() };
  await db.run(async (tx) => {
    await store.insertWorkflow(tx, {
      project_id: projectId,
      id,
      name: 'w',
      description: null,
      trigger_event: opts.event ?? 'go',
      allow_reentry: opts.allowReentry ?? false,
      webhook_secret: 'whsec_x',
    });
    await store.updateWorkflow(tx, projectId, id, { enabled: true });
    const step = (sid: string, type: string, config: object, templateId: string | null = null) =>
      store.insertStep(tx, {
        project_id: projectId,
        workflow_id: id,
        id: sid,
        type: type as never,
        name: type,
        position: null,
        config: config as never,
        template_id: templateId,
      });
    await step(ids.trigger, 'TRIGGER', {});
    if (opts.delay) await step(ids.delay, 'DELAY', { amount: 1, unit: 'minutes' });
    await step(ids.send, 'SEND_EMAIL', {}, newId());
    await step(ids.exit, 'EXIT', { reason: 'done' });
    const edge = (from: string, to: string, waitOutcome: 'EVENT' | null = null) =>
      store.insertTransition(tx, {
        project_id: projectId,
        workflow_id: id,
        id: newId(),
        from_step_id: from,
        to_step_id: to,
        branch: null,
        wait_outcome: waitOutcome,
        priority: 0,
      });
    if (opts.delay) {
      await edge(ids.trigger, ids.delay);
      await edge(ids.delay, ids.send);
    } else await edge(ids.trigger, ids.send);
    await edge(ids.send, ids.exit);
  });
  return { id, ids };
}

/** An enabled workflow started by `start` (re-entry allowed): TRIGGER → WAIT_FOR_EVENT `paid` → (EVENT) EXIT "paid". */
async function waitingWorkflow(projectId: string) {
  const id = newId();
  const [trigger, wait, exit] = [newId(), newId(), newId()];
  await db.run(async (tx) => {
    await store.insertWorkflow(tx, {
      project_id: projectId,
      id,
      name: 'w',
      description: null,
      trigger_event: 'start',
      allow_reentry: true,
      webhook_secret: 'whsec_x',
    });
    await store.updateWorkflow(tx, projectId, id, { enabled: true });
    const step = (sid: string, type: string, config: object) =>
      store.insertStep(tx, {
        project_id: projectId,
        workflow_id: id,
        id: sid,
        type: type as never,
        name: type,
        position: null,
        config: config as never,
        template_id: null,
      });
    await step(trigger, 'TRIGGER', {});
    await step(wait, 'WAIT_FOR_EVENT', { eventName: 'paid' });
    await step(exit, 'EXIT', { reason: 'paid' });
    const edge = (from: string, to: string, waitOutcome: 'EVENT' | null) =>
      store.insertTransition(tx, {
        project_id: projectId,
        workflow_id: id,
        id: newId(),
        from_step_id: from,
        to_step_id: to,
        branch: null,
        wait_outcome: waitOutcome,
        priority: 0,
      });
    await edge(trigger, wait, null);
    await edge(wait, exit, 'EVENT');
  });
  return id;
}

const recorded = (projectId: string, contactId: string, name = 'go', occurredAt = new Date()): DomainEvent<'events.event.recorded.v1'> => ({
  id: newId(),
  type: 'events.event.recorded.v1',
  occurredAt: occurredAt.toISOString(),
  projectId,
  data: { eventId: newId(), contactId, name, occurredAt: occurredAt.toISOString(), data: {} },
});

const statuses = async (workflowId: string) =>
  (await db.query(`SELECT status, count(*)::int AS n FROM workflows.executions WHERE workflow_id = $1 GROUP BY status`, [workflowId])).reduce(
    (o, r) => ({ ...o, [r.status]: r.n }),
    {} as Record<string, number>,
  );

it('two workers claiming at once walk each due execution exactly once', async () => {
  const p = newId();
  const w = await workflow(p);
  const contacts = Array.from({ length: 400 }, () => newId());
  await db.run((tx) =>
    onEventsRecorded(
      store,
      tx,
      contacts.map((c) => recorded(p, c)),
    ),
  );
  expect(await statuses(w.id)).toEqual({ RUNNING: 400 });

  const sent: string[] = [];
  const stop = () => false;
  await Promise.all([runEngine(deps(sent), new GraphCache(store), stop), runEngine(deps(sent), new GraphCache(store), stop)]);
  expect(await statuses(w.id)).toEqual({ EXITED: 400 });
  expect(sent).toHaveLength(400);
  expect(new Set(sent).size).toBe(400);
  const [h] = await db.query(`SELECT history FROM workflows.executions WHERE workflow_id = $1 LIMIT 1`, [w.id]);
  expect(h.history.map((x: any) => x.type)).toEqual(['TRIGGER', 'SEND_EMAIL', 'EXIT']);
});

it('a worker that dies mid-step leaves the execution at that step, due after its lease, and the step runs again with the same key', async () => {
  const p = newId();
  const w = await workflow(p);
  const contact = newId();
  await db.run((tx) => onEventsRecorded(store, tx, [recorded(p, contact)]));
  // The first worker "dies" inside SEND_EMAIL: its call never returns.
  const keys: string[] = [];
  const dying: EngineDeps = {
    ...deps([], { leaseMs: 1000 }),
    messaging: () => ({ SendWorkflowEmail: (req: { key: string }) => (keys.push(req.key), new Promise(() => undefined)) }) as never,
  };
  void runEngine(dying, new GraphCache(store), () => false);
  await waitFor(() => keys.length === 1);
  const [mid] = await db.query(`SELECT status, current_step_id, due_at > now() AS leased FROM workflows.executions WHERE workflow_id = $1`, [w.id]);
  expect(mid).toEqual({ status: 'RUNNING', current_step_id: w.ids.send, leased: true });

  // Nothing is due until the lease is over; then the step runs again, with the same key.
  const sent: string[] = [];
  await runEngine(deps(sent), new GraphCache(store), () => false);
  expect(sent).toEqual([]);
  await new Promise((r) => setTimeout(r, 1100));
  await runEngine(deps(sent), new GraphCache(store), () => false);
  expect(sent).toEqual(keys);
  expect(await statuses(w.id)).toEqual({ EXITED: 1 });
});

it("a claim's write loses to a cancel made while the worker held it", async () => {
  const p = newId();
  const w = await workflow(p);
  await db.run((tx) => onEventsRecorded(store, tx, [recorded(p, newId())]));
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const held: EngineDeps = {
    ...deps([]),
    messaging: () => ({ SendWorkflowEmail: async () => (await gate, { email_id: newId(), existing: false, skipped: '' }) }) as never,
  };
  const run = runEngine(held, new GraphCache(store), () => false);
  await waitFor(
    async () => (await db.query(`SELECT 1 FROM workflows.executions WHERE workflow_id = $1 AND current_step_id = $2`, [w.id, w.ids.send])).length === 1,
  );
  expect(await store.cancel(p, w.id)).toHaveLength(1);
  release();
  await run;
  expect(await statuses(w.id)).toEqual({ CANCELLED: 1 });
});

it('DELAY waits until due; re-entry admits a contact once unless allowed', async () => {
  const p = newId();
  const once = await workflow(p, { delay: true, event: 'signup' });
  const again = await workflow(p, { delay: true, allowReentry: true, event: 'signup' });
  const c = newId();
  await db.run((tx) => onEventsRecorded(store, tx, [recorded(p, c, 'signup'), recorded(p, c, 'signup')]));
  await db.run((tx) => onEventsRecorded(store, tx, [recorded(p, c, 'signup')]));
  expect(await statuses(once.id)).toEqual({ RUNNING: 1 });
  expect(await statuses(again.id)).toEqual({ RUNNING: 3 });
  const sent: string[] = [];
  await runEngine(deps(sent), new GraphCache(store), () => false);
  expect(sent).toEqual([]);
  expect(await statuses(again.id)).toEqual({ WAITING: 3 });
  const [e] = await db.query(`SELECT due_at - now() > interval '50 seconds' AS later FROM workflows.executions WHERE workflow_id = $1 LIMIT 1`, [again.id]);
  expect(e.later).toBe(true);
  // Due now: the next run sends.
  await db.query(`UPDATE workflows.executions SET due_at = now() WHERE project_id = $1`, [p]);
  await runEngine(deps(sent), new GraphCache(store), () => false);
  expect(sent).toHaveLength(4);
});

it('a recorded event resumes waits that began before it, and only those of its contact and project', async () => {
  const p = newId();
  const id = await waitingWorkflow(p);
  const [a, b] = [newId(), newId()];
  const before = new Date(Date.now() - 60_000);
  await db.run((tx) => onEventsRecorded(store, tx, [recorded(p, a, 'start'), recorded(p, b, 'start')]));
  await runEngine(deps([]), new GraphCache(store), () => false);
  expect(await statuses(id)).toEqual({ WAITING: 2 });
  // An event older than the wait, one of another project, one of another name: nothing moves.
  await db.run((tx) => onEventsRecorded(store, tx, [recorded(p, a, 'paid', before), recorded(newId(), a, 'paid'), recorded(p, a, 'other')]));
  expect(await statuses(id)).toEqual({ WAITING: 2 });
  // Two of its events in one batch resume it once.
  await db.run((tx) => onEventsRecorded(store, tx, [recorded(p, a, 'paid'), recorded(p, a, 'paid')]));
  await runEngine(deps([]), new GraphCache(store), () => false);
  expect(await statuses(id)).toEqual({ WAITING: 1, EXITED: 1 });
  const [done] = await db.query(`SELECT contact_id, exit_reason, history FROM workflows.executions WHERE workflow_id = $1 AND status = 'EXITED'`, [id]);
  expect({ contact: done.contact_id, reason: done.exit_reason }).toEqual({ contact: a, reason: 'paid' });
  expect(done.history.map((h: any) => [h.type, h.outcome.waitOutcome ?? null])).toEqual([
    ['TRIGGER', null],
    ['WAIT_FOR_EVENT', null],
    ['WAIT_FOR_EVENT', 'EVENT'],
    ['EXIT', null],
  ]);
});

async function waitFor(fn: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await fn())) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((r) => setTimeout(r, 20));
  }
}

it('an event recorded while a worker is still putting the execution to wait resumes it all the same', async () => {
  const p = newId();
  const id = await waitingWorkflow(p);
  // Another execution of the same batch holds the batch's write back: it sends, and its send waits.
  const slow = await workflow(p, { event: 'start' });
  const contact = newId();
  await db.run((tx) => onEventsRecorded(store, tx, [recorded(p, contact, 'start'), recorded(p, newId(), 'start')]));
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const held: EngineDeps = {
    ...deps([]),
    messaging: () => ({ SendWorkflowEmail: async () => (await gate, { email_id: newId(), existing: false, skipped: '' }) }) as never,
  };
  const run = runEngine(held, new GraphCache(store), () => false);
  await waitFor(
    async () =>
      (
        await db.query(`SELECT 1 FROM workflows.executions WHERE workflow_id = $1 AND contact_id = $2 AND wait_event = 'paid' AND status = 'RUNNING'`, [
          id,
          contact,
        ])
      ).length === 1,
  );
  // The worker has not written WAITING yet; the event arrives now.
  await db.run((tx) => onEventsRecorded(store, tx, [recorded(p, contact, 'paid')]));
  release();
  await run;
  await runEngine(deps([]), new GraphCache(store), () => false);
  const [e] = await db.query(`SELECT status, exit_reason FROM workflows.executions WHERE workflow_id = $1 AND contact_id = $2`, [id, contact]);
  expect(e).toEqual({ status: 'EXITED', exit_reason: 'paid' });
  // The other contact's execution waits on: the event was not its.
  expect(await statuses(id)).toEqual({ EXITED: 1, WAITING: 1 });
  expect(await statuses(slow.id)).toEqual({ EXITED: 2 });
});
