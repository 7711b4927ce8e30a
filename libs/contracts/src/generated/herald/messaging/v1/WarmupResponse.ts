// Original file: protos/messaging/v1/messaging.proto

import type { WarmupPlan as _herald_messaging_v1_WarmupPlan, WarmupPlan__Output as _herald_messaging_v1_WarmupPlan__Output } from '../../../herald/messaging/v1/WarmupPlan';
import type { WarmupProvider as _herald_messaging_v1_WarmupProvider, WarmupProvider__Output as _herald_messaging_v1_WarmupProvider__Output } from '../../../herald/messaging/v1/WarmupProvider';

export interface WarmupResponse {
  'domain'?: (string);
  'plan'?: (_herald_messaging_v1_WarmupPlan | null);
  'providers'?: (_herald_messaging_v1_WarmupProvider)[];
}

export interface WarmupResponse__Output {
  'domain': (string);
  'plan': (_herald_messaging_v1_WarmupPlan__Output | null);
  'providers': (_herald_messaging_v1_WarmupProvider__Output)[];
}
