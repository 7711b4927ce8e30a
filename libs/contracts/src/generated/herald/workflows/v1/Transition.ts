// Original file: protos/workflows/v1/workflows.proto


export interface Transition {
  'id'?: (string);
  'from_step_id'?: (string);
  'to_step_id'?: (string);
  'branch'?: (string);
  'wait_outcome'?: (string);
  'priority'?: (number);
  '_branch'?: "branch";
  '_wait_outcome'?: "wait_outcome";
}

export interface Transition__Output {
  'id': (string);
  'from_step_id': (string);
  'to_step_id': (string);
  'branch'?: (string);
  'wait_outcome'?: (string);
  'priority': (number);
  '_branch'?: "branch";
  '_wait_outcome'?: "wait_outcome";
}
