import { randomBytes } from 'node:crypto';
import type { NewEvent } from '../../../../libs/bus/src';
import { projectOf, type Api, type Handlers } from '../../../../libs/contracts/src';
import type { Execution as ExecutionMsg } from '../../../../libs/contracts/src/generated/herald/workflows/v1/Execution';
import type { Step as StepMsg } from '../../../../libs/contracts/src/generated/herald/workflows/v1/Step';
import type { Transition as TransitionMsg } from '../../../../libs/contracts/src/generated/herald/workflows/v1/Transition';
import type { Workflow as WorkflowMsg } from '../../../../libs/contracts/src/generated/herald/workflows/v1/Workflow';
import type { Work } from '../../../../libs/db/src';
import { AppError, badRequest, conflict, FieldError, isAppError, isUuid, newId, notFound, validationError } from '../../../../libs/kit/src';
import { audienceCondition, conditionTests, contextTestErrors, humanField, isContextField } from '../domain/condition';
import {
  EXECUTION_STATUSES,
  Graph,
  LIMITS,
  parseStepConfig,
  referencedEvents,
  referencedFields,
  runnableErrors,
  StepType,
  transitionErrors,
  webhookUrlError,
  type ConditionConfig,
  type GraphTransition,
} from '../domain/workflow';
import type { ExecutionRow, StepRow, TransitionRow, WorkflowGraph, WorkflowRow, WorkflowsStore } from './ports';

export interface WorkflowsDeps {
  store: WorkflowsStore;
  contacts: () => Api<'contacts'>;
  messaging: () => Api<'messaging'>;
  /** WORKFLOW_WEBHOOK_ALLOW_PRIVATE: WEBHOOK steps may target private, loopback and link-local addresses. */
  allowPrivateWebhooks: boolean;
}

const workflowNotFound = () => notFound('Workflow', 'WORKFLOW_NOT_FOUND');
const stepNotFound = () => notFound('Step', 'STEP_NOT_FOUND');
const executionNotFound = () => notFound('Execution', 'EXECUTION_NOT_FOUND');
const orUndefined = <T>(v: T | null) => v ?? undefined;
/** A step's config as a write sends it (`config_json`, a JSON object the route checked), to be checked for its type. */
const configOf = (json: string) => JSON.parse(json) as Record<string, unknown>;

// ——— Messages (contracts' Workflow, Step, Transition, Execution): a null column is an unset optional field ———

function workflowMsg(w: WorkflowRow, graph?: WorkflowGraph): WorkflowMsg {
  return {
    id: w.id,
    name: w.name,
    description: orUndefined(w.description),
    enabled: w.enabled,
    trigger_type: w.trigger_type,
    trigger_event: w.trigger_event,
    allow_reentry: w.allow_reentry,
    webhook_secret: w.webhook_secret,
    created_at: w.created_at.toISOString(),
    updated_at: w.updated_at.toISOString(),
    graph: graph ? { steps: graph.steps.map(stepMsg), transitions: graph.transitions.map(transitionMsg) } : null,
  };
}

const stepMsg = (s: WorkflowGraph['steps'][number]): StepMsg => ({
  id: s.id,
  type: s.type,
  name: s.name,
  position: s.position ?? null,
  config_json: JSON.stringify(s.config),
  template_id: orUndefined(s.templateId),
});
const stepRowMsg = (s: StepRow) => stepMsg({ id: s.id, type: s.type, name: s.name, position: s.position, config: s.config, templateId: s.template_id });

const transitionMsg = (t: Graph['transitions'][number]): TransitionMsg => ({
  id: t.id,
  from_step_id: t.fromStepId,
  to_step_id: t.toStepId,
  branch: orUndefined(t.branch),
  wait_outcome: orUndefined(t.waitOutcome),
  priority: t.priority,
});
const transitionRowMsg = (t: TransitionRow) =>
  transitionMsg({ id: t.id, fromStepId: t.from_step_id, toStepId: t.to_step_id, branch: t.branch, waitOutcome: t.wait_outcome, priority: t.priority });

