// Original file: protos/domains/v1/domains.proto


export interface CheckSenderRequest {
  'email'?: (string);
}

export interface CheckSenderRequest__Output {
  'email': (string);
}
