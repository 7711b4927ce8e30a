/**
 * Workflows, in Plunk's shapes: a workflow's fields, its steps' configs per type and
 * the transitions between them, as request schemas (the HTTP routes validate bodies with them, the
 * service a step's config for its type); and the graph's rules (checked on every write and again
 * when enabling).
 */
import { z } from 'zod';
import { zodToFieldErrors } from '../../../../libs/edge/src';
import { validationError, type FieldError } from '../../../../libs/kit/src';
import { checkWebhookHeaders, checkWebhookUrl, WEBHOOK_METHODS } from './webhook';

export const STEP_TYPES = ['TRIGGER', 'SEND_EMAIL', 'DELAY', 'WAIT_FOR_EVENT', 'CONDITION', 'WEBHOOK', 'UPDATE_CONTACT', 'EXIT'] as const;
export type StepType = (typeof STEP_TYPES)[number];
/** The types a user adds: the TRIGGER step comes with the workflow. */
export const ADDABLE_STEP_TYPES = STEP_TYPES.filter((t) => t !== 'TRIGGER') as Exclude<StepType, 'TRIGGER'>[];

export const EXECUTION_STATUSES = ['RUNNING', 'WAITING', 'COMPLETED', 'EXITED', 'FAILED', 'CANCELLED'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];
export const ACTIVE_STATUSES: readonly ExecutionStatus[] = ['RUNNING', 'WAITING'];

export const LIMITS = {
  MAX_STEPS: 100,
  MAX_TRANSITIONS: 200,
  MAX_NAME: 200,
  MAX_DESCRIPTION: 2000,
  MAX_EVENT_NAME: 255,
  MAX_DELAY_SECONDS: 365 * 86_400,
  MAX_BRANCHES: 20,
  /** The JSON of a step's config, and of an execution's context. */
  MAX_CONFIG_BYTES: 64 * 1024,
  MAX_CONTEXT_BYTES: 64 * 1024,
} as const;

export const DELAY_UNITS = { minutes: 60, hours: 3600, days: 86_400 } as const;
export type DelayUnit = keyof typeof DELAY_UNITS;

const eventName = z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(LIMITS.MAX_EVENT_NAME);
const name = z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(LIMITS.MAX_NAME);
const description = z.string({ error: 'must be a string' }).max(LIMITS.MAX_DESCRIPTION).nullish();

export const createWorkflowSchema = z.strictObject({
  name,
  description,
  eventName: eventName.optional(),
  triggerConfig: z.strictObject({ eventName, humanOnly: z.boolean({ error: 'must be true or false' }).optional() }).optional(),
  humanOnly: z.boolean({ error: 'must be true or false' }).optional(),
  triggerType: z.literal('EVENT', { error: 'must be EVENT (the only trigger type)' }).optional(),
  allowReentry: z.boolean({ error: 'must be true or false' }).optional(),
});

export const updateWorkflowSchema = z.strictObject({
  name: name.optional(),
  description,
  eventName: eventName.optional(),
  triggerConfig: z.strictObject({ eventName, humanOnly: z.boolean({ error: 'must be true or false' }).optional() }).optional(),
  humanOnly: z.boolean({ error: 'must be true or false' }).optional(),
  triggerType: z.literal('EVENT', { error: 'must be EVENT (the only trigger type)' }).optional(),
  enabled: z.boolean({ error: 'must be true or false' }).optional(),
  allowReentry: z.boolean({ error: 'must be true or false' }).optional(),
});

/** The email events a trigger may take only when a person made them (docs/deliverability.md, "Human and machine engagement"). */
export const HUMAN_TRIGGERS: Record<string, string> = { 'email.opened': 'email.human_opened', 'email.clicked': 'email.human_clicked' };

/**
 * The trigger event of a create or patch body: `eventName`, or Plunk's `triggerConfig.eventName`;
 * with `humanOnly` (top level or in triggerConfig), email.opened and email.clicked become the
 * events of a person's first open and click (`email.human_opened`, `email.human_clicked`), which
 * machines never cause.
 */
