// Original file: protos/contacts/v1/contacts.proto

import type { Long } from '@grpc/proto-loader';

export interface RefreshSegmentResponse {
  'member_count'?: (number | string | Long);
}

export interface RefreshSegmentResponse__Output {
  'member_count': (string);
}
