// Original file: protos/messaging/v1/messaging.proto


export interface VerifyResponse {
  'email'?: (string);
  'valid'?: (boolean);
  'is_disposable'?: (boolean);
  'is_alias'?: (boolean);
  'is_typo'?: (boolean);
  'is_plus_addressed'?: (boolean);
  'is_personal_email'?: (boolean);
  'domain_exists'?: (boolean);
  'has_mx_records'?: (boolean);
  'suggested_email'?: (string);
  'reasons'?: (string)[];
  '_suggested_email'?: "suggested_email";
}

export interface VerifyResponse__Output {
  'email': (string);
  'valid': (boolean);
  'is_disposable': (boolean);
  'is_alias': (boolean);
  'is_typo': (boolean);
  'is_plus_addressed': (boolean);
  'is_personal_email': (boolean);
  'domain_exists': (boolean);
  'has_mx_records': (boolean);
  'suggested_email'?: (string);
  'reasons': (string)[];
  '_suggested_email'?: "suggested_email";
}
