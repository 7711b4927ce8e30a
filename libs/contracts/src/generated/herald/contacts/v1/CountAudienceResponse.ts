// Original file: protos/contacts/v1/contacts.proto

import type { Long } from '@grpc/proto-loader';

export interface CountAudienceResponse {
  'count'?: (number | string | Long);
  'condition_json'?: (string);
}

export interface CountAudienceResponse__Output {
  'count': (string);
  'condition_json': (string);
}
