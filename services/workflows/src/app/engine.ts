/**
 * The execution engine. Due executions are claimed in batches by any replica (FOR UPDATE SKIP
 * LOCKED; a claim moves `due_at` to the end of a lease and bumps the version), walked step by
 * step, and written back in one statement per batch — each write applied only if the version
 * still is the claim's, so a cancel, a resume by an event or another worker's later claim wins.
 *
 * Durability: before a step with a side effect (SEND_EMAIL, WEBHOOK, UPDATE_CONTACT) the
 * execution's state is written with that step as its current one. A worker that dies during the
 * step leaves the execution due at its lease's end, and the next claim runs that step again with
 * the same idempotency key (`<executionId>:<stepId>`; the graph has no cycles, so a step runs at
 * most once per execution): messaging creates at most one email per key, a webhook receiver
 * gets the key as Idempotency-Key, contact updates set values (the same twice is once).
 */
import type { Api } from '../../../../libs/contracts/src';
import { isAppError, logger } from '../../../../libs/kit/src';
import { audienceCondition, conditionTests, contextMatches, decideBranch, isContextField } from '../domain/condition';
import { fillText, webhookBody, type WebhookVariables } from '../domain/payload';
import { webhookIdempotencyKey, webhookRetryDelayMs } from '../domain/webhook';
import { DELAY_UNITS, nextStep, type ConditionConfig, type ExecutionStatus, type GraphStep, type StepConfig } from '../domain/workflow';
import type { ClaimedExecution, ExecutionWrite, HistoryEntry, WebhookPort, WorkflowGraph, WorkflowRow, WorkflowsStore } from './ports';

export interface EngineSettings {
  /** Executions claimed at a time. */
  batch: number;
  /** How long a claim holds an execution: a worker that dies leaves it due again after this. */
  leaseMs: number;
  /** Executions of a batch walked at once (their steps wait on other services). */
  concurrency: number;
  /** WORKFLOW_TIME_SCALE: DELAY and WAIT_FOR_EVENT timeouts are multiplied by it (1 in production). */
  timeScale: number;
  /** The first retry's delay of a step that failed for a reason that may pass (backoff from there). */
  retryBaseMs: number;
}

export interface EngineDeps {
  store: WorkflowsStore;
  contacts: () => Api<'contacts'>;
  messaging: () => Api<'messaging'>;
  webhooks: WebhookPort;
  settings: EngineSettings;
}

interface Loaded {
  workflow: WorkflowRow;
  graph: WorkflowGraph;
}

/** Graphs by workflow and version: a step's run reads the graph as it is now, loaded once per change. */
export class GraphCache {
  private readonly graphs = new Map<string, { version: string; graph: WorkflowGraph }>();

  constructor(private readonly store: WorkflowsStore) {}

  async load(claimed: ClaimedExecution[]): Promise<Map<string, Loaded>> {
    const keys = [...new Map(claimed.map((e) => [e.workflow_id, e.project_id])).entries()];
    const workflows = await this.store.workflowsByIds(
      keys.map(([, p]) => p),
      keys.map(([w]) => w),
    );
    const out = new Map<string, Loaded>();
    for (const w of workflows) {
      let cached = this.graphs.get(w.id);
      if (!cached || cached.version !== w.version) {
        cached = { version: w.version, graph: await this.store.graph(w.project_id, w.id) };
        this.graphs.set(w.id, cached);
        if (this.graphs.size > 10_000) this.graphs.delete(this.graphs.keys().next().value!);
      }
      out.set(w.id, { workflow: w, graph: cached.graph });
    }
    return out;
  }
}

/** One run of the engine's timer: claims and walks batches until nothing is due (or it is stopped). */
export async function runEngine(d: EngineDeps, cache: GraphCache, stopped: () => boolean): Promise<void> {
  // A round claims what its walkers can get through in half a lease, not more: what a round
  // claims and does not walk is written back and claimed again (a slow machine did 14 claims
  // and writes per execution with rounds of 500 and 32 walkers).
  const size = Math.min(d.settings.batch, d.settings.concurrency * CLAIMS_PER_WALKER);
  for (let round = 0; round < 50 && !stopped(); round++) {
    const claimed = await d.store.claimDue(size, d.settings.leaseMs);
    if (!claimed.length) return;
    const deadline = Date.now() + d.settings.leaseMs / 2;
    const loaded = await cache.load(claimed);
    const writes: ExecutionWrite[] = [];
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const e = claimed[next++];
        const w = await walk(d, e, loaded.get(e.workflow_id), deadline).catch((err) => {
          logger.error({ err: (err as Error).message, executionId: e.id }, 'workflow step failed unexpectedly; retried later');
          return retryLater(e, d.settings.retryBaseMs);
        });
        if (w) writes.push(w);
      }
    };
    await Promise.all(Array.from({ length: Math.min(d.settings.concurrency, claimed.length) }, worker));
    await d.store.writeExecutions(writes);
    if (claimed.length < size) return;
  }
}