export function triggerEventOf(body: {
  eventName?: string;
  triggerConfig?: { eventName: string; humanOnly?: boolean };
  humanOnly?: boolean;
}): string | undefined {
  const name = body.eventName ?? body.triggerConfig?.eventName;
  const humanOnly = body.humanOnly ?? body.triggerConfig?.humanOnly;
  if (humanOnly === undefined) return name;
  const field = body.humanOnly !== undefined ? 'humanOnly' : 'triggerConfig.humanOnly';
  if (name === undefined)
    throw validationError([{ field, message: 'needs the trigger event (eventName) beside it', code: 'required' }], 'Send eventName with humanOnly.');
  const base = Object.entries(HUMAN_TRIGGERS).find(([, human]) => human === name)?.[0] ?? name;
  if (!humanOnly) return base;
  if (!HUMAN_TRIGGERS[base])
    throw validationError(
      [{ field, message: `applies to email.opened and email.clicked, not ${name}`, code: 'invalid_value' }],
      'Use humanOnly with eventName email.opened or email.clicked, or leave it out.',
    );
  return HUMAN_TRIGGERS[base];
}

/** The trigger as the API shows it: a person's open or click is email.opened or email.clicked with humanOnly. */
export function triggerView(triggerEvent: string): { eventName: string; humanOnly: boolean } {
  const base = Object.entries(HUMAN_TRIGGERS).find(([, human]) => human === triggerEvent)?.[0];
  return base ? { eventName: base, humanOnly: true } : { eventName: triggerEvent, humanOnly: false };
}

const uuid = z.string({ error: 'must be a string' }).uuid('must be an id');
const position = z.strictObject({ x: z.number().finite(), y: z.number().finite() }).nullish();

// ——— Step configs (Plunk's, per step type) ———

const conditionValue = z.union([z.string().max(1000), z.number().finite(), z.boolean()], { error: 'must be a string, a number or a boolean' }).nullish();
/** On email.opened and email.clicked: only what a person did (email.human_opened, email.human_clicked). */
const humanOnly = z.boolean({ error: 'must be true or false' }).nullish();
const conditionUnit = z.enum(['minutes', 'hours', 'days'], { error: 'must be minutes, hours or days' }).nullish();

