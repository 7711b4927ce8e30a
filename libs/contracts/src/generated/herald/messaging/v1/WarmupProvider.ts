// Original file: protos/messaging/v1/messaging.proto


export interface WarmupProvider {
  'provider'?: (string);
  'cap'?: (number);
  'sent_this_hour'?: (number);
  'step'?: (number);
  'next_step_at'?: (string);
  'held_back'?: (string);
  'done'?: (boolean);
  'waiting'?: (number);
  'expected_done_at'?: (string);
}

export interface WarmupProvider__Output {
  'provider': (string);
  'cap': (number);
  'sent_this_hour': (number);
  'step': (number);
  'next_step_at': (string);
  'held_back': (string);
  'done': (boolean);
  'waiting': (number);
  'expected_done_at': (string);
}
