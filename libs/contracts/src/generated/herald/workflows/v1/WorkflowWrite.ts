// Original file: protos/workflows/v1/workflows.proto


export interface WorkflowWrite {
  'id'?: (string);
  'fields_json'?: (string);
  'tracking'?: (string);
}

export interface WorkflowWrite__Output {
  'id': (string);
  'fields_json': (string);
  'tracking': (string);
}
