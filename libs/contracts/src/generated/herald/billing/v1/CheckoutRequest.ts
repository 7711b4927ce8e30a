// Original file: protos/billing/v1/billing.proto


export interface CheckoutRequest {
  'price_id'?: (string);
  '_price_id'?: "price_id";
}

export interface CheckoutRequest__Output {
  'price_id'?: (string);
  '_price_id'?: "price_id";
}