export const CONFIG_SCHEMAS = {
  TRIGGER: z.strictObject({}),
  SEND_EMAIL: z.strictObject({
    templateId: uuid.nullish(),
    recipient: z
      .strictObject({
        type: z.enum(['CONTACT', 'CUSTOM'], { error: 'must be CONTACT or CUSTOM' }),
        customEmail: z.string().trim().toLowerCase().email('must be a valid email address').max(320).nullish(),
      })
      .refine((r) => r.type !== 'CUSTOM' || !!r.customEmail, { message: 'a CUSTOM recipient needs customEmail', path: ['customEmail'] })
      .nullish(),
  }),
  DELAY: z
    .strictObject({
      amount: z.number({ error: 'must be a number' }).int('must be a whole number').positive('must be at least 1'),
      unit: z.enum(['minutes', 'hours', 'days'], { error: 'must be minutes, hours or days' }),
    })
    .refine((d) => d.amount * DELAY_UNITS[d.unit] <= LIMITS.MAX_DELAY_SECONDS, { message: 'must be at most 365 days', path: ['amount'] }),
  WAIT_FOR_EVENT: z.strictObject({
    eventName,
    timeout: z
      .number({ error: 'must be a number of seconds' })
      .int('must be whole seconds')
      .positive('must be at least 1')
      .max(LIMITS.MAX_DELAY_SECONDS, 'must be at most 365 days')
      .nullish(),
  }),
  CONDITION: z.union([
    z.strictObject({
      field: z.string().min(1).max(300),
      operator: z.string().min(1).max(40),
      value: conditionValue,
      unit: conditionUnit,
      mode: z.literal('simple').optional(),
      humanOnly: humanOnly,
    }),
    z.strictObject({
      mode: z.literal('multi'),
      field: z.string().min(1).max(300),
      humanOnly: humanOnly,
      branches: z
        .array(
          z.strictObject({
            id: z
              .string()
              .trim()
              .min(1)
              .max(100)
              .refine((id) => !['yes', 'no', 'default'].includes(id), 'yes, no and default are reserved branch names'),
            name: z.string().max(200).nullish(),
            operator: z.string().min(1).max(40),
            value: conditionValue,
            unit: conditionUnit,
          }),
        )
        .min(1, 'must have at least one branch')
        .max(LIMITS.MAX_BRANCHES)
        .refine((bs) => new Set(bs.map((b) => b.id)).size === bs.length, 'branch ids must be distinct'),
    }),
  ]),
  WEBHOOK: z.strictObject({
    url: z.string({ error: 'must be a string' }).min(1).max(2048),
    method: z.enum(WEBHOOK_METHODS, { error: `must be ${WEBHOOK_METHODS.join(', ')}` }).default('POST'),
    headers: z
      .record(z.string(), z.string({ error: 'header values must be strings' }))
      .superRefine((h, ctx) => {
        const problem = checkWebhookHeaders(h);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .nullish(),
    body: z.union([z.string().max(LIMITS.MAX_CONFIG_BYTES), z.record(z.string(), z.unknown())], { error: 'must be a string or a JSON object' }).nullish(),
  }),
  UPDATE_CONTACT: z.strictObject({
    updates: z.record(z.string(), z.unknown(), { error: 'must be an object of contact data' }).nullish(),
    subscriptionAction: z.enum(['none', 'subscribe', 'unsubscribe'], { error: 'must be none, subscribe or unsubscribe' }).nullish(),
  }),
  EXIT: z.strictObject({ reason: z.string().max(500).nullish() }),
} satisfies Record<StepType, z.ZodType>;

export type StepConfig<T extends StepType> = z.infer<(typeof CONFIG_SCHEMAS)[T]>;
export type ConditionConfig = StepConfig<'CONDITION'>;

export const stepWriteSchema = z.strictObject({
  type: z.enum(ADDABLE_STEP_TYPES as [string, ...string[]], { error: `must be one of ${ADDABLE_STEP_TYPES.join(', ')}` }).optional(),
  name: z.string().trim().max(LIMITS.MAX_NAME).nullish(),
  position,
  config: z.record(z.string(), z.unknown(), { error: 'must be an object' }).nullish(),
  /** As on Plunk, a SEND_EMAIL step's template comes beside its config too. */
  templateId: uuid.nullish(),
});

export const transitionWriteSchema = z.strictObject({
  fromStepId: uuid,
  toStepId: uuid,
  condition: z.strictObject({ branch: z.string().min(1).max(100) }).nullish(),
  branch: z.string().min(1).max(100).nullish(),
  waitOutcome: z.enum(['EVENT', 'TIMEOUT'], { error: 'must be EVENT or TIMEOUT' }).nullish(),
  priority: z.number().int().min(0).max(1000).nullish(),
});

/** A step's config checked for its type: the normalised config, or the errors at `config.<field>`. */
export function parseStepConfig(type: StepType, config: unknown): { ok: true; config: Record<string, unknown> } | { ok: false; errors: FieldError[] } {
  if (JSON.stringify(config ?? {}).length > LIMITS.MAX_CONFIG_BYTES)
    return { ok: false, errors: [{ field: 'config', message: `must be at most ${LIMITS.MAX_CONFIG_BYTES / 1024} KB of JSON`, code: 'too_big' }] };
  const r = (CONFIG_SCHEMAS[type] as z.ZodType).safeParse(config ?? {});
  if (!r.success) return { ok: false, errors: zodToFieldErrors(r.error, 'config') };
  return { ok: true, config: r.data as Record<string, unknown> };
}

/** The WEBHOOK URL's problem for a write (scheme, credentials, a literal private address). */
export function webhookUrlError(config: Record<string, unknown>, allowPrivate: boolean): FieldError | undefined {
  const problem = checkWebhookUrl(String(config.url), allowPrivate);
  return problem ? { field: 'config.url', message: problem, code: 'invalid_url' } : undefined;
}

// ——— The graph ———

export interface GraphStep {
  id: string;
  type: StepType;
  name: string;
  config: Record<string, unknown>;
  templateId: string | null;
}

export interface GraphTransition {
  id: string;
  fromStepId: string;
  toStepId: string;
  branch: string | null;
  waitOutcome: 'EVENT' | 'TIMEOUT' | null;
  priority: number;
}

export interface Graph {
  steps: GraphStep[];
  transitions: GraphTransition[];
}

/** The branches a CONDITION step has: yes/no, or its branch ids and `default`. */
export function branchesOf(step: GraphStep): string[] {
  const c = step.config as ConditionConfig;
  return c.mode === 'multi' ? [...c.branches.map((b) => b.id), 'default'] : ['yes', 'no'];
}

export const stepLabel = (s: GraphStep) => `${s.type} step "${s.name}" (${s.id})`;

/**
 * Whether a new transition may join the graph: an edge's rules by its source's type (a CONDITION
 * edge names one of its branches, a WAIT_FOR_EVENT edge its outcome, other steps have one way
 * out, none leaves EXIT or enters TRIGGER) and no cycle. Errors name the request's fields.
 */
export function transitionErrors(graph: Graph, t: Omit<GraphTransition, 'id'>): FieldError[] {
  const from = graph.steps.find((s) => s.id === t.fromStepId);
  const to = graph.steps.find((s) => s.id === t.toStepId);
  if (!from) return [{ field: 'fromStepId', message: 'is not a step of this workflow', code: 'not_found' }];
  if (!to) return [{ field: 'toStepId', message: 'is not a step of this workflow', code: 'not_found' }];
  if (from.id === to.id) return [{ field: 'toStepId', message: 'a step cannot lead to itself', code: 'cycle' }];
  if (from.type === 'EXIT') return [{ field: 'fromStepId', message: 'nothing follows an EXIT step', code: 'invalid_transition' }];
  if (to.type === 'TRIGGER') return [{ field: 'toStepId', message: 'nothing leads to the TRIGGER step', code: 'invalid_transition' }];
  if (graph.transitions.length >= LIMITS.MAX_TRANSITIONS)
    return [{ field: 'fromStepId', message: `a workflow has at most ${LIMITS.MAX_TRANSITIONS} transitions`, code: 'too_big' }];
  const out = graph.transitions.filter((x) => x.fromStepId === from.id);
  if (from.type === 'CONDITION') {
    const branches = branchesOf(from);
    if (!t.branch) return [{ field: 'branch', message: `a transition out of a CONDITION step needs a branch: ${branches.join(', ')}`, code: 'required' }];
    if (!branches.includes(t.branch)) return [{ field: 'branch', message: `must be one of ${branches.join(', ')}`, code: 'invalid_enum_value' }];
    if (out.some((x) => x.branch === t.branch))
      return [{ field: 'branch', message: `branch "${t.branch}" of this step has its transition already`, code: 'duplicate' }];
  } else if (t.branch) {
    return [{ field: 'branch', message: 'only transitions out of a CONDITION step carry a branch', code: 'invalid_transition' }];
  }
  if (from.type === 'WAIT_FOR_EVENT') {
    if (!t.waitOutcome)
      return [{ field: 'waitOutcome', message: 'a transition out of a WAIT_FOR_EVENT step needs waitOutcome: EVENT or TIMEOUT', code: 'required' }];
    if (out.some((x) => x.waitOutcome === t.waitOutcome))
      return [{ field: 'waitOutcome', message: `the ${t.waitOutcome} outcome of this step has its transition already`, code: 'duplicate' }];
  } else if (t.waitOutcome) {
    return [{ field: 'waitOutcome', message: 'only transitions out of a WAIT_FOR_EVENT step carry waitOutcome', code: 'invalid_transition' }];
  }
  if (from.type !== 'CONDITION' && from.type !== 'WAIT_FOR_EVENT' && out.length > 0) {
    return [{ field: 'fromStepId', message: `a ${from.type} step has one way out, and this one has its transition already`, code: 'duplicate' }];
  }
  if (reaches(graph.transitions, to.id, from.id)) return [{ field: 'toStepId', message: 'this transition would make a cycle', code: 'cycle' }];
  return [];
}

/** Whether `target` can be reached from `start` along the transitions. */
function reaches(transitions: GraphTransition[], start: string, target: string): boolean {
  const next = new Map<string, string[]>();
  for (const t of transitions) next.set(t.fromStepId, [...(next.get(t.fromStepId) ?? []), t.toStepId]);
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length) {
    const id = stack.pop()!;
    if (id === target) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(next.get(id) ?? []));
  }
  return false;
}

