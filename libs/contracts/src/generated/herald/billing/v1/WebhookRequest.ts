// Original file: protos/billing/v1/billing.proto


export interface WebhookRequest {
  'body'?: (string);
  'signature'?: (string);
}

export interface WebhookRequest__Output {
  'body': (string);
  'signature': (string);
}
