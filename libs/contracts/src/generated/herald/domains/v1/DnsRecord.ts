// Original file: protos/domains/v1/domains.proto


export interface DnsRecord {
  'type'?: (string);
  'name'?: (string);
  'value'?: (string);
  'priority'?: (number);
  'purpose'?: (string);
  'found'?: (boolean);
}

export interface DnsRecord__Output {
  'type': (string);
  'name': (string);
  'value': (string);
  'priority': (number);
  'purpose': (string);
  'found': (boolean);
}
