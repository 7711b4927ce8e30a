// Original file: protos/events/v1/events.proto

import type { DayCounts as _herald_events_v1_DayCounts, DayCounts__Output as _herald_events_v1_DayCounts__Output } from '../../../herald/events/v1/DayCounts';

export interface TimeseriesResponse {
  'days'?: (_herald_events_v1_DayCounts)[];
}

export interface TimeseriesResponse__Output {
  'days': (_herald_events_v1_DayCounts__Output)[];
}
