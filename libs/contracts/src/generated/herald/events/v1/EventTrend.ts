// Original file: protos/events/v1/events.proto

import type { Long } from '@grpc/proto-loader';

export interface EventTrend {
  'name'?: (string);
  'count'?: (number | string | Long);
  'trend'?: (number | string);
}

export interface EventTrend__Output {
  'name': (string);
  'count': (string);
  'trend': (number);
}