/**
 * Why a graph cannot run, step by step (checked when enabling): the trigger leads nowhere, a step
 * no path from the trigger reaches (dangling), a SEND_EMAIL step without a template. Each error's
 * field names the step: `steps.<id>.templateId`.
 */
export function runnableErrors(graph: Graph): FieldError[] {
  const errors: FieldError[] = [];
  const trigger = graph.steps.find((s) => s.type === 'TRIGGER');
  if (!trigger) return [{ field: 'steps', message: 'the workflow has no TRIGGER step', code: 'invalid_graph' }];
  if (!graph.transitions.some((t) => t.fromStepId === trigger.id)) {
    errors.push({ field: `steps.${trigger.id}`, message: 'the TRIGGER step leads nowhere: add a step after it and a transition to it', code: 'invalid_graph' });
  }
  for (const s of graph.steps) {
    if (s.type !== 'TRIGGER' && !reaches(graph.transitions, trigger.id, s.id)) {
      errors.push({ field: `steps.${s.id}`, message: `${stepLabel(s)} is not connected: no path from the trigger reaches it`, code: 'dangling_step' });
    }
    if (s.type === 'SEND_EMAIL' && !s.templateId) {
      errors.push({ field: `steps.${s.id}.templateId`, message: `${stepLabel(s)} has no template`, code: 'required' });
    }
  }
  return errors;
}

