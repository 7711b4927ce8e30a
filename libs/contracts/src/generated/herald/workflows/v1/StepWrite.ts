// Original file: protos/workflows/v1/workflows.proto


export interface StepWrite {
  'workflow_id'?: (string);
  'step_id'?: (string);
  'fields_json'?: (string);
}

export interface StepWrite__Output {
  'workflow_id': (string);
  'step_id': (string);
  'fields_json': (string);
}
