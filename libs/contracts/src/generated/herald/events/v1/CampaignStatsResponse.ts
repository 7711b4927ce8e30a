// Original file: protos/events/v1/events.proto

import type { Long } from '@grpc/proto-loader';

export interface CampaignStatsResponse {
  'total'?: (number | string | Long);
  'active'?: (number | string | Long);
  'completed'?: (number | string | Long);
  'average_open_rate'?: (number | string);
  'average_click_rate'?: (number | string);
}

export interface CampaignStatsResponse__Output {
  'total': (string);
  'active': (string);
  'completed': (string);
  'average_open_rate': (number);
  'average_click_rate': (number);
}
