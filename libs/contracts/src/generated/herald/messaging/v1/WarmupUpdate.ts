// Original file: protos/messaging/v1/messaging.proto


export interface WarmupUpdate {
  'id'?: (string);
  'enabled'?: (boolean);
  'start_per_hour'?: (number);
  'growth'?: (number | string);
  'max_per_hour'?: (number);
  'exempt_transactional'?: (boolean);
  '_enabled'?: "enabled";
  '_start_per_hour'?: "start_per_hour";
  '_growth'?: "growth";
  '_max_per_hour'?: "max_per_hour";
  '_exempt_transactional'?: "exempt_transactional";
}

export interface WarmupUpdate__Output {
  'id': (string);
  'enabled'?: (boolean);
  'start_per_hour'?: (number);
  'growth'?: (number);
  'max_per_hour'?: (number);
  'exempt_transactional'?: (boolean);
  '_enabled'?: "enabled";
  '_start_per_hour'?: "start_per_hour";
  '_growth'?: "growth";
  '_max_per_hour'?: "max_per_hour";
  '_exempt_transactional'?: "exempt_transactional";
}
