// Original file: protos/billing/v1/billing.proto

import type { Long } from '@grpc/proto-loader';

export interface CategoryLimit {
  'limit'?: (number | string | Long);
  'usage'?: (number | string | Long);
  '_limit'?: "limit";
}

export interface CategoryLimit__Output {
  'limit'?: (string);
  'usage': (string);
  '_limit'?: "limit";
}
