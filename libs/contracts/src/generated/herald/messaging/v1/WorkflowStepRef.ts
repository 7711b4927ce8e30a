// Original file: protos/messaging/v1/messaging.proto


export interface WorkflowStepRef {
  'workflow_id'?: (string);
  'step_id'?: (string);
  'name'?: (string);
}

export interface WorkflowStepRef__Output {
  'workflow_id': (string);
  'step_id': (string);
  'name': (string);
}
