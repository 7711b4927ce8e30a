// Original file: protos/domains/v1/domains.proto


export interface SigningKeyRequest {
  'project_id'?: (string);
  'domain'?: (string);
}

export interface SigningKeyRequest__Output {
  'project_id': (string);
  'domain': (string);
}
