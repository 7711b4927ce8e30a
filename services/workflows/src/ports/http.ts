import { z } from 'zod';
import type { Api } from '../../../../libs/contracts/src';
import type { ConditionFieldsResponse__Output as ConditionFieldsMsg } from '../../../../libs/contracts/src/generated/herald/workflows/v1/ConditionFieldsResponse';
import type { Execution__Output as ExecutionMsg } from '../../../../libs/contracts/src/generated/herald/workflows/v1/Execution';
import type { Step__Output as StepMsg } from '../../../../libs/contracts/src/generated/herald/workflows/v1/Step';
import type { Transition__Output as TransitionMsg } from '../../../../libs/contracts/src/generated/herald/workflows/v1/Transition';
import type { Workflow__Output as WorkflowMsg } from '../../../../libs/contracts/src/generated/herald/workflows/v1/Workflow';
import { on, policy, queryInt, type Route } from '../../../../libs/edge/src';
import {
  createWorkflowSchema,
  EXECUTION_STATUSES,
  STEP_TYPES,
  stepWriteSchema,
  transitionWriteSchema,
  triggerEventOf,
  triggerView,
  updateWorkflowSchema,
} from '../domain/workflow';

/** Workflows, in Plunk's shapes: a secret key or a member's session. */

const tag = 'Workflows';
const WORKFLOW_ID = { id: 'The workflow id.' };
const STEP = { ...WORKFLOW_ID, stepId: 'The step id.' };
const TRANSITION = { ...WORKFLOW_ID, transitionId: 'The transition id.' };
const EXECUTION = { ...WORKFLOW_ID, executionId: 'The execution id.' };
const notFound = { 404: { code: 'WORKFLOW_NOT_FOUND', description: 'No workflow of this project has this id.' } };

// ——— Views: the messages in Plunk's shapes (an unset optional field is null) ———

const stepView = (s: StepMsg) => ({
  id: s.id,
  type: s.type,
  name: s.name,
  position: s.position ? { x: s.position.x, y: s.position.y } : null,
  config: JSON.parse(s.config_json),
  templateId: s.template_id ?? null,
});

const transitionView = (t: TransitionMsg) => ({
  id: t.id,
  fromStepId: t.from_step_id,
  toStepId: t.to_step_id,
  condition: t.branch ? { branch: t.branch } : null,
  waitOutcome: t.wait_outcome ?? null,
  priority: t.priority,
});

/** A workflow; with its steps and transitions when the message has its graph (not in lists). */
const workflowView = (w: WorkflowMsg) => ({
  id: w.id,
  name: w.name,
  description: w.description ?? null,
  enabled: w.enabled,
  triggerType: w.trigger_type,
  triggerConfig: triggerView(w.trigger_event),
  allowReentry: w.allow_reentry,
  /** The key of the X-Herald-Signature HMAC on its WEBHOOK steps' requests. */
  webhookSecret: w.webhook_secret,
  createdAt: w.created_at,
  updatedAt: w.updated_at,
  ...(w.graph ? { steps: w.graph.steps.map(stepView), transitions: w.graph.transitions.map(transitionView) } : {}),
});

/** An execution; with its step history when the message has it (not in lists, nor in a cancel's answer). */
const executionView = (e: ExecutionMsg) => ({
  id: e.id,
  workflowId: e.workflow_id,
  contactId: e.contact_id,
  status: e.status,
  currentStepId: e.current_step_id ?? null,
  exitReason: e.exit_reason ?? null,
  context: JSON.parse(e.context_json),
  /** WAITING: what for, and until when (null: no timeout). */
  waitingFor: e.waiting_for ? { event: e.waiting_for.event ?? null, until: e.waiting_for.until ?? null } : null,
  startedAt: e.started_at,
  completedAt: e.completed_at ?? null,
  updatedAt: e.updated_at,
  ...(e.history
    ? {
        // Each entry's keys in the order the history column (jsonb) keeps them, the step's name last.
        history: e.history.entries.map((h) => ({
          // One format for every entry: those the database wrote (now()) carry microseconds and +00:00.
          at: new Date(h.at).toISOString(),
          type: h.type,
          stepId: h.step_id,
          outcome: h.outcome_json ? JSON.parse(h.outcome_json) : undefined,
          name: h.name ?? null,
        })),
      }
    : {}),
});

