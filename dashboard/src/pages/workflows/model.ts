import type { Answer } from '../../api-types';

/**
 * Workflows as the API sends them (Plunk's shapes) and the graph arithmetic the editor needs:
 * which ways out ("outlets") a step has, how a transition is labelled, where a step is drawn.
 */

export const STEP_TYPES = ['SEND_EMAIL', 'DELAY', 'WAIT_FOR_EVENT', 'CONDITION', 'WEBHOOK', 'UPDATE_CONTACT', 'EXIT'] as const;
export type AddableType = (typeof STEP_TYPES)[number];
export type StepType = 'TRIGGER' | AddableType;

export const STEP_LABELS: Record<StepType, string> = {
  TRIGGER: 'Trigger',
  SEND_EMAIL: 'Send email',
  DELAY: 'Delay',
  WAIT_FOR_EVENT: 'Wait for event',
  CONDITION: 'Condition',
  WEBHOOK: 'Webhook',
  UPDATE_CONTACT: 'Update contact',
  EXIT: 'Exit',
};

type GraphAnswer = Answer<'/workflows/{id}', 'get'>;
export type Workflow = Answer<'/workflows', 'get'>['workflows'][number];
/** A step's settings depend on its type: the editor reads them by name. */
export type Step = Omit<GraphAnswer['steps'][number], 'config'> & { config: Record<string, any> };
export type Position = NonNullable<Step['position']>;
export type Transition = GraphAnswer['transitions'][number];
export type WorkflowGraph = Omit<GraphAnswer, 'steps'> & { steps: Step[] };

export const EXECUTION_STATUSES = ['RUNNING', 'WAITING', 'COMPLETED', 'EXITED', 'FAILED', 'CANCELLED'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];
export const isActive = (s: ExecutionStatus) => s === 'RUNNING' || s === 'WAITING';

/** GET /workflows/:id/executions/:executionId: with its step history (which step ran when, and what it did). */
export type Execution = Answer<'/workflows/{id}/executions/{executionId}', 'get'>;
export type WorkflowPage = Answer<'/workflows', 'get'>;
export type ExecutionPage = Answer<'/workflows/{id}/executions', 'get'>;
/** GET /workflows/fields: what a CONDITION step can test. */
export type ConditionFields = Answer<'/workflows/fields', 'get'>;

/** What the step panel offers to pick from. */
export interface Lookups {
  templates: { id: string; name: string }[];
  fields: ConditionFields['fields'];
  eventNames: string[];
}

/**
 * One way out of a step. `body` is what a transition through it carries besides its ends: a
 * CONDITION branch (`condition.branch`) or a WAIT_FOR_EVENT outcome (`waitOutcome`).
 */
export interface Outlet {
  key: string;
  label: string;
  body: { condition?: { branch: string }; waitOutcome?: 'EVENT' | 'TIMEOUT' };
}

export function outletsOf(step: Step): Outlet[] {
  switch (step.type) {
    case 'EXIT':
      return [];
    case 'WAIT_FOR_EVENT':
      return (['EVENT', 'TIMEOUT'] as const).map((o) => ({ key: o, label: o, body: { waitOutcome: o } }));
    case 'CONDITION': {
      const branches: { id: string; name?: string | null }[] =
        step.config.mode === 'multi' ? [...(step.config.branches ?? []), { id: 'default', name: 'default' }] : [{ id: 'yes' }, { id: 'no' }];
      return branches.map((b) => ({ key: b.id, label: b.name || b.id, body: { condition: { branch: b.id } } }));
    }
    default:
      return [{ key: 'next', label: '', body: {} }];
  }
}

/** The outlet a transition leaves by. */
export function outletKey(t: Transition): string {
  return t.condition?.branch ?? t.waitOutcome ?? 'next';
}

export const NODE_W = 190;
export const NODE_H = 64;
const GAP_X = 230;
const GAP_Y = 120;