/** An execution; its history (when the row has it) names each step as the graph does. */
function executionMsg(e: ExecutionRow, graph?: WorkflowGraph): ExecutionMsg {
  const names = new Map(graph?.steps.map((s) => [s.id, s.name]));
  return {
    id: e.id,
    workflow_id: e.workflow_id,
    contact_id: e.contact_id,
    status: e.status,
    current_step_id: orUndefined(e.current_step_id),
    exit_reason: orUndefined(e.exit_reason),
    context_json: JSON.stringify(e.context),
    waiting_for: e.status === 'WAITING' ? { event: orUndefined(e.wait_event), until: e.due_at?.toISOString() } : null,
    started_at: e.started_at.toISOString(),
    completed_at: e.completed_at?.toISOString(),
    updated_at: e.updated_at.toISOString(),
    history: e.history
      ? {
          entries: e.history.map((h) => ({
            step_id: h.stepId,
            type: h.type,
            at: h.at,
            outcome_json: JSON.stringify(h.outcome),
            name: names.get(h.stepId),
          })),
        }
      : null,
  };
}

/** The read model other services keep: templates in use (messaging), fields and event names (contacts). */
export function changedEvent(w: WorkflowRow, graph: Graph): NewEvent {
  return {
    type: 'workflows.workflow.changed.v1',
    projectId: w.project_id,
    data: {
      workflowId: w.id,
      name: w.name,
      enabled: w.enabled,
      triggerEvent: w.trigger_event,
      steps: graph.steps.map((s) => ({ stepId: s.id, name: s.name, type: s.type, templateId: s.templateId })),
      fields: referencedFields(graph.steps),
      eventNames: referencedEvents(w.trigger_event, graph.steps),
      version: Number(w.version),
    },
  };
}

const humanName = (type: StepType) => type.charAt(0) + type.slice(1).toLowerCase().replace(/_/g, ' ');

