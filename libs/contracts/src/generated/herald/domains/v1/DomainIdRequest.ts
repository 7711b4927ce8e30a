// Original file: protos/domains/v1/domains.proto


export interface DomainIdRequest {
  'project_id'?: (string);
  'id'?: (string);
}

export interface DomainIdRequest__Output {
  'project_id': (string);
  'id': (string);
}
