// Original file: protos/messaging/v1/messaging.proto

import type { ReputationWindow as _herald_messaging_v1_ReputationWindow, ReputationWindow__Output as _herald_messaging_v1_ReputationWindow__Output } from '../../../herald/messaging/v1/ReputationWindow';
import type { ReputationLevels as _herald_messaging_v1_ReputationLevels, ReputationLevels__Output as _herald_messaging_v1_ReputationLevels__Output } from '../../../herald/messaging/v1/ReputationLevels';

export interface SecurityResponse {
  'seven_day'?: (_herald_messaging_v1_ReputationWindow | null);
  'all_time'?: (_herald_messaging_v1_ReputationWindow | null);
  'levels'?: (_herald_messaging_v1_ReputationLevels | null);
}

export interface SecurityResponse__Output {
  'seven_day': (_herald_messaging_v1_ReputationWindow__Output | null);
  'all_time': (_herald_messaging_v1_ReputationWindow__Output | null);
  'levels': (_herald_messaging_v1_ReputationLevels__Output | null);
}
