// Original file: protos/messaging/v1/messaging.proto

import type { SendResponse as _herald_messaging_v1_SendResponse, SendResponse__Output as _herald_messaging_v1_SendResponse__Output } from '../../../herald/messaging/v1/SendResponse';
import type { Error as _herald_common_v1_Error, Error__Output as _herald_common_v1_Error__Output } from '../../../herald/common/v1/Error';

export interface SendResult {
  'result'?: (_herald_messaging_v1_SendResponse | null);
  'error'?: (_herald_common_v1_Error | null);
}

export interface SendResult__Output {
  'result': (_herald_messaging_v1_SendResponse__Output | null);
  'error': (_herald_common_v1_Error__Output | null);
}
