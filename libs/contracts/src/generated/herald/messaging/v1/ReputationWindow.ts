// Original file: protos/messaging/v1/messaging.proto

import type { Long } from '@grpc/proto-loader';

export interface ReputationWindow {
  'total'?: (number | string | Long);
  'bounces'?: (number | string | Long);
  'complaints'?: (number | string | Long);
}

export interface ReputationWindow__Output {
  'total': (string);
  'bounces': (string);
  'complaints': (string);
}
