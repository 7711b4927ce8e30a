// Original file: protos/campaigns/v1/campaigns.proto


export interface WarmupHold {
  'domain'?: (string);
  'provider'?: (string);
  'waiting'?: (number);
  'cap'?: (number);
  'expected_done_at'?: (string);
}

export interface WarmupHold__Output {
  'domain': (string);
  'provider': (string);
  'waiting': (number);
  'cap': (number);
  'expected_done_at': (string);
}
