// Original file: protos/domains/v1/domains.proto


export interface CheckSenderRequest {
  'project_id'?: (string);
  'email'?: (string);
}

export interface CheckSenderRequest__Output {
  'project_id': (string);
  'email': (string);
}
