// Original file: protos/messaging/v1/messaging.proto

import type { SendRequest as _herald_messaging_v1_SendRequest, SendRequest__Output as _herald_messaging_v1_SendRequest__Output } from '../../../herald/messaging/v1/SendRequest';

export interface SendManyRequest {
  'items'?: (_herald_messaging_v1_SendRequest)[];
}

export interface SendManyRequest__Output {
  'items': (_herald_messaging_v1_SendRequest__Output)[];
}