export function workflowsHandlers(d: WorkflowsDeps): Handlers<'workflows'> {
  const { store } = d;

  async function load(projectId: string, id: string) {
    const w = isUuid(id) ? await store.getWorkflow(projectId, id.toLowerCase()) : undefined;
    if (!w) throw workflowNotFound();
    return w;
  }

  async function loadForUpdate(work: Work, projectId: string, id: string) {
    const w = isUuid(id) ? await store.getWorkflowForUpdate(work, projectId, id.toLowerCase()) : undefined;
    if (!w) throw workflowNotFound();
    return w;
  }

  /**
   * A change of a workflow's graph or fields, in one transaction holding its row: `fn` writes,
   * then the version moves on and the changed event goes out with the graph as it now is.
   */
  async function change<T>(
    projectId: string,
    id: string,
    fn: (work: Work, w: WorkflowRow, graph: WorkflowGraph) => Promise<T>,
    fields: Partial<WorkflowRow> = {},
  ) {
    return store.uow.run(async (work) => {
      const w = await loadForUpdate(work, projectId, id);
      const result = await fn(work, w, await store.graph(projectId, w.id, work));
      const updated = await store.updateWorkflow(work, projectId, w.id, fields);
      await store.outbox.enqueue(work, [changedEvent(updated, await store.graph(projectId, w.id, work))]);
      return { result, workflow: updated };
    });
  }

  /** A step's config, checked for its type; conditions by contacts, templates by messaging. */
  async function settleConfig(type: StepType, raw: Record<string, unknown>, templateId: string | null | undefined) {
    const parsed = parseStepConfig(type, type === 'SEND_EMAIL' && templateId && !raw.templateId ? { ...raw, templateId } : raw);
    if (!parsed.ok) throw validationError(parsed.errors);
    const config = parsed.config;
    if (type === 'WEBHOOK') {
      const problem = webhookUrlError(config, d.allowPrivateWebhooks);
      if (problem) throw validationError([problem], 'Use a public http(s) URL, e.g. https://hooks.example.com/herald.');
    }
    if (type === 'SEND_EMAIL' && config.templateId) {
      await d
        .messaging()
        .GetTemplate({ id: String(config.templateId) })
        .catch((err) => {
          if (isAppError(err) && err.status === 404)
            throw validationError(
              [{ field: 'config.templateId', message: 'no template of this project has this id', code: 'not_found' }],
              "Pass the id of one of the project's templates (GET /templates).",
            );
          throw err;
        });
    }
    if (type === 'CONDITION') await checkCondition(config as ConditionConfig);
    return { config, templateId: type === 'SEND_EMAIL' ? ((config.templateId as string | undefined) ?? null) : null };
  }

  /** Each test of a CONDITION step: context tests here, the others by contacts (errors at the step's own paths). */
  async function checkCondition(config: ConditionConfig) {
    const tests = conditionTests(config);
    const errors: FieldError[] = [];
    if (config.humanOnly && humanField(config.field) === config.field)
      errors.push({ field: 'config.humanOnly', message: `applies to email.opened and email.clicked, not ${config.field}`, code: 'invalid_value' });
    for (const [i, t] of tests.entries()) {
      const path = config.mode === 'multi' ? `config.branches[${i}]` : 'config';
      if (isContextField(t.filter.field)) {
        errors.push(...contextTestErrors(t, path));
        continue;
      }
      try {
        await d.contacts().CheckCondition({ condition_json: JSON.stringify(audienceCondition(t)), path: 'condition' });
      } catch (err) {
        if (!isAppError(err) || err.status !== 422) throw err;
        for (const e of err.errors ?? []) {
          const rest = e.field.replace(/^condition\.groups\[0\]\.filters\[0\]\.?/, '');
          errors.push({ ...e, field: rest === 'field' ? 'config.field' : rest ? `${path}.${rest}` : path });
        }
        if (!err.errors?.length) errors.push({ field: path, message: err.message, code: 'invalid_condition' });
      }
    }
    if (errors.length) {
      throw validationError(
        errors,
        'Use a field of GET /workflows/fields (data.<key>, event.<name>, email.<activity>, segment.<id>, context.<key>) with an operator it takes.',
      );
    }
  }

  return {
    async ListWorkflows(req, meta) {
      const { rows, total } = await store.listWorkflows(projectOf(meta), { page: req.page || 1, pageSize: req.page_size || 20 }, req.enabled);
      return { workflows: rows.map((w) => workflowMsg(w)), total };
    },

    async CreateWorkflow(req, meta) {
      const projectId = projectOf(meta);
      const eventName = req.event_name;
      if (!eventName)
        throw validationError(
          [{ field: 'eventName', message: 'required: the event that starts an execution', code: 'required' }],
          'Pass eventName, e.g. "user.signup".',
        );
      return store.uow.run(async (work) => {
        const w = await store.insertWorkflow(work, {
          project_id: projectId,
          id: newId(),
          name: req.name,
          description: req.description ?? null,
          trigger_event: eventName,
          allow_reentry: req.allow_reentry,
          webhook_secret: `whsec_${randomBytes(24).toString('base64url')}`,
        });
        await store.insertStep(work, {
          project_id: projectId,
          workflow_id: w.id,
          id: newId(),
          type: 'TRIGGER',
          name: 'Trigger',
          position: { x: 0, y: 0 },
          config: {},
          template_id: null,
        });
        const graph = await store.graph(projectId, w.id, work);
        await store.outbox.enqueue(work, [changedEvent(w, graph)]);
        return workflowMsg(w, graph);
      });
    },

    async GetWorkflow(req, meta) {
      const projectId = projectOf(meta);
      const w = await load(projectId, req.id);
      return workflowMsg(w, await store.graph(projectId, w.id));
    },

    async UpdateWorkflow(req, meta) {
      const projectId = projectOf(meta);
      const fields: Partial<WorkflowRow> = {
        name: req.name,
        description: req.clear_description ? null : req.description,
        trigger_event: req.event_name,
        enabled: req.enabled,
        allow_reentry: req.allow_reentry,
        ...(req.enabled ? { tracking: req.tracking || 'ENABLED' } : {}),
      };
      const { workflow } = await change(
        projectId,
        req.id,
        async (_tx, _w, graph) => {
          if (req.enabled) {
            const errors = runnableErrors(graph);
            if (errors.length)
              throw validationError(errors, 'Connect every step to the trigger, give each SEND_EMAIL step a template, then enable the workflow.');
          }
        },
        fields,
      );
      return workflowMsg(workflow, await store.graph(projectId, workflow.id));
    },

    async DeleteWorkflow(req, meta) {
      const projectId = projectOf(meta);
      await store.uow.run(async (work) => {
        const w = await loadForUpdate(work, projectId, req.id);
        const active = await store.countActive(work, projectId, w.id);
        if (active > 0) {
          throw conflict(
            `The workflow has ${active} running or waiting execution${active === 1 ? '' : 's'}`,
            'Cancel them first (POST /workflows/:id/executions/cancel-all), or wait until they finish.',
          );
        }
        await store.deleteWorkflow(work, projectId, w.id);
        await store.outbox.enqueue(work, [{ type: 'workflows.workflow.deleted.v1', projectId, data: { workflowId: w.id } }]);
      });
      return {};
    },

    async ConditionFields(_req, meta) {
      const projectId = projectOf(meta);
      const [fields, eventNames] = await Promise.all([d.contacts().ListFields({}), store.eventNames(projectId)]);
      return {
        fields: [
          ...fields.fields.map((f) => ({ field: f.field, type: f.type, category: 'contact' })),
          ...['sent', 'delivered', 'opened', 'clicked', 'bounced', 'complained'].map((a) => ({ field: `email.${a}`, type: 'event', category: 'email' })),
          ...eventNames.filter((n) => !n.startsWith('email.')).map((n) => ({ field: `event.${n}`, type: 'event', category: 'event' })),
        ],
        event_names: eventNames,
        context_prefix: 'context.',
      };
    },

    async AddStep(req, meta) {
      const projectId = projectOf(meta);
      if (!req.type) throw validationError([{ field: 'type', message: 'required', code: 'required' }]);
      const type = req.type as StepType;
      const { config, templateId } = await settleConfig(type, req.config_json ? configOf(req.config_json) : {}, req.template_id);
      const { result } = await change(projectId, req.workflow_id, async (work, w, graph) => {
        if (graph.steps.length >= LIMITS.MAX_STEPS)
          throw validationError([{ field: 'type', message: `a workflow has at most ${LIMITS.MAX_STEPS} steps`, code: 'too_big' }]);
        return store.insertStep(work, {
          project_id: projectId,
          workflow_id: w.id,
          id: newId(),
          type,
          name: req.name || humanName(type),
          position: req.position ?? null,
          config,
          template_id: templateId,
        });
      });
      return stepRowMsg(result);
    },

    async UpdateStep(req, meta) {
      const projectId = projectOf(meta);
      // templateId: unset (left as it is), null (clear_template_id) or an id.
      const templateId = req.clear_template_id ? null : req.template_id;
      const { result } = await change(projectId, req.workflow_id, async (work, _w, graph) => {
        const step = graph.steps.find((s) => s.id === req.step_id.toLowerCase());
        if (!step) throw stepNotFound();
        if (req.type && req.type !== step.type)
          throw validationError([{ field: 'type', message: `a step keeps its type (${step.type}): add a new step instead`, code: 'invalid_type' }]);
        const raw = req.config_json ? configOf(req.config_json) : templateId !== undefined ? { ...step.config, templateId } : undefined;
        const settled = raw ? await settleConfig(step.type, raw, templateId) : { config: step.config, templateId: step.templateId };
        if (step.type === 'CONDITION' && raw) {
          // Branches a transition uses must stay: its transitions would point nowhere.
          const branches = new Set(conditionTests(settled.config as ConditionConfig).map((t) => t.branch));
          const multi = (settled.config as ConditionConfig).mode === 'multi';
          const orphan = graph.transitions.find(
            (t) => t.fromStepId === step.id && t.branch && !(multi ? branches.has(t.branch) || t.branch === 'default' : ['yes', 'no'].includes(t.branch)),
          );
          if (orphan)
            throw validationError(
              [
                {
                  field: 'config',
                  message: `transition ${orphan.id} leaves by branch "${orphan.branch}", which this config no longer has`,
                  code: 'invalid_graph',
                },
              ],
              'Delete that transition first, or keep the branch.',
            );
        }
        return store.updateStep(work, projectId, step.id, {
          name: req.name || step.name,
          position: req.clear_position ? null : (req.position ?? step.position ?? null),
          config: settled.config,
          template_id: settled.templateId,
        });
      });
      return stepRowMsg(result);
    },

    async DeleteStep(req, meta) {
      const projectId = projectOf(meta);
      await change(projectId, req.workflow_id, async (work, w, graph) => {
        const step = graph.steps.find((s) => s.id === req.step_id.toLowerCase());
        if (!step) throw stepNotFound();
        if (step.type === 'TRIGGER') throw badRequest('The TRIGGER step cannot be deleted', 'Change the trigger event with PATCH /workflows/:id instead.');
        const incoming = graph.transitions.filter((t) => t.toStepId === step.id);
        const successors = [...new Set(graph.transitions.filter((t) => t.fromStepId === step.id).map((t) => t.toStepId))];
        if (req.splice && successors.length > 1) {
          throw badRequest(
            `The ${step.type} step leads to ${successors.length} steps: there is no one step to reconnect its predecessors to`,
            'Delete it without splice=true, then add the transitions you want.',
          );
        }
        const successor = req.splice ? successors[0] : undefined;
        await store.deleteStep(work, projectId, step.id);
        if (successor) {
          for (const t of incoming) {
            await store.insertTransition(work, {
              project_id: projectId,
              workflow_id: w.id,
              id: newId(),
              from_step_id: t.fromStepId,
              to_step_id: successor,
              branch: t.branch,
              wait_outcome: t.waitOutcome,
              priority: t.priority,
            });
          }
        }
        // Executions at the step go on as the graph now says, or end with the reason.
        await store.moveFromStep(work, projectId, step.id, successor ?? null, `Step "${step.name}" was deleted while the execution was at it`);
      });
      return {};
    },

    async AddTransition(req, meta) {
      const projectId = projectOf(meta);
      const t = {
        fromStepId: req.from_step_id.toLowerCase(),
        toStepId: req.to_step_id.toLowerCase(),
        branch: req.branch ?? null,
        waitOutcome: (req.wait_outcome ?? null) as GraphTransition['waitOutcome'],
        priority: req.priority,
      };
      const { result } = await change(projectId, req.workflow_id, async (work, w, graph) => {
        const errors = transitionErrors(graph, t);
        if (errors.length) throw validationError(errors);
        return store.insertTransition(work, {
          project_id: projectId,
          workflow_id: w.id,
          id: newId(),
          from_step_id: t.fromStepId,
          to_step_id: t.toStepId,
          branch: t.branch,
          wait_outcome: t.waitOutcome,
          priority: t.priority,
        });
      });
      return transitionRowMsg(result);
    },

    async DeleteTransition(req, meta) {
      const projectId = projectOf(meta);
      await change(projectId, req.workflow_id, async (work, _w, graph) => {
        const t = graph.transitions.find((x) => x.id === req.transition_id.toLowerCase());
        if (!t) throw notFound('Transition', 'TRANSITION_NOT_FOUND');
        await store.deleteTransitions(work, projectId, [t.id]);
      });
      return {};
    },

    async StartExecution(req, meta) {
      const projectId = projectOf(meta);
      let context: unknown = {};
      try {
        context = req.context_json ? JSON.parse(req.context_json) : {};
      } catch {
        throw validationError([{ field: 'context', message: 'must be a JSON object', code: 'invalid_type' }]);
      }
      if (context === null || typeof context !== 'object' || Array.isArray(context))
        throw validationError([{ field: 'context', message: 'must be a JSON object', code: 'invalid_type' }]);
      if (JSON.stringify(context).length > LIMITS.MAX_CONTEXT_BYTES)
        throw validationError([{ field: 'context', message: `must be at most ${LIMITS.MAX_CONTEXT_BYTES / 1024} KB of JSON`, code: 'too_big' }]);
      if (!isUuid(req.contact_id)) throw validationError([{ field: 'contactId', message: 'must be a contact id', code: 'invalid_string' }]);
      const contactId = req.contact_id.toLowerCase();
      await d
        .contacts()
        .GetContact({ id: contactId })
        .catch((err) => {
          if (isAppError(err) && err.status === 404)
            throw new AppError({
              code: 'CONTACT_NOT_FOUND',
              status: 404,
              message: 'Contact not found',
              errors: [{ field: 'contactId', message: 'no contact of this project has this id', code: 'not_found' }],
              suggestion: 'Pass the id of a contact of this project.',
            });
          throw err;
        });
      return store.uow.run(async (work) => {
        const w = await loadForUpdate(work, projectId, req.workflow_id);
        if (!w.enabled) throw badRequest('The workflow is disabled', 'Enable it first (PATCH /workflows/:id with enabled: true).');
        const graph = await store.graph(projectId, w.id, work);
        const trigger = graph.steps.find((s) => s.type === 'TRIGGER')!;
        const admitted = await store.enter(work, projectId, w.id, w.allow_reentry, [contactId]);
        if (!admitted.length)
          throw conflict(
            'The contact has entered this workflow before, and it does not allow re-entry',
            'Set allowReentry: true on the workflow to let contacts run it again.',
          );
        const id = newId();
        await store.insertExecutions(work, [
          {
            projectId,
            id,
            workflowId: w.id,
            workflowName: w.name,
            contactId,
            triggerStepId: trigger.id,
            context: context as Record<string, unknown>,
            triggerEvent: null,
          },
        ]);
        return executionMsg((await store.getExecution(projectId, w.id, id, work))!, graph);
      });
    },

    async ListExecutions(req, meta) {
      const projectId = projectOf(meta);
      const w = await load(projectId, req.workflow_id);
      if (req.status && !(EXECUTION_STATUSES as readonly string[]).includes(req.status)) {
        throw validationError([{ field: 'status', message: `must be one of ${EXECUTION_STATUSES.join(', ')}`, code: 'invalid_enum_value' }]);
      }
      const { rows, total } = await store.listExecutions(projectId, w.id, {
        status: req.status || undefined,
        page: req.page || 1,
        pageSize: req.page_size || 20,
      });
      return { executions: rows.map((e) => executionMsg(e)), total };
    },

    async GetExecution(req, meta) {
      const projectId = projectOf(meta);
      const w = await load(projectId, req.workflow_id);
      const e = isUuid(req.execution_id) ? await store.getExecution(projectId, w.id, req.execution_id.toLowerCase()) : undefined;
      if (!e) throw executionNotFound();
      return executionMsg(e, await store.graph(projectId, w.id));
    },

    async CancelExecution(req, meta) {
      const projectId = projectOf(meta);
      const w = await load(projectId, req.workflow_id);
      if (!isUuid(req.execution_id)) throw executionNotFound();
      const id = req.execution_id.toLowerCase();
      const [cancelled] = await store.cancel(projectId, w.id, id);
      if (cancelled) return executionMsg(cancelled);
      const e = await store.getExecution(projectId, w.id, id);
      if (!e) throw executionNotFound();
      throw badRequest(`The execution is ${e.status}: only a RUNNING or WAITING execution can be cancelled`);
    },

    async CancelAllExecutions(req, meta) {
      const projectId = projectOf(meta);
      const w = await load(projectId, req.id);
      return { cancelled: (await store.cancel(projectId, w.id)).length };
    },

    async UpcomingExecutions(req, meta) {
      const rows = await store.upcoming(projectOf(meta), Math.min(Math.max(req.limit || 20, 1), 100));
      return {
        executions: rows.map((r) => ({
          execution_id: r.id,
          workflow_id: r.workflow_id,
          workflow_name: r.workflow_name,
          contact_id: r.contact_id,
          step_id: r.step_id,
          step_type: r.step_type,
          due_at: r.due_at.toISOString(),
        })),
      };
    },
  };
}
