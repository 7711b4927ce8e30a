// Original file: protos/campaigns/v1/campaigns.proto


export interface CampaignWrite {
  'id'?: (string);
  'name'?: (string);
  'description'?: (string);
  'subject'?: (string);
  'body'?: (string);
  'from_email'?: (string);
  'from_name'?: (string);
  'reply_to'?: (string);
  'template_id'?: (string);
  'audience_type'?: (string);
  'segment_id'?: (string);
  'audience_filter_json'?: (string);
  '_description'?: "description";
  '_subject'?: "subject";
  '_body'?: "body";
  '_from_email'?: "from_email";
  '_from_name'?: "from_name";
  '_reply_to'?: "reply_to";
  '_template_id'?: "template_id";
  '_segment_id'?: "segment_id";
  '_audience_filter_json'?: "audience_filter_json";
}

export interface CampaignWrite__Output {
  'id': (string);
  'name': (string);
  'description'?: (string);
  'subject'?: (string);
  'body'?: (string);
  'from_email'?: (string);
  'from_name'?: (string);
  'reply_to'?: (string);
  'template_id'?: (string);
  'audience_type': (string);
  'segment_id'?: (string);
  'audience_filter_json'?: (string);
  '_description'?: "description";
  '_subject'?: "subject";
  '_body'?: "body";
  '_from_email'?: "from_email";
  '_from_name'?: "from_name";
  '_reply_to'?: "reply_to";
  '_template_id'?: "template_id";
  '_segment_id'?: "segment_id";
  '_audience_filter_json'?: "audience_filter_json";
}
