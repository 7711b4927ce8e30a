// Original file: protos/messaging/v1/messaging.proto


export interface VerifyRequest {
  'project_id'?: (string);
  'email'?: (string);
}

export interface VerifyRequest__Output {
  'project_id': (string);
  'email': (string);
}
