// Original file: protos/messaging/v1/messaging.proto


export interface TokenRequest {
  'token'?: (string);
}

export interface TokenRequest__Output {
  'token': (string);
}
