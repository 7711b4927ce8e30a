// Original file: protos/messaging/v1/messaging.proto


export interface EnqueueCampaignResponse {
  'created'?: (number);
  'existing'?: (number);
  'skipped'?: (number);
}

export interface EnqueueCampaignResponse__Output {
  'created': (number);
  'existing': (number);
  'skipped': (number);
}
