// Original file: protos/campaigns/v1/campaigns.proto


export interface TestCampaignRequest {
  'id'?: (string);
  'email'?: (string);
  'tracking'?: (string);
  'contact_id'?: (string);
}

export interface TestCampaignRequest__Output {
  'id': (string);
  'email': (string);
  'tracking': (string);
  'contact_id': (string);
}
