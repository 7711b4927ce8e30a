// Original file: protos/events/v1/events.proto

import type { NameCount as _herald_events_v1_NameCount, NameCount__Output as _herald_events_v1_NameCount__Output } from '../../../herald/events/v1/NameCount';

export interface StatsResponse {
  'stats'?: (_herald_events_v1_NameCount)[];
}

export interface StatsResponse__Output {
  'stats': (_herald_events_v1_NameCount__Output)[];
}
