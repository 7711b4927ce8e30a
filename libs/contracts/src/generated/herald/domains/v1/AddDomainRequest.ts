// Original file: protos/domains/v1/domains.proto


export interface AddDomainRequest {
  'domain'?: (string);
}

export interface AddDomainRequest__Output {
  'domain': (string);
}
