// Original file: protos/contacts/v1/contacts.proto

import type { Long } from '@grpc/proto-loader';

export interface ImportLimitsResponse {
  'max_bytes'?: (number | string | Long);
  'chunk_bytes'?: (number);
}

export interface ImportLimitsResponse__Output {
  'max_bytes': (string);
  'chunk_bytes': (number);
}
