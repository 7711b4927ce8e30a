// Original file: protos/messaging/v1/messaging.proto


export interface SubscriptionResponse {
  'email'?: (string);
  'subscribed'?: (boolean);
  'project_id'?: (string);
}

export interface SubscriptionResponse__Output {
  'email': (string);
  'subscribed': (boolean);
  'project_id': (string);
}
