// Original file: protos/domains/v1/domains.proto


export interface DomainIdRequest {
  'id'?: (string);
}

export interface DomainIdRequest__Output {
  'id': (string);
}
