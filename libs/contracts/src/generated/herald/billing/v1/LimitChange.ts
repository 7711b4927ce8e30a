// Original file: protos/billing/v1/billing.proto

import type { Long } from '@grpc/proto-loader';

export interface LimitChange {
  'limit'?: (number | string | Long);
  '_limit'?: "limit";
}

export interface LimitChange__Output {
  'limit'?: (string);
  '_limit'?: "limit";
}
