// Original file: protos/domains/v1/domains.proto


export interface SigningKeyRequest {
  'domain'?: (string);
}

export interface SigningKeyRequest__Output {
  'domain': (string);
}
