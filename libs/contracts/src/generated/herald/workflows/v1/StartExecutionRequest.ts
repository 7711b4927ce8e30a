// Original file: protos/workflows/v1/workflows.proto


export interface StartExecutionRequest {
  'workflow_id'?: (string);
  'contact_id'?: (string);
  'context_json'?: (string);
}

export interface StartExecutionRequest__Output {
  'workflow_id': (string);
  'contact_id': (string);
  'context_json': (string);
}
