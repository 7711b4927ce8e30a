// Original file: protos/billing/v1/billing.proto


export interface WebhookResponse {
  'duplicate'?: (boolean);
  'ignored'?: (string);
  'applied'?: (string);
  'project_id'?: (string);
  '_ignored'?: "ignored";
  '_applied'?: "applied";
  '_project_id'?: "project_id";
}

export interface WebhookResponse__Output {
  'duplicate': (boolean);
  'ignored'?: (string);
  'applied'?: (string);
  'project_id'?: (string);
  '_ignored'?: "ignored";
  '_applied'?: "applied";
  '_project_id'?: "project_id";
}
