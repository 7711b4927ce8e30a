// Original file: protos/billing/v1/billing.proto

import type { Long } from '@grpc/proto-loader';

export interface Usage {
  'transactional'?: (number | string | Long);
  'campaigns'?: (number | string | Long);
  'workflows'?: (number | string | Long);
  'inbound'?: (number | string | Long);
}

export interface Usage__Output {
  'transactional': (string);
  'campaigns': (string);
  'workflows': (string);
  'inbound': (string);
}