/** Executions a round claims per walker (WORKFLOW_CONCURRENCY), up to WORKFLOW_BATCH. */
const CLAIMS_PER_WALKER = 4;

/** Steps that do nothing but decide: walked even when the lease is half gone (they cannot outlast it). */
const LOCAL_STEPS = new Set(['TRIGGER', 'DELAY', 'EXIT']);

/** The write that leaves a claimed execution as it is (under its claim's version). */
const asClaimed = (e: ClaimedExecution): ExecutionWrite => ({
  projectId: e.project_id,
  id: e.id,
  version: e.version,
  status: e.status,
  currentStepId: e.current_step_id,
  exitReason: null,
  waitEvent: e.wait_event,
  waitingSince: e.waiting_since,
  dueAt: e.due_at,
  attempts: e.attempts,
  history: [],
});

/** An execution left as it was, due again after a while (an unexpected error: a bug, or a service down). */
const retryLater = (e: ClaimedExecution, delayMs: number): ExecutionWrite => ({ ...asClaimed(e), dueAt: new Date(Date.now() + delayMs) });

/** What one step did: go on (to a step, or nowhere: complete), wait, end, or try again later. */
type StepResult =
  | { kind: 'next'; to: string | undefined; outcome: Record<string, unknown> }
  | { kind: 'wait'; until: Date | null; event: string | null; outcome: Record<string, unknown> }
  | { kind: 'end'; status: Extract<ExecutionStatus, 'EXITED' | 'FAILED'>; reason: string; outcome: Record<string, unknown> }
  | { kind: 'retry'; reason: string };

const SIDE_EFFECTS = new Set(['SEND_EMAIL', 'WEBHOOK', 'UPDATE_CONTACT']);

/**
 * Walks one claimed execution from where it is until it waits or ends (or the batch's time is
 * up). Answers its write; undefined when it lost its claim on the way (cancelled, resumed).
 */
