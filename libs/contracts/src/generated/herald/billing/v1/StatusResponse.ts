// Original file: protos/billing/v1/billing.proto


export interface StatusResponse {
  'enabled'?: (boolean);
  'has_subscription'?: (boolean);
}

export interface StatusResponse__Output {
  'enabled': (boolean);
  'has_subscription': (boolean);
}
