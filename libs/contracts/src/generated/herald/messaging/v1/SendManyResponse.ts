// Original file: protos/messaging/v1/messaging.proto

import type { SendResult as _herald_messaging_v1_SendResult, SendResult__Output as _herald_messaging_v1_SendResult__Output } from '../../../herald/messaging/v1/SendResult';

export interface SendManyResponse {
  'results'?: (_herald_messaging_v1_SendResult)[];
}

export interface SendManyResponse__Output {
  'results': (_herald_messaging_v1_SendResult__Output)[];
}
