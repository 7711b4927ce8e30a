// Original file: protos/campaigns/v1/campaigns.proto


export interface StatsResponse {
  'json'?: (string);
}

export interface StatsResponse__Output {
  'json': (string);
}
