// Original file: protos/workflows/v1/workflows.proto


export interface TransitionRef {
  'workflow_id'?: (string);
  'transition_id'?: (string);
}

export interface TransitionRef__Output {
  'workflow_id': (string);
  'transition_id': (string);
}
