// Original file: protos/workflows/v1/workflows.proto


export interface CreateWorkflowRequest {
  'name'?: (string);
  'description'?: (string);
  'event_name'?: (string);
  'allow_reentry'?: (boolean);
  '_description'?: "description";
  '_event_name'?: "event_name";
}

export interface CreateWorkflowRequest__Output {
  'name': (string);
  'description'?: (string);
  'event_name'?: (string);
  'allow_reentry': (boolean);
  '_description'?: "description";
  '_event_name'?: "event_name";
}
