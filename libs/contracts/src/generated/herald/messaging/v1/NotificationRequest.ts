// Original file: protos/messaging/v1/messaging.proto


export interface NotificationRequest {
  'body'?: (string);
}

export interface NotificationRequest__Output {
  'body': (string);
}
