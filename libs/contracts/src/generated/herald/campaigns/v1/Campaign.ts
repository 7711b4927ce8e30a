// Original file: protos/campaigns/v1/campaigns.proto


export interface Campaign {
  'json'?: (string);
}

export interface Campaign__Output {
  'json': (string);
}
