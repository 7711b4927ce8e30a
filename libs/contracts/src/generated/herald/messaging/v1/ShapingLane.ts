// Original file: protos/messaging/v1/messaging.proto


export interface ShapingLane {
  'domain'?: (string);
  'provider'?: (string);
  'connections'?: (number);
  'per_connection'?: (number);
  'window'?: (number);
  'in_flight'?: (number);
  'state'?: (string);
  'reason'?: (string);
  'reply'?: (string);
  'rate_per_minute'?: (number | string);
  'until'?: (string);
  'changed_at'?: (string);
  '_window'?: "window";
  '_rate_per_minute'?: "rate_per_minute";
}

export interface ShapingLane__Output {
  'domain': (string);
  'provider': (string);
  'connections': (number);
  'per_connection': (number);
  'window'?: (number);
  'in_flight': (number);
  'state': (string);
  'reason': (string);
  'reply': (string);
  'rate_per_minute'?: (number);
  'until': (string);
  'changed_at': (string);
  '_window'?: "window";
  '_rate_per_minute'?: "rate_per_minute";
}
