// Original file: protos/events/v1/events.proto

import type { Activity as _herald_events_v1_Activity, Activity__Output as _herald_events_v1_Activity__Output } from '../../../herald/events/v1/Activity';

export interface ActivityResponse {
  'data'?: (_herald_events_v1_Activity)[];
  'cursor'?: (string);
  'has_more'?: (boolean);
}

export interface ActivityResponse__Output {
  'data': (_herald_events_v1_Activity__Output)[];
  'cursor': (string);
  'has_more': (boolean);
}
