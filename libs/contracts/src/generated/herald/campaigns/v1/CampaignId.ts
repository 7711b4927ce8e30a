// Original file: protos/campaigns/v1/campaigns.proto


export interface CampaignId {
  'id'?: (string);
}

export interface CampaignId__Output {
  'id': (string);
}
