// Original file: protos/domains/v1/domains.proto


export interface AddDomainRequest {
  'project_id'?: (string);
  'domain'?: (string);
}

export interface AddDomainRequest__Output {
  'project_id': (string);
  'domain': (string);
}
