// Original file: protos/messaging/v1/messaging.proto

import type { Long } from '@grpc/proto-loader';

export interface StoredImage {
  'key'?: (string);
  'url'?: (string);
  'filename'?: (string);
  'content_type'?: (string);
  'size'?: (number | string | Long);
}

export interface StoredImage__Output {
  'key': (string);
  'url': (string);
  'filename': (string);
  'content_type': (string);
  'size': (string);
}
