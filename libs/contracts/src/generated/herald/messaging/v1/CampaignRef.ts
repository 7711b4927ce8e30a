// Original file: protos/messaging/v1/messaging.proto


export interface CampaignRef {
  'campaign_id'?: (string);
}

export interface CampaignRef__Output {
  'campaign_id': (string);
}
