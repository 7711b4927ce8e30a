// Original file: protos/messaging/v1/messaging.proto


export interface VerifyRequest {
  'email'?: (string);
}

export interface VerifyRequest__Output {
  'email': (string);
}