/** The step a transition of `from` leads to: for a branch or outcome when given. Undefined: none. */
export function nextStep(graph: Graph, fromStepId: string, choice?: { branch?: string; waitOutcome?: 'EVENT' | 'TIMEOUT' }): string | undefined {
  const out = graph.transitions
    .filter((t) => t.fromStepId === fromStepId)
    .filter((t) => (choice?.branch === undefined || t.branch === choice.branch) && (choice?.waitOutcome === undefined || t.waitOutcome === choice.waitOutcome))
    .sort((a, b) => a.priority - b.priority);
  return out[0]?.toStepId;
}

/** The event names a workflow references: its trigger, WAIT_FOR_EVENT steps and CONDITION `event.<name>` fields. */
export function referencedEvents(triggerEvent: string, steps: GraphStep[]): string[] {
  const names = new Set<string>([triggerEvent]);
  for (const s of steps) {
    if (s.type === 'WAIT_FOR_EVENT') names.add(String(s.config.eventName));
    if (s.type === 'CONDITION') {
      const field = String(s.config.field);
      if (field.startsWith('event.')) names.add(field.slice('event.'.length));
      else if (field.startsWith('email.')) names.add(field);
    }
  }
  return [...names];
}

/** The contact fields CONDITION steps read (not `context.*`, events or segments). */
export function referencedFields(steps: GraphStep[]): string[] {
  const fields = new Set<string>();
  for (const s of steps) {
    if (s.type !== 'CONDITION') continue;
    const field = String(s.config.field);
    if (!/^(context|event|email|segment)\./.test(field)) fields.add(field);
  }
  return [...fields];
}
