// Original file: protos/contacts/v1/contacts.proto

import type { Long } from '@grpc/proto-loader';

export interface Segment {
  'id'?: (string);
  'name'?: (string);
  'description'?: (string);
  'type'?: (string);
  'condition_json'?: (string);
  'track_membership'?: (boolean);
  'member_count'?: (number | string | Long);
  'created_at'?: (string);
  'updated_at'?: (string);
  'computed_at'?: (string);
  '_description'?: "description";
}

export interface Segment__Output {
  'id': (string);
  'name': (string);
  'description'?: (string);
  'type': (string);
  'condition_json': (string);
  'track_membership': (boolean);
  'member_count': (string);
  'created_at': (string);
  'updated_at': (string);
  'computed_at': (string);
  '_description'?: "description";
}
