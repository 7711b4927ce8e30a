// Original file: protos/messaging/v1/messaging.proto


export interface CampaignProgressResponse {
  'queued'?: (number);
  'sending'?: (number);
}

export interface CampaignProgressResponse__Output {
  'queued': (number);
  'sending': (number);
}
