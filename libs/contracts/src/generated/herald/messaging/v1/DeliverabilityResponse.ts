// Original file: protos/messaging/v1/messaging.proto

import type { ShapingLane as _herald_messaging_v1_ShapingLane, ShapingLane__Output as _herald_messaging_v1_ShapingLane__Output } from '../../../herald/messaging/v1/ShapingLane';

export interface DeliverabilityResponse {
  'providers'?: (_herald_messaging_v1_ShapingLane)[];
}

export interface DeliverabilityResponse__Output {
  'providers': (_herald_messaging_v1_ShapingLane__Output)[];
}
