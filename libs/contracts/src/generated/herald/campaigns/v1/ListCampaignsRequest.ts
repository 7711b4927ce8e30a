// Original file: protos/campaigns/v1/campaigns.proto


export interface ListCampaignsRequest {
  'page'?: (number);
  'page_size'?: (number);
  'status'?: (string);
}

export interface ListCampaignsRequest__Output {
  'page': (number);
  'page_size': (number);
  'status': (string);
}
