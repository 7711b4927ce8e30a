import type { NewEvent, Outbox } from '../../../../libs/bus/src';
import type { UnitOfWork, Work } from '../../../../libs/db/src';
import type { ExecutionStatus, GraphStep, GraphTransition, StepType } from '../domain/workflow';

export interface WorkflowRow {
  project_id: string;
  id: string;
  name: string;
  description: string | null;
  enabled: boolean;
  trigger_type: string;
  trigger_event: string;
  allow_reentry: boolean;
  tracking: string;
  webhook_secret: string;
  version: string;
  created_at: Date;
  updated_at: Date;
}

export interface StepRow {
  project_id: string;
  workflow_id: string;
  id: string;
  type: StepType;
  name: string;
  position: { x: number; y: number } | null;
  config: Record<string, unknown>;
  template_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface TransitionRow {
  project_id: string;
  workflow_id: string;
  id: string;
  from_step_id: string;
  to_step_id: string;
  branch: string | null;
  wait_outcome: 'EVENT' | 'TIMEOUT' | null;
  priority: number;
  created_at: Date;
}

/** One entry of an execution's step history. */
export interface HistoryEntry {
  stepId: string;
  type: StepType;
  at: string;
  /** What the step did or decided: `{ branch }`, `{ emailId }`, `{ waitOutcome }`, `{ status }` of a webhook, an error… */
  outcome: Record<string, unknown>;
}

export interface ExecutionRow {
  project_id: string;
  id: string;
  workflow_id: string;
  contact_id: string;
  status: ExecutionStatus;
  current_step_id: string | null;
  exit_reason: string | null;
  context: Record<string, unknown>;
  trigger_event: { id?: string; name: string; occurredAt: string; data?: Record<string, unknown> } | null;
  wait_event: string | null;
  waiting_since: Date | null;
  due_at: Date | null;
  attempts: number;
  history?: HistoryEntry[];
  version: string;
  started_at: Date;
  completed_at: Date | null;
  updated_at: Date;
}

/** What the engine claimed: an execution without its history. */
export type ClaimedExecution = Omit<ExecutionRow, 'history'>;

/** The engine's write of an execution it holds: applied only if nobody wrote it since (`version`). */
export interface ExecutionWrite {
  projectId: string;
  id: string;
  version: string;
  status: ExecutionStatus;
  currentStepId: string | null;
  exitReason: string | null;
  waitEvent: string | null;
  waitingSince: Date | null;
  dueAt: Date | null;
  attempts: number;
  /** Appended to the history. */
  history: HistoryEntry[];
}

/** A new execution: started by its trigger event or by hand. */
export interface NewExecution {
  projectId: string;
  id: string;
  workflowId: string;
  workflowName: string;
  contactId: string;
  triggerStepId: string;
  context: Record<string, unknown>;
  triggerEvent: ExecutionRow['trigger_event'];
}

export interface WorkflowGraph {
  steps: Array<GraphStep & { position: StepRow['position'] }>;
  transitions: GraphTransition[];
}

/**
 * Workflows, their graphs, executions and entries in PostgreSQL (adapters/repo.ts). Transactions
 * are units of work (`uow.run`); `outbox` publishes this schema's events in them. A read given no
 * work reads on its own.
 */
export interface WorkflowsStore {
  readonly uow: UnitOfWork;
  readonly outbox: Outbox;

  insertWorkflow(
    work: Work,
    row: Pick<WorkflowRow, 'project_id' | 'id' | 'name' | 'description' | 'trigger_event' | 'allow_reentry' | 'webhook_secret'>,
  ): Promise<WorkflowRow>;
  getWorkflow(projectId: string, id: string): Promise<WorkflowRow | undefined>;
  /** The workflow, locked in the unit of work. */
  getWorkflowForUpdate(work: Work, projectId: string, id: string): Promise<WorkflowRow | undefined>;
  /** A page of its workflows, newest first; `enabled` set: only those enabled (true) or disabled (false). */
  listWorkflows(projectId: string, page: { page: number; pageSize: number }, enabled?: boolean): Promise<{ rows: WorkflowRow[]; total: number }>;
  /** Applies the change and bumps the version (also for a change of steps or transitions only). */
  updateWorkflow(
    work: Work,
    projectId: string,
    id: string,
    change: Partial<Pick<WorkflowRow, 'name' | 'description' | 'trigger_event' | 'enabled' | 'allow_reentry' | 'tracking'>>,
  ): Promise<WorkflowRow>;
  /** The workflow with everything of it: steps, transitions, executions, entries. */
  deleteWorkflow(work: Work, projectId: string, id: string): Promise<void>;
  /** Workflows by id, for the engine (no lock). */
  workflowsByIds(projectIds: string[], ids: string[]): Promise<WorkflowRow[]>;

