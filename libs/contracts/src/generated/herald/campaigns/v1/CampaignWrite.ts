// Original file: protos/campaigns/v1/campaigns.proto


export interface CampaignWrite {
  'id'?: (string);
  'fields_json'?: (string);
}

export interface CampaignWrite__Output {
  'id': (string);
  'fields_json': (string);
}
