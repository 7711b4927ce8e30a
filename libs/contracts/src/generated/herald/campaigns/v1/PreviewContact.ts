// Original file: protos/campaigns/v1/campaigns.proto


export interface PreviewContact {
  'id'?: (string);
  'email'?: (string);
  'subscribed'?: (boolean);
  'data_json'?: (string);
}

export interface PreviewContact__Output {
  'id': (string);
  'email': (string);
  'subscribed': (boolean);
  'data_json': (string);
}
