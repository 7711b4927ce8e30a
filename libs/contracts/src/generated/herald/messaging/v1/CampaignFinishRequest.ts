// Original file: protos/messaging/v1/messaging.proto

import type { Long } from '@grpc/proto-loader';

export interface CampaignFinishRequest {
  'campaign_id'?: (string);
  'not_dispatched'?: (number | string | Long);
}

export interface CampaignFinishRequest__Output {
  'campaign_id': (string);
  'not_dispatched': (string);
}