async function walk(d: EngineDeps, e: ClaimedExecution, loaded: Loaded | undefined, deadline: number): Promise<ExecutionWrite | undefined> {
  // A walk sets when it is due next and what it waits for (a resumed wait is over).
  const state: ExecutionWrite = { ...asClaimed(e), waitEvent: null, waitingSince: null, dueAt: null };
  const end = (status: ExecutionStatus, reason: string | null) =>
    Object.assign(state, { status, exitReason: reason, dueAt: null, waitEvent: null, waitingSince: null });
  if (!loaded) return end('EXITED', 'The workflow was deleted');
  const { workflow, graph } = loaded;
  const record = (step: GraphStep, outcome: Record<string, unknown>) =>
    state.history.push({ stepId: step.id, type: step.type, at: new Date().toISOString(), outcome } satisfies HistoryEntry);
  const moveOn = (to: string | undefined) => {
    state.attempts = 0;
    if (to) Object.assign(state, { status: 'RUNNING', currentStepId: to });
    else end('COMPLETED', null);
  };

  const step0 = graph.steps.find((s) => s.id === state.currentStepId);
  if (!step0) return end('EXITED', 'Its step was deleted');
  if (e.status === 'WAITING') {
    // A timer fell due: a DELAY is over, or a WAIT_FOR_EVENT timed out.
    if (step0.type === 'WAIT_FOR_EVENT') {
      record(step0, { waitOutcome: 'TIMEOUT' });
      moveOn(nextStep(graph, step0.id, { waitOutcome: 'TIMEOUT' }));
    } else {
      record(step0, { waited: true });
      moveOn(nextStep(graph, step0.id));
    }
  }

  while (state.status === 'RUNNING') {
    const step = graph.steps.find((s) => s.id === state.currentStepId);
    if (!step) return end('EXITED', 'Its step was deleted');
    if (!LOCAL_STEPS.has(step.type) && Date.now() > deadline) return Object.assign(state, { dueAt: new Date() }); // the lease is half gone: the rest in a later claim
    // Written before a side effect: a crash during it resumes here, not before. Written before a
    // WAIT_FOR_EVENT too, with the event it waits for: an event recorded from now on resumes it
    // (the consumer takes RUNNING executions marked so), even before this walk writes it WAITING.
    const waits = step.type === 'WAIT_FOR_EVENT';
    if (waits || (SIDE_EFFECTS.has(step.type) && state.history.length)) {
      if (waits) Object.assign(state, { waitEvent: String(step.config.eventName), waitingSince: new Date() });
      const written = await d.store.writeExecutions([{ ...state, dueAt: new Date(Date.now() + d.settings.leaseMs) }]);
      if (!written.has(state.id)) return undefined;
      state.version = String(BigInt(state.version) + 1n);
      state.history = [];
    }
    let result: StepResult;
    try {
      result = await runStep(d, e, workflow, step, graph);
    } catch (err) {
      // Retried under this walk's version (the write before a side effect has moved it past the claim's).
      logger.error({ err: (err as Error).message, executionId: e.id, stepId: step.id }, 'workflow step failed unexpectedly; retried later');
      return Object.assign(state, { dueAt: new Date(Date.now() + d.settings.retryBaseMs) });
    }
    switch (result.kind) {
      case 'next':
        record(step, result.outcome);
        moveOn(result.to);
        break;
      case 'wait':
        record(step, result.outcome);
        Object.assign(state, {
          status: 'WAITING',
          dueAt: result.until,
          waitEvent: result.event,
          waitingSince: result.event ? state.waitingSince : null,
          attempts: 0,
        });
        break;
      case 'end':
        record(step, result.outcome);
        end(result.status, result.reason);
        break;
      case 'retry': {
        const attempts = state.attempts + 1;
        // Backoff (4 × longer each time, a little jitter); after the last retry the step has failed.
        const delay = webhookRetryDelayMs(attempts, d.settings.retryBaseMs, Math.random);
        if (delay === undefined) {
          record(step, { error: result.reason, attempts });
          end('FAILED', `${step.type} step "${step.name}" failed after ${attempts} tries: ${result.reason}`);
        } else {
          Object.assign(state, { attempts, dueAt: new Date(Date.now() + delay), exitReason: null });
          return state;
        }
      }
    }
  }
  return state;
}

/** A failure another service answered: retried when it may pass (unavailable, timeouts), else final. */
function failure(err: unknown, what: string): StepResult {
  if (isAppError(err) && err.status < 500)
    return { kind: 'end', status: 'FAILED', reason: `${what}: ${err.message}`, outcome: { error: err.message, code: err.code } };
  return { kind: 'retry', reason: `${what}: ${(err as Error).message}` };
}

const contactGone = (err: unknown) => isAppError(err) && err.status === 404;
const exitContactGone = (): StepResult => ({ kind: 'end', status: 'EXITED', reason: 'The contact was deleted', outcome: { contact: 'deleted' } });

