// Original file: protos/messaging/v1/messaging.proto


export interface WarmupPlan {
  'enabled'?: (boolean);
  'start_per_hour'?: (number);
  'growth'?: (number | string);
  'max_per_hour'?: (number);
  'exempt_transactional'?: (boolean);
}

export interface WarmupPlan__Output {
  'enabled': (boolean);
  'start_per_hour': (number);
  'growth': (number);
  'max_per_hour': (number);
  'exempt_transactional': (boolean);
}
