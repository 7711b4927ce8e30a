// Original file: protos/messaging/v1/messaging.proto


export interface CancelCampaignResponse {
  'removed'?: (number);
  'in_flight'?: (number);
}

export interface CancelCampaignResponse__Output {
  'removed': (number);
  'in_flight': (number);
}