  graph(projectId: string, workflowId: string, work?: Work): Promise<WorkflowGraph>;
  insertStep(work: Work, row: Omit<StepRow, 'created_at' | 'updated_at'>): Promise<StepRow>;
  updateStep(work: Work, projectId: string, id: string, change: Pick<StepRow, 'name' | 'position' | 'config' | 'template_id'>): Promise<StepRow>;
  deleteStep(work: Work, projectId: string, id: string): Promise<void>;
  insertTransition(work: Work, row: Omit<TransitionRow, 'created_at'>): Promise<TransitionRow>;
  deleteTransitions(work: Work, projectId: string, ids: string[]): Promise<number>;

  /** Enabled workflows triggered by these (project, event name) pairs, each with its TRIGGER step. */
  triggered(work: Work, pairs: Array<{ projectId: string; name: string }>): Promise<Array<WorkflowRow & { trigger_step_id: string }>>;
  /**
   * Records the contacts' entries of a workflow and answers those admitted: all of them when it
   * allows re-entry, else the ones that never entered it.
   */
  enter(work: Work, projectId: string, workflowId: string, allowReentry: boolean, contactIds: string[]): Promise<string[]>;
  /** Inserts RUNNING executions due now, with their workflows.execution.started.v1 events. */
  insertExecutions(work: Work, executions: NewExecution[]): Promise<void>;
  getExecution(projectId: string, workflowId: string, id: string, work?: Work): Promise<ExecutionRow | undefined>;
  listExecutions(
    projectId: string,
    workflowId: string,
    q: { status?: string; page: number; pageSize: number },
  ): Promise<{ rows: ExecutionRow[]; total: number }>;
  countActive(work: Work, projectId: string, workflowId: string): Promise<number>;
  /** RUNNING or WAITING → CANCELLED (one, or all of the workflow's when id is undefined); the executions cancelled. */
  cancel(projectId: string, workflowId: string, id?: string): Promise<ExecutionRow[]>;
  /** Executions at a step (RUNNING or WAITING) moved on to `to`, or ended EXITED with `reason` when `to` is null. */
  moveFromStep(work: Work, projectId: string, stepId: string, to: string | null, reason: string): Promise<number>;
  /** Executions of a deleted contact: EXITED. */
  exitContact(work: Work, projectId: string, contactId: string, reason: string): Promise<number>;

  /** Claims due executions for `leaseMs` (FOR UPDATE SKIP LOCKED; each claim bumps the version). */
  claimDue(limit: number, leaseMs: number): Promise<ClaimedExecution[]>;
  /** Applies the writes whose version still holds; the ids written. */
  writeExecutions(writes: ExecutionWrite[]): Promise<Set<string>>;
  /**
   * Recorded events: the executions of each event's contact WAITING for that event name since
   * before it occurred go on along their EVENT transition (or complete without one). How many resumed.
   */
  resumeWaiting(work: Work, events: Array<{ projectId: string; contactId: string; name: string; eventId: string; occurredAt: string }>): Promise<number>;
  /** Remembers tracked event names; forgets a deleted one. */
  noteEventNames(work: Work, pairs: Array<{ projectId: string; name: string }>): Promise<void>;
  forgetEventName(work: Work, projectId: string, name: string): Promise<void>;
  eventNames(projectId: string): Promise<string[]>;
  upcoming(
    projectId: string,
    limit: number,
  ): Promise<Array<{ id: string; workflow_id: string; workflow_name: string; contact_id: string; step_id: string; step_type: string; due_at: Date }>>;
}

export type Publish = (work: Work, events: NewEvent[]) => Promise<unknown>;

/** The outgoing request of a WEBHOOK step (adapters/webhook.ts: SSRF-safe, signed, bounded). */
export interface WebhookRequest {
  url: string;
  method: string;
  headers: Record<string, string> | undefined;
  /** Sent as is (JSON by default: Content-Type application/json unless a header says otherwise). */
  body?: string;
  /** Signs the request (X-Herald-Signature). */
  secret: string;
  /** Sent as Idempotency-Key: the same for every try of one step of one execution (webhookIdempotencyKey). */
  idempotencyKey: string;
}

export type WebhookOutcome = { ok: true; status: number } | { ok: false; retry: boolean; status?: number; reason: string };

export interface WebhookPort {
  send(req: WebhookRequest): Promise<WebhookOutcome>;
}
