// Original file: protos/billing/v1/billing.proto


export interface Json {
  'json'?: (string);
}

export interface Json__Output {
  'json': (string);
}
