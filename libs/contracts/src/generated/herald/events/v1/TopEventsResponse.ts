// Original file: protos/events/v1/events.proto

import type { EventTrend as _herald_events_v1_EventTrend, EventTrend__Output as _herald_events_v1_EventTrend__Output } from '../../../herald/events/v1/EventTrend';

export interface TopEventsResponse {
  'events'?: (_herald_events_v1_EventTrend)[];
}

export interface TopEventsResponse__Output {
  'events': (_herald_events_v1_EventTrend__Output)[];
}
