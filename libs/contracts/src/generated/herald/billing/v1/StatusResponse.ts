// Original file: protos/billing/v1/billing.proto


export interface StatusResponse {
  'enabled'?: (boolean);
  'has_subscription'?: (boolean);
  'price_ids'?: (string)[];
}

export interface StatusResponse__Output {
  'enabled': (boolean);
  'has_subscription': (boolean);
  'price_ids': (string)[];
}
