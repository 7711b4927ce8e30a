// Original file: protos/campaigns/v1/campaigns.proto


export interface PreviewCampaignRequest {
  'id'?: (string);
  'contact_id'?: (string);
  'sample'?: (number);
}

export interface PreviewCampaignRequest__Output {
  'id': (string);
  'contact_id': (string);
  'sample': (number);
}
