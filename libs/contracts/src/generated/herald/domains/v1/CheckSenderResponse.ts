// Original file: protos/domains/v1/domains.proto


export interface CheckSenderResponse {
  'verified'?: (boolean);
  'domain'?: (string);
  'domain_id'?: (string);
}

export interface CheckSenderResponse__Output {
  'verified': (boolean);
  'domain': (string);
  'domain_id': (string);
}
