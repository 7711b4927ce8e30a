// Original file: protos/contacts/v1/contacts.proto

import type { Long } from '@grpc/proto-loader';

export interface DeleteFieldResponse {
  'deleted_from'?: (number | string | Long);
}

export interface DeleteFieldResponse__Output {
  'deleted_from': (string);
}
