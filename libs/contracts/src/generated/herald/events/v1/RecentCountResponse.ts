// Original file: protos/events/v1/events.proto

import type { Long } from '@grpc/proto-loader';

export interface RecentCountResponse {
  'count'?: (number | string | Long);
  'minutes'?: (number);
}

export interface RecentCountResponse__Output {
  'count': (string);
  'minutes': (number);
}