const conditionFieldsView = (f: ConditionFieldsMsg) => ({
  fields: f.fields.map((x) => ({ field: x.field, type: x.type, category: x.category })),
  eventNames: f.event_names,
  contextPrefix: f.context_prefix,
});

// ——— Answers: the views' schemas (checked against every answer in the tests) ———

const stepAnswer = z.strictObject({
  id: z.string(),
  type: z.enum(STEP_TYPES),
  name: z.string(),
  position: z.strictObject({ x: z.number(), y: z.number() }).nullable(),
  config: z.record(z.string(), z.unknown()).describe("The step's settings, by its type."),
  templateId: z.string().nullable(),
});
const transitionAnswer = z.strictObject({
  id: z.string(),
  fromStepId: z.string(),
  toStepId: z.string(),
  condition: z.strictObject({ branch: z.string() }).nullable().describe('Out of a CONDITION step: the branch it takes.'),
  waitOutcome: z.enum(['EVENT', 'TIMEOUT']).nullable().describe('Out of a WAIT_FOR_EVENT step: the outcome it takes.'),
  priority: z.number().int(),
});
const workflowAnswer = z.strictObject({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  triggerType: z.literal('EVENT'),
  triggerConfig: z.strictObject({
    eventName: z.string(),
    humanOnly: z.boolean().describe('Only opens and clicks a person made start it (email.opened, email.clicked; machines left out).'),
  }),
  allowReentry: z.boolean(),
  webhookSecret: z.string().describe("The key of the X-Herald-Signature HMAC on its WEBHOOK steps' requests."),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
const workflowGraphAnswer = workflowAnswer.extend({ steps: z.array(stepAnswer), transitions: z.array(transitionAnswer) });
const executionAnswer = z.strictObject({
  id: z.string(),
  workflowId: z.string(),
  contactId: z.string(),
  status: z.enum(EXECUTION_STATUSES),
  currentStepId: z.string().nullable(),
  exitReason: z.string().nullable(),
  context: z.record(z.string(), z.unknown()),
  waitingFor: z
    .strictObject({ event: z.string().nullable(), until: z.iso.datetime().nullable() })
    .nullable()
    .describe('WAITING: what for, and until when (null: no timeout).'),
  startedAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
});
const executionHistoryAnswer = executionAnswer.extend({
  history: z.array(
    z.strictObject({
      at: z.iso.datetime(),
      type: z.string(),
      stepId: z.string(),
      outcome: z.unknown().optional().describe('What the step did or decided.'),
      name: z.string().nullable(),
    }),
  ),
});
const paged = { total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), totalPages: z.number().int() };
const conditionFieldsAnswer = z.strictObject({
  fields: z.array(z.strictObject({ field: z.string(), type: z.string(), category: z.string() })),
  eventNames: z.array(z.string()),
  contextPrefix: z.string(),
});

const pageQuery = z.object({ page: queryInt(1, 1_000_000).default(1), pageSize: queryInt(1, 100).default(20) });
const executionsQuery = pageQuery.extend({ status: z.enum(EXECUTION_STATUSES).optional() });
const deleteStepQuery = z.object({ splice: z.enum(['true', 'false']).optional().describe("true: connect the step's predecessors to its successor.") });
const startBody = z.strictObject({
  contactId: z.string().uuid('must be a contact id'),
  context: z
    .record(z.string(), z.unknown(), { error: 'must be a JSON object' })
    .optional()
    .describe('Per-execution variables: CONDITION steps read them as context.<key>, templates as {{context.<key>}}.'),
});

const id = (n: number) => `01970b1e-3c4d-7e5f-8a9b-0c1d2e3f4a5${n}`;
const workflowExample = {
  id: id(0),
  name: 'Onboarding',
  description: 'Welcome new users',
  enabled: false,
  triggerType: 'EVENT',
  triggerConfig: { eventName: 'user.signup', humanOnly: false },
  allowReentry: false,
  webhookSecret: 'whsec_3q2-7wEXAMPLEexampleEXAMPLEexam',
  createdAt: '2025-06-01T09:30:00.000Z',
  updatedAt: '2025-06-01T09:30:00.000Z',
};
const stepExample = { id: id(1), type: 'DELAY', name: 'Wait a day', position: { x: 0, y: 120 }, config: { amount: 1, unit: 'days' }, templateId: null };
const transitionExample = { id: id(2), fromStepId: id(1), toStepId: id(3), condition: null, waitOutcome: null, priority: 0 };
const executionExample = {
  id: id(4),
  workflowId: id(0),
  contactId: id(5),
  status: 'WAITING',
  currentStepId: id(1),
  exitReason: null,
  context: {},
  waitingFor: { event: null, until: '2025-06-02T09:30:00.000Z' },
  startedAt: '2025-06-01T09:30:00.000Z',
  completedAt: null,
  updatedAt: '2025-06-01T09:30:00.000Z',
};
const historyExample = { stepId: id(6), type: 'TRIGGER', name: 'Trigger', at: '2025-06-01T09:30:00.000Z', outcome: { event: 'user.signup' } };
const graphRules =
  'The graph is checked on every write: no cycles, nothing out of EXIT, transitions out of a CONDITION step carry `branch` (yes/no, or a branch id/default), out of a WAIT_FOR_EVENT step `waitOutcome` (EVENT/TIMEOUT); other steps have one way out.';

export function workflowsRoutes(workflows: () => Api<'workflows'>): Route[] {
  const auth = policy.secret;
  return [
    on.get(
      '/workflows',
      auth,
      {
        tag,
        summary: 'List workflows',
        description: 'Newest first, page by page.',
        query: pageQuery,
        responses: {
          200: {
            description: 'A page of workflows.',
            example: { workflows: [workflowExample], total: 1, page: 1, pageSize: 20, totalPages: 1 },
            schema: z.strictObject({ workflows: z.array(workflowAnswer), ...paged }),
          },
        },
      },
      async (_req, res, { query }) => {
        const out = await workflows().ListWorkflows({ page: query.page, page_size: query.pageSize });
        const total = Number(out.total);
        res.json({
          workflows: out.workflows.map(workflowView),
          total,
          page: query.page,
          pageSize: query.pageSize,
          totalPages: Math.ceil(total / query.pageSize),
        });
      },
    ),
    on.get(
      '/workflows/fields',
      auth,
      {
        tag,
        summary: 'Fields for CONDITION steps',
        description:
          "The contact fields (standard and custom), email activities and tracked event names a CONDITION step can test; `context.<key>` tests the execution's context.",
        responses: {
          200: {
            description: 'The fields.',
            example: {
              fields: [
                { field: 'data.plan', type: 'string', category: 'contact' },
                { field: 'event.user.activated', type: 'event', category: 'event' },
              ],
              eventNames: ['user.activated'],
              contextPrefix: 'context.',
            },
            schema: conditionFieldsAnswer,
          },
        },
      },
      async (_req, res) => {
        res.json(conditionFieldsView(await workflows().ConditionFields({})));
      },
    ),
    on.post(
      '/workflows',
      auth,
      {
        tag,
        summary: 'Create a workflow',
        description:
          'Always `triggerType: EVENT` and `enabled: false`, with its TRIGGER step: an execution starts for the contact of each tracked `eventName` once enabled. `allowReentry` (default false) lets a contact run it more than once. `humanOnly: true` (or `triggerConfig.humanOnly`) with `email.opened` or `email.clicked`: only a person\'s first open or click starts it, never Apple Mail Privacy Protection, an image proxy or a link scanner (docs/deliverability.md, "Human and machine engagement"); with another event, 422.',
        body: createWorkflowSchema,
        example: { name: 'Onboarding', description: 'Welcome new users', eventName: 'user.signup' },
        responses: {
          201: {
            description: 'The workflow with its TRIGGER step.',
            example: {
              ...workflowExample,
              steps: [{ id: id(6), type: 'TRIGGER', name: 'Trigger', position: { x: 0, y: 0 }, config: {}, templateId: null }],
              transitions: [],
            },
            schema: workflowGraphAnswer,
          },
        },
      },
      async (_req, res, { body }) => {
        const created = await workflows().CreateWorkflow({
          name: body.name,
          description: body.description ?? undefined,
          event_name: triggerEventOf(body),
          allow_reentry: body.allowReentry ?? false,
        });
        res.status(201).json(workflowView(created));
      },
    ),
    on.get(
      '/workflows/:id',
      auth,
      {
        tag,
        summary: 'Get a workflow',
        description: 'With its steps and transitions.',
        params: WORKFLOW_ID,
        responses: {
          200: {
            description: 'The workflow.',
            example: { ...workflowExample, steps: [stepExample], transitions: [transitionExample] },
            schema: workflowGraphAnswer,
          },
        },
        errors: notFound,
      },
      async (req, res) => {
        res.json(workflowView(await workflows().GetWorkflow({ id: String(req.params.id) })));
      },
    ),
    on.patch(
      '/workflows/:id',
      auth,
      {
        tag,
        summary: 'Update a workflow',
        description:
          'Name, description, trigger event (`eventName` or `triggerConfig.eventName`, with `humanOnly` as on create: it needs `eventName` beside it), `enabled`, `allowReentry`. Enabling checks that the graph can run (every step reachable from the trigger, each SEND_EMAIL step with a template): a 422 names the step. Disabling stops new executions; running ones go on.',
        params: WORKFLOW_ID,
        body: updateWorkflowSchema,
        example: { enabled: true },
        responses: {
          200: {
            description: 'The workflow, with its steps and transitions.',
            example: { ...workflowExample, enabled: true, steps: [stepExample], transitions: [transitionExample] },
            schema: workflowGraphAnswer,
          },
        },
        errors: notFound,
      },
      async (req, res, { body }) => {
        const updated = await workflows().UpdateWorkflow({
          id: String(req.params.id),
          name: body.name,
          description: body.description ?? undefined,
          clear_description: body.description === null,
          event_name: triggerEventOf(body),
          enabled: body.enabled,
          allow_reentry: body.allowReentry,
          tracking: req.tracking ?? 'ENABLED',
        });
        res.json(workflowView(updated));
      },
    ),
    on.delete(
      '/workflows/:id',
      auth,
      {
        tag,
        summary: 'Delete a workflow',
        description: 'With its steps, transitions and finished executions.',
        params: WORKFLOW_ID,
        responses: { 204: { description: 'Deleted.' } },
        errors: { ...notFound, 409: { code: 'CONFLICT', description: 'Executions are running or waiting: cancel them first.' } },
      },
      async (req, res) => {
        await workflows().DeleteWorkflow({ id: String(req.params.id) });
        res.status(204).end();
      },
    ),
    on.post(
      '/workflows/:id/steps',
      auth,
      {
        tag,
        summary: 'Add a step',
        description:
          'Types and configs: SEND_EMAIL `{ templateId, recipient?: { type: CONTACT|CUSTOM, customEmail? } }`; DELAY `{ amount, unit: minutes|hours|days }` (≤ 365 days); WAIT_FOR_EVENT `{ eventName, timeout? }` (seconds); CONDITION `{ field, operator, value? }` or `{ mode: "multi", field, branches: [{ id, name, operator, value? }] }`; WEBHOOK `{ url, method, headers?, body? }`; UPDATE_CONTACT `{ updates?, subscriptionAction?: none|subscribe|unsubscribe }`; EXIT `{ reason? }`. A 422 names the field (`config.amount`).',
        params: WORKFLOW_ID,
        body: stepWriteSchema,
        example: { type: 'DELAY', name: 'Wait a day', config: { amount: 1, unit: 'days' } },
        responses: { 201: { description: 'The step.', example: stepExample, schema: stepAnswer } },
        errors: notFound,
      },
      async (req, res, { body }) => {
        const step = await workflows().AddStep({
          workflow_id: String(req.params.id),
          type: body.type,
          name: body.name ?? undefined,
          position: body.position ?? null,
          config_json: body.config ? JSON.stringify(body.config) : undefined,
          template_id: body.templateId ?? undefined,
        });
        res.status(201).json(stepView(step));
      },
    ),
    on.patch(
      '/workflows/:id/steps/:stepId',
      auth,
      {
        tag,
        summary: 'Update a step',
        description: 'Its name, position or config (the whole config, checked for its type); executions waiting at it use the new config.',
        params: STEP,
        body: stepWriteSchema,
        example: { config: { amount: 2, unit: 'days' } },
        responses: { 200: { description: 'The step.', example: stepExample, schema: stepAnswer } },
        errors: notFound,
      },
      async (req, res, { body }) => {
        const step = await workflows().UpdateStep({
          workflow_id: String(req.params.id),
          step_id: String(req.params.stepId),
          type: body.type,
          name: body.name ?? undefined,
          position: body.position ?? null,
          clear_position: body.position === null,
          config_json: body.config ? JSON.stringify(body.config) : undefined,
          template_id: body.templateId ?? undefined,
          clear_template_id: body.templateId === null,
        });
        res.json(stepView(step));
      },
    ),
    on.delete(
      '/workflows/:id/steps/:stepId',
      auth,
      {
        tag,
        summary: 'Delete a step',
        description:
          'With its transitions. `splice=true` connects its predecessors to its one successor. Executions at the step move on to that successor (splice), or end EXITED with the reason.',
        params: STEP,
        query: deleteStepQuery,
        responses: { 204: { description: 'Deleted.' } },
        errors: { ...notFound, 400: { code: 'BAD_REQUEST', description: 'The TRIGGER step, or splice of a step with several successors.' } },
      },
      async (req, res, { query }) => {
        await workflows().DeleteStep({ workflow_id: String(req.params.id), step_id: String(req.params.stepId), splice: query.splice === 'true' });
        res.status(204).end();
      },
    ),
    on.post(
      '/workflows/:id/transitions',
      auth,
      {
        tag,
        summary: 'Add a transition',
        description: graphRules,
        params: WORKFLOW_ID,
        body: transitionWriteSchema,
        example: { fromStepId: id(1), toStepId: id(3) },
        responses: { 201: { description: 'The transition.', example: transitionExample, schema: transitionAnswer } },
        errors: notFound,
      },
      async (req, res, { body }) => {
        const transition = await workflows().AddTransition({
          workflow_id: String(req.params.id),
          from_step_id: body.fromStepId,
          to_step_id: body.toStepId,
          branch: body.condition?.branch ?? body.branch ?? undefined,
          wait_outcome: body.waitOutcome ?? undefined,
          priority: body.priority ?? 0,
        });
        res.status(201).json(transitionView(transition));
      },
    ),
    on.delete(
      '/workflows/:id/transitions/:transitionId',
      auth,
      { tag, summary: 'Delete a transition', params: TRANSITION, responses: { 204: { description: 'Deleted.' } }, errors: notFound },
      async (req, res) => {
        await workflows().DeleteTransition({ workflow_id: String(req.params.id), transition_id: String(req.params.transitionId) });
        res.status(204).end();
      },
    ),
    on.post(
      '/workflows/:id/executions',
      auth,
      {
        tag,
        summary: 'Start an execution',
        description:
          'For one contact, with an optional `context`. The workflow must be enabled (else 400); without re-entry a contact that ran it before gets 409.',
        params: WORKFLOW_ID,
        body: startBody,
        example: { contactId: id(5), context: { plan: 'pro' } },
        responses: {
          201: {
            description: 'The execution, RUNNING, with its step history.',
            example: { ...executionExample, status: 'RUNNING', waitingFor: null, history: [historyExample] },
            schema: executionHistoryAnswer,
          },
        },
        errors: {
          ...notFound,
          400: { code: 'BAD_REQUEST', description: 'The workflow is disabled.' },
          409: { code: 'CONFLICT', description: 'The contact ran it before and re-entry is not allowed.' },
        },
      },
      async (req, res, { body }) => {
        res.status(201).json(
          executionView(
            await workflows().StartExecution({
              workflow_id: String(req.params.id),
              contact_id: body.contactId,
              context_json: JSON.stringify(body.context ?? {}),
            }),
          ),
        );
      },
    ),
    on.get(
      '/workflows/:id/executions',
      auth,
      {
        tag,
        summary: 'List executions',
        description: 'Newest first; `status` filters (RUNNING, WAITING, COMPLETED, EXITED, FAILED, CANCELLED).',
        params: WORKFLOW_ID,
        query: executionsQuery,
        responses: {
          200: {
            description: 'A page of executions.',
            example: { executions: [executionExample], total: 1, page: 1, pageSize: 20, totalPages: 1 },
            schema: z.strictObject({ executions: z.array(executionAnswer), ...paged }),
          },
        },
        errors: notFound,
      },
      async (req, res, { query }) => {
        const out = await workflows().ListExecutions({
          workflow_id: String(req.params.id),
          status: query.status ?? '',
          page: query.page,
          page_size: query.pageSize,
        });
        const total = Number(out.total);
        res.json({
          executions: out.executions.map(executionView),
          total,
          page: query.page,
          pageSize: query.pageSize,
          totalPages: Math.ceil(total / query.pageSize),
        });
      },
    ),
    on.post(
      '/workflows/:id/executions/cancel-all',
      auth,
      {
        tag,
        summary: 'Cancel every active execution',
        description: 'RUNNING and WAITING ones become CANCELLED.',
        params: WORKFLOW_ID,
        responses: { 200: { description: 'How many.', example: { cancelled: 3 }, schema: z.strictObject({ cancelled: z.number().int() }) } },
        errors: notFound,
      },
      async (req, res) => {
        res.json({ cancelled: Number((await workflows().CancelAllExecutions({ id: String(req.params.id) })).cancelled) });
      },
    ),
    on.get(
      '/workflows/:id/executions/:executionId',
      auth,
      {
        tag,
        summary: 'Get an execution',
        description: 'With its step history: which step ran when, and what it did or decided.',
        params: EXECUTION,
        responses: {
          200: {
            description: 'The execution.',
            example: {
              ...executionExample,
              history: [historyExample],
            },
            schema: executionHistoryAnswer,
          },
        },
        errors: notFound,
      },
      async (req, res) => {
        res.json(executionView(await workflows().GetExecution({ workflow_id: String(req.params.id), execution_id: String(req.params.executionId) })));
      },
    ),
    on.delete(
      '/workflows/:id/executions/:executionId',
      auth,
      {
        tag,
        summary: 'Cancel an execution',
        description: 'A RUNNING or WAITING execution becomes CANCELLED; nothing of it runs after.',
        params: EXECUTION,
        responses: {
          200: { description: 'The execution, CANCELLED.', example: { ...executionExample, status: 'CANCELLED', waitingFor: null }, schema: executionAnswer },
        },
        errors: { ...notFound, 400: { code: 'BAD_REQUEST', description: 'The execution has ended already.' } },
      },
      async (req, res) => {
        res.json(executionView(await workflows().CancelExecution({ workflow_id: String(req.params.id), execution_id: String(req.params.executionId) })));
      },
    ),
  ];
}
