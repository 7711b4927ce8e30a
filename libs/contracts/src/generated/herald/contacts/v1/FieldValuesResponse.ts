// Original file: protos/contacts/v1/contacts.proto

import type { Long } from '@grpc/proto-loader';

export interface FieldValuesResponse {
  'field'?: (string);
  'values_json'?: (string)[];
  'count'?: (number | string | Long);
}

export interface FieldValuesResponse__Output {
  'field': (string);
  'values_json': (string)[];
  'count': (string);
}
