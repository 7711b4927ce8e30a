// Original file: protos/messaging/v1/messaging.proto


export interface EnqueueCampaignResponse {
  'created'?: (number);
  'existing'?: (number);
  'skipped'?: (number);
  'cancelled'?: (boolean);
}

export interface EnqueueCampaignResponse__Output {
  'created': (number);
  'existing': (number);
  'skipped': (number);
  'cancelled': (boolean);
}
