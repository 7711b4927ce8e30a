// Original file: protos/workflows/v1/workflows.proto

import type { Long } from '@grpc/proto-loader';

export interface CancelAllResponse {
  'cancelled'?: (number | string | Long);
}

export interface CancelAllResponse__Output {
  'cancelled': (string);
}