async function runStep(d: EngineDeps, e: ClaimedExecution, workflow: WorkflowRow, step: GraphStep, graph: WorkflowGraph): Promise<StepResult> {
  const key = webhookIdempotencyKey(e.id, step.id);
  // The engine runs outside any request: every call names the execution's project.
  const as = { projectId: e.project_id };
  const scale = d.settings.timeScale;
  switch (step.type) {
    case 'TRIGGER':
      return { kind: 'next', to: nextStep(graph, step.id), outcome: e.trigger_event ? { event: e.trigger_event.name } : { manual: true } };

    case 'DELAY': {
      const c = step.config as StepConfig<'DELAY'>;
      return {
        kind: 'wait',
        until: new Date(Date.now() + c.amount * DELAY_UNITS[c.unit] * 1000 * scale),
        event: null,
        outcome: { delay: `${c.amount} ${c.unit}` },
      };
    }

    case 'WAIT_FOR_EVENT': {
      const c = step.config as StepConfig<'WAIT_FOR_EVENT'>;
      return {
        kind: 'wait',
        until: c.timeout ? new Date(Date.now() + c.timeout * 1000 * scale) : null,
        event: c.eventName,
        outcome: { waitingFor: c.eventName },
      };
    }

    case 'CONDITION': {
      const config = step.config as ConditionConfig;
      const tests = conditionTests(config);
      const remote = tests.filter((t) => !isContextField(t.filter.field));
      let answers: boolean[] = [];
      if (remote.length) {
        try {
          answers = (
            await d.contacts().MatchContact({ contact_id: e.contact_id, conditions_json: remote.map((t) => JSON.stringify(audienceCondition(t))) }, as)
          ).matches;
        } catch (err) {
          return contactGone(err) ? exitContactGone() : failure(err, 'the condition could not be evaluated');
        }
      }
      let k = 0;
      const matched = tests.map((t) => (isContextField(t.filter.field) ? contextMatches(e.context, t) : !!answers[k++]));
      const branch = decideBranch(config, tests, matched);
      return { kind: 'next', to: nextStep(graph, step.id, { branch }), outcome: { branch } };
    }

    case 'SEND_EMAIL': {
      const c = step.config as StepConfig<'SEND_EMAIL'>;
      if (!step.templateId)
        return { kind: 'end', status: 'FAILED', reason: `SEND_EMAIL step "${step.name}" has no template`, outcome: { error: 'no template' } };
      try {
        const out = await d.messaging().SendWorkflowEmail(
          {
            key,
            workflow_id: workflow.id,
            template_id: step.templateId,
            contact_id: e.contact_id,
            to: c.recipient?.type === 'CUSTOM' ? (c.recipient.customEmail ?? '') : '',
            tracking: workflow.tracking,
            context_json: JSON.stringify(e.context ?? {}),
          },
          as,
        );
        if (out.skipped === 'contact_not_found') return exitContactGone();
        return { kind: 'next', to: nextStep(graph, step.id), outcome: out.skipped ? { skipped: out.skipped } : { emailId: out.email_id } };
      } catch (err) {
        return failure(err, 'the email could not be sent');
      }
    }

    case 'UPDATE_CONTACT': {
      const c = step.config as StepConfig<'UPDATE_CONTACT'>;
      const subscribed = c.subscriptionAction === 'subscribe' ? true : c.subscriptionAction === 'unsubscribe' ? false : undefined;
      try {
        await d
          .contacts()
          .UpdateContact({ id: e.contact_id, data_json: JSON.stringify(c.updates ?? {}), ...(subscribed === undefined ? {} : { subscribed }) }, as);
        return {
          kind: 'next',
          to: nextStep(graph, step.id),
          outcome: { updated: Object.keys(c.updates ?? {}), ...(subscribed === undefined ? {} : { subscribed }) },
        };
      } catch (err) {
        return contactGone(err) ? exitContactGone() : failure(err, 'the contact could not be updated');
      }
    }

    case 'WEBHOOK': {
      const c = step.config as StepConfig<'WEBHOOK'>;
      let contact;
      try {
        contact = (await d.contacts().GetContact({ id: e.contact_id }, as)).contact!;
      } catch (err) {
        return contactGone(err) ? exitContactGone() : failure(err, 'the contact could not be read');
      }
      const vars: WebhookVariables = {
        contact: { id: contact.id, email: contact.email, subscribed: contact.subscribed, data: JSON.parse(contact.data_json || '{}') },
        workflow: { id: workflow.id, name: workflow.name },
        execution: { id: e.id, startedAt: e.started_at.toISOString() },
        event: e.trigger_event,
        context: e.context ?? {},
      };
      const headers = Object.fromEntries(Object.entries(c.headers ?? {}).map(([k, v]) => [k, fillText(v, vars)]));
      const out = await d.webhooks.send({
        url: c.url,
        method: c.method,
        headers,
        body: webhookBody(c.method, c.body, vars),
        secret: workflow.webhook_secret,
        idempotencyKey: key,
      });
      if (out.ok) return { kind: 'next', to: nextStep(graph, step.id), outcome: { status: out.status } };
      if (out.retry) return { kind: 'retry', reason: out.reason };
      return {
        kind: 'end',
        status: 'FAILED',
        reason: `WEBHOOK step "${step.name}": ${out.reason}`,
        outcome: { error: out.reason, ...(out.status ? { status: out.status } : {}) },
      };
    }

    case 'EXIT': {
      const c = step.config as StepConfig<'EXIT'>;
      return { kind: 'end', status: 'EXITED', reason: c.reason || `Exited at step "${step.name}"`, outcome: {} };
    }
  }
}
