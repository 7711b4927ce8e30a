// Original file: protos/events/v1/events.proto

import type { Activity as _herald_events_v1_Activity, Activity__Output as _herald_events_v1_Activity__Output } from '../../../herald/events/v1/Activity';

export interface UpcomingResponse {
  'activities'?: (_herald_events_v1_Activity)[];
}

export interface UpcomingResponse__Output {
  'activities': (_herald_events_v1_Activity__Output)[];
}
