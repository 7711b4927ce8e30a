// Original file: protos/campaigns/v1/campaigns.proto


export interface SendCampaignRequest {
  'id'?: (string);
  'scheduled_for'?: (string);
  'tracking'?: (string);
}

export interface SendCampaignRequest__Output {
  'id': (string);
  'scheduled_for': (string);
  'tracking': (string);
}
