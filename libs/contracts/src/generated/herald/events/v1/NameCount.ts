// Original file: protos/events/v1/events.proto

import type { Long } from '@grpc/proto-loader';

export interface NameCount {
  'name'?: (string);
  'count'?: (number | string | Long);
}

export interface NameCount__Output {
  'name': (string);
  'count': (string);
}