/**
 * Where each step is drawn: its stored position, else a place by its depth from the trigger (the
 * API keeps positions, so this only matters for steps made elsewhere, e.g. over the API).
 */
export function layout(steps: Step[], transitions: Transition[]): Map<string, Position> {
  const out = new Map<string, Position>();
  const depth = new Map<string, number>();
  const trigger = steps.find((s) => s.type === 'TRIGGER');
  if (trigger) {
    depth.set(trigger.id, 0);
    const queue = [trigger.id];
    while (queue.length) {
      const id = queue.shift()!;
      for (const t of transitions.filter((x) => x.fromStepId === id)) {
        if (!depth.has(t.toStepId)) {
          depth.set(t.toStepId, depth.get(id)! + 1);
          queue.push(t.toStepId);
        }
      }
    }
  }
  const maxDepth = Math.max(0, ...depth.values());
  const perRow = new Map<number, number>();
  for (const s of steps) {
    if (s.position) {
      out.set(s.id, s.position);
      continue;
    }
    const row = depth.get(s.id) ?? maxDepth + 1;
    const col = perRow.get(row) ?? 0;
    perRow.set(row, col + 1);
    out.set(s.id, { x: 20 + col * GAP_X, y: 20 + row * GAP_Y });
  }
  return out;
}

/** A free place for a new step: below `after` (the selected step), else below everything. */
export function placeFor(positions: Map<string, Position>, after?: string): Position {
  const all = [...positions.values()];
  const base = after ? positions.get(after) : undefined;
  let p = base ? { x: base.x, y: base.y + GAP_Y } : { x: 20, y: Math.max(-GAP_Y + 20, ...all.map((q) => q.y)) + GAP_Y };
  // Step aside while another step is there.
  while (all.some((q) => Math.abs(q.x - p.x) < NODE_W && Math.abs(q.y - p.y) < NODE_H)) p = { x: p.x + GAP_X, y: p.y };
  return p;
}

/** A short line saying what a step does, for its box on the canvas. */
export function summary(step: Step, lookups?: Lookups): string {
  const c = step.config ?? {};
  switch (step.type) {
    case 'SEND_EMAIL': {
      const t = lookups?.templates.find((x) => x.id === (step.templateId ?? c.templateId));
      return t ? t.name : step.templateId ? 'template set' : 'no template yet';
    }
    case 'DELAY':
      return c.amount ? `${c.amount} ${c.unit}` : '';
    case 'WAIT_FOR_EVENT':
      return `${c.eventName ?? ''}${c.timeout ? `, ≤ ${formatSeconds(c.timeout)}` : ''}`;
    case 'CONDITION':
      return c.mode === 'multi' ? `${c.field} (${(c.branches ?? []).length} branches)` : `${c.field ?? ''} ${c.operator ?? ''} ${c.value ?? ''}`.trim();
    case 'WEBHOOK':
      return `${c.method ?? 'POST'} ${c.url ?? ''}`;
    case 'UPDATE_CONTACT':
      return [Object.keys(c.updates ?? {}).join(', '), c.subscriptionAction && c.subscriptionAction !== 'none' ? c.subscriptionAction : '']
        .filter(Boolean)
        .join(' · ');
    case 'EXIT':
      return c.reason ?? '';
    default:
      return '';
  }
}

export const TIME_UNITS = { minutes: 60, hours: 3600, days: 86_400 } as const;
export type TimeUnit = keyof typeof TIME_UNITS;

/** Seconds as the largest whole unit: 7200 → { amount: 2, unit: 'hours' }. */
export function splitSeconds(seconds: number): { amount: number; unit: TimeUnit } {
  for (const unit of ['days', 'hours', 'minutes'] as const) if (seconds % TIME_UNITS[unit] === 0) return { amount: seconds / TIME_UNITS[unit], unit };
  return { amount: Math.max(1, Math.round(seconds / 60)), unit: 'minutes' };
}
export function formatSeconds(seconds: number): string {
  const { amount, unit } = splitSeconds(seconds);
  return `${amount} ${unit}`;
}
