// Original file: protos/messaging/v1/messaging.proto

import type { SentEmail as _herald_messaging_v1_SentEmail, SentEmail__Output as _herald_messaging_v1_SentEmail__Output } from '../../../herald/messaging/v1/SentEmail';

export interface SendResponse {
  'emails'?: (_herald_messaging_v1_SentEmail)[];
  'timestamp'?: (string);
}

export interface SendResponse__Output {
  'emails': (_herald_messaging_v1_SentEmail__Output)[];
  'timestamp': (string);
}
