// Original file: protos/events/v1/events.proto

import type { Long } from '@grpc/proto-loader';

export interface DeleteEventsResponse {
  'deleted_count'?: (number | string | Long);
}

export interface DeleteEventsResponse__Output {
  'deleted_count': (string);
}
