// Original file: protos/messaging/v1/messaging.proto


export interface WorkflowEmailRequest {
  'key'?: (string);
  'workflow_id'?: (string);
  'template_id'?: (string);
  'contact_id'?: (string);
  'to'?: (string);
  'tracking'?: (string);
  'context_json'?: (string);
}

export interface WorkflowEmailRequest__Output {
  'key': (string);
  'workflow_id': (string);
  'template_id': (string);
  'contact_id': (string);
  'to': (string);
  'tracking': (string);
  'context_json': (string);
}
