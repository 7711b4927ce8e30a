// Original file: protos/messaging/v1/messaging.proto

import type { DevMail as _herald_messaging_v1_DevMail, DevMail__Output as _herald_messaging_v1_DevMail__Output } from '../../../herald/messaging/v1/DevMail';

export interface DevMailboxResponse {
  'messages'?: (_herald_messaging_v1_DevMail)[];
}

export interface DevMailboxResponse__Output {
  'messages': (_herald_messaging_v1_DevMail__Output)[];
}
