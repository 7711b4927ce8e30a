// Original file: protos/messaging/v1/messaging.proto


export interface SendAddress {
  'email'?: (string);
  'name'?: (string);
}

export interface SendAddress__Output {
  'email': (string);
  'name': (string);
}
