// Original file: protos/workflows/v1/workflows.proto


export interface AddTransitionRequest {
  'workflow_id'?: (string);
  'from_step_id'?: (string);
  'to_step_id'?: (string);
  'branch'?: (string);
  'wait_outcome'?: (string);
  'priority'?: (number);
  '_branch'?: "branch";
  '_wait_outcome'?: "wait_outcome";
}

export interface AddTransitionRequest__Output {
  'workflow_id': (string);
  'from_step_id': (string);
  'to_step_id': (string);
  'branch'?: (string);
  'wait_outcome'?: (string);
  'priority': (number);
  '_branch'?: "branch";
  '_wait_outcome'?: "wait_outcome";
}
