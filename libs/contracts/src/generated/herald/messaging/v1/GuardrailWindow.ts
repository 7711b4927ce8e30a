// Original file: protos/messaging/v1/messaging.proto


export interface GuardrailWindow {
  'window'?: (string);
  'provider'?: (string);
  'sent'?: (number);
  'bounces'?: (number);
  'complaints'?: (number);
  'bounce_rate'?: (number | string);
  'complaint_rate'?: (number | string);
  'bounce_level'?: (string);
  'complaint_level'?: (string);
}

export interface GuardrailWindow__Output {
  'window': (string);
  'provider': (string);
  'sent': (number);
  'bounces': (number);
  'complaints': (number);
  'bounce_rate': (number);
  'complaint_rate': (number);
  'bounce_level': (string);
  'complaint_level': (string);
}
