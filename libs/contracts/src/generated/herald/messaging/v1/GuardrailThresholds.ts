// Original file: protos/messaging/v1/messaging.proto


export interface GuardrailThresholds {
  'min_volume'?: (number);
  'bounce_warn'?: (number | string);
  'bounce_high'?: (number | string);
  'complaint_warn'?: (number | string);
  'complaint_pause'?: (number | string);
}

export interface GuardrailThresholds__Output {
  'min_volume': (number);
  'bounce_warn': (number);
  'bounce_high': (number);
  'complaint_warn': (number);
  'complaint_pause': (number);
}
