// Original file: protos/messaging/v1/messaging.proto


export interface InReplyTo {
  'email_id'?: (string);
  'campaign_id'?: (string);
  'template_id'?: (string);
  '_campaign_id'?: "campaign_id";
  '_template_id'?: "template_id";
}

export interface InReplyTo__Output {
  'email_id': (string);
  'campaign_id'?: (string);
  'template_id'?: (string);
  '_campaign_id'?: "campaign_id";
  '_template_id'?: "template_id";
}
