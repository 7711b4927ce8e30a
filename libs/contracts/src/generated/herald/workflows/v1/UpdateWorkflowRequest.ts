// Original file: protos/workflows/v1/workflows.proto


export interface UpdateWorkflowRequest {
  'id'?: (string);
  'name'?: (string);
  'description'?: (string);
  'clear_description'?: (boolean);
  'event_name'?: (string);
  'enabled'?: (boolean);
  'allow_reentry'?: (boolean);
  'tracking'?: (string);
  '_name'?: "name";
  '_description'?: "description";
  '_event_name'?: "event_name";
  '_enabled'?: "enabled";
  '_allow_reentry'?: "allow_reentry";
}

export interface UpdateWorkflowRequest__Output {
  'id': (string);
  'name'?: (string);
  'description'?: (string);
  'clear_description': (boolean);
  'event_name'?: (string);
  'enabled'?: (boolean);
  'allow_reentry'?: (boolean);
  'tracking': (string);
  '_name'?: "name";
  '_description'?: "description";
  '_event_name'?: "event_name";
  '_enabled'?: "enabled";
  '_allow_reentry'?: "allow_reentry";
}
