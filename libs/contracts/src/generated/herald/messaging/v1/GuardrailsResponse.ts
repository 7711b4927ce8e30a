// Original file: protos/messaging/v1/messaging.proto

import type { GuardrailThresholds as _herald_messaging_v1_GuardrailThresholds, GuardrailThresholds__Output as _herald_messaging_v1_GuardrailThresholds__Output } from '../../../herald/messaging/v1/GuardrailThresholds';
import type { GuardrailWindow as _herald_messaging_v1_GuardrailWindow, GuardrailWindow__Output as _herald_messaging_v1_GuardrailWindow__Output } from '../../../herald/messaging/v1/GuardrailWindow';

export interface GuardrailsResponse {
  'domain'?: (string);
  'thresholds'?: (_herald_messaging_v1_GuardrailThresholds | null);
  'windows'?: (_herald_messaging_v1_GuardrailWindow)[];
  'paused_at'?: (string);
  'pause_reason'?: (string);
  'warned_at'?: (string);
  'resumed_at'?: (string);
  'held'?: (number);
}

export interface GuardrailsResponse__Output {
  'domain': (string);
  'thresholds': (_herald_messaging_v1_GuardrailThresholds__Output | null);
  'windows': (_herald_messaging_v1_GuardrailWindow__Output)[];
  'paused_at': (string);
  'pause_reason': (string);
  'warned_at': (string);
  'resumed_at': (string);
  'held': (number);
}
