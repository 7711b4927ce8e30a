// Original file: protos/workflows/v1/workflows.proto


export interface TransitionWrite {
  'workflow_id'?: (string);
  'fields_json'?: (string);
}

export interface TransitionWrite__Output {
  'workflow_id': (string);
  'fields_json': (string);
}
