// Original file: protos/messaging/v1/messaging.proto

import type { SendResponse as _herald_messaging_v1_SendResponse, SendResponse__Output as _herald_messaging_v1_SendResponse__Output } from '../../../herald/messaging/v1/SendResponse';

export interface SendResult {
  'result'?: (_herald_messaging_v1_SendResponse | null);
  'error_json'?: (string);
}

export interface SendResult__Output {
  'result': (_herald_messaging_v1_SendResponse__Output | null);
  'error_json': (string);
}
