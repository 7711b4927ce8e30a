// Original file: protos/messaging/v1/messaging.proto


export interface SetSubscriptionRequest {
  'token'?: (string);
  'subscribed'?: (boolean);
}

export interface SetSubscriptionRequest__Output {
  'token': (string);
  'subscribed': (boolean);
}
