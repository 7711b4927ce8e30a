// Original file: protos/workflows/v1/workflows.proto


export interface DeleteStepRequest {
  'workflow_id'?: (string);
  'step_id'?: (string);
  'splice'?: (boolean);
}

export interface DeleteStepRequest__Output {
  'workflow_id': (string);
  'step_id': (string);
  'splice': (boolean);
}
