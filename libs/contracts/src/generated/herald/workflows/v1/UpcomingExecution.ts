// Original file: protos/workflows/v1/workflows.proto


export interface UpcomingExecution {
  'execution_id'?: (string);
  'workflow_id'?: (string);
  'workflow_name'?: (string);
  'contact_id'?: (string);
  'step_id'?: (string);
  'step_type'?: (string);
  'due_at'?: (string);
}

export interface UpcomingExecution__Output {
  'execution_id': (string);
  'workflow_id': (string);
  'workflow_name': (string);
  'contact_id': (string);
  'step_id': (string);
  'step_type': (string);
  'due_at': (string);
}
