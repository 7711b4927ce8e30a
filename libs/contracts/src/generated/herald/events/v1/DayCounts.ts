// Original file: protos/events/v1/events.proto

import type { Long } from '@grpc/proto-loader';

export interface DayCounts {
  'date'?: (string);
  'emails'?: (number | string | Long);
  'delivered'?: (number | string | Long);
  'opens'?: (number | string | Long);
  'clicks'?: (number | string | Long);
  'bounces'?: (number | string | Long);
  'human_opens'?: (number | string | Long);
  'human_clicks'?: (number | string | Long);
}

export interface DayCounts__Output {
  'date': (string);
  'emails': (string);
  'delivered': (string);
  'opens': (string);
  'clicks': (string);
  'bounces': (string);
  'human_opens': (string);
  'human_clicks': (string);
}
