// Original file: protos/workflows/v1/workflows.proto

import type { Long } from '@grpc/proto-loader';

export interface JsonList {
  'items_json'?: (string)[];
  'total'?: (number | string | Long);
}

export interface JsonList__Output {
  'items_json': (string)[];
  'total': (string);
}
