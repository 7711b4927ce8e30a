// Original file: protos/messaging/v1/messaging.proto


export interface WorkflowEmailResponse {
  'email_id'?: (string);
  'existing'?: (boolean);
  'skipped'?: (string);
}

export interface WorkflowEmailResponse__Output {
  'email_id': (string);
  'existing': (boolean);
  'skipped': (string);
}
