// Original file: protos/messaging/v1/messaging.proto


export interface CampaignHold {
  'domain'?: (string);
  'provider'?: (string);
  'waiting'?: (number);
  'cap'?: (number);
  'expected_done_at'?: (string);
}

export interface CampaignHold__Output {
  'domain': (string);
  'provider': (string);
  'waiting': (number);
  'cap': (number);
  'expected_done_at': (string);
}
