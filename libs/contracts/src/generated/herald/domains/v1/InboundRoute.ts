// Original file: protos/domains/v1/domains.proto


export interface InboundRoute {
  'project_id'?: (string);
  'mx_found'?: (boolean);
}

export interface InboundRoute__Output {
  'project_id': (string);
  'mx_found': (boolean);
}
