// Original file: protos/messaging/v1/messaging.proto


export interface CampaignContent {
  'campaign_id'?: (string);
  'subject'?: (string);
  'body'?: (string);
  'from'?: (string);
  'from_name'?: (string);
  'reply_to'?: (string);
  'template_id'?: (string);
  'tracking'?: (string);
}

export interface CampaignContent__Output {
  'campaign_id': (string);
  'subject': (string);
  'body': (string);
  'from': (string);
  'from_name': (string);
  'reply_to': (string);
  'template_id': (string);
  'tracking': (string);
}
