// Original file: protos/workflows/v1/workflows.proto

import type { WaitingFor as _herald_workflows_v1_WaitingFor, WaitingFor__Output as _herald_workflows_v1_WaitingFor__Output } from '../../../herald/workflows/v1/WaitingFor';
import type { History as _herald_workflows_v1_History, History__Output as _herald_workflows_v1_History__Output } from '../../../herald/workflows/v1/History';

export interface Execution {
  'id'?: (string);
  'workflow_id'?: (string);
  'contact_id'?: (string);
  'status'?: (string);
  'current_step_id'?: (string);
  'exit_reason'?: (string);
  'context_json'?: (string);
  'waiting_for'?: (_herald_workflows_v1_WaitingFor | null);
  'started_at'?: (string);
  'completed_at'?: (string);
  'updated_at'?: (string);
  'history'?: (_herald_workflows_v1_History | null);
  '_current_step_id'?: "current_step_id";
  '_exit_reason'?: "exit_reason";
  '_completed_at'?: "completed_at";
}

export interface Execution__Output {
  'id': (string);
  'workflow_id': (string);
  'contact_id': (string);
  'status': (string);
  'current_step_id'?: (string);
  'exit_reason'?: (string);
  'context_json': (string);
  'waiting_for': (_herald_workflows_v1_WaitingFor__Output | null);
  'started_at': (string);
  'completed_at'?: (string);
  'updated_at': (string);
  'history': (_herald_workflows_v1_History__Output | null);
  '_current_step_id'?: "current_step_id";
  '_exit_reason'?: "exit_reason";
  '_completed_at'?: "completed_at";
}
