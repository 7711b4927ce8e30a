// Original file: protos/messaging/v1/messaging.proto


export interface NullableString {
  'value'?: (string);
  '_value'?: "value";
}

export interface NullableString__Output {
  'value'?: (string);
  '_value'?: "value";
}
