// Original file: protos/contacts/v1/contacts.proto

import type { Long } from '@grpc/proto-loader';

export interface PreviewSegmentResponse {
  'total'?: (number | string | Long);
  'subscribed'?: (number | string | Long);
}

export interface PreviewSegmentResponse__Output {
  'total': (string);
  'subscribed': (string);
}
