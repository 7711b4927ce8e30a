// Original file: protos/contacts/v1/contacts.proto

import type { Long } from '@grpc/proto-loader';

export interface ComputeSegmentResponse {
  'added'?: (number | string | Long);
  'removed'?: (number | string | Long);
  'total'?: (number | string | Long);
}

export interface ComputeSegmentResponse__Output {
  'added': (string);
  'removed': (string);
  'total': (string);
}
