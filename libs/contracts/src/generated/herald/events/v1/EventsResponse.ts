// Original file: protos/events/v1/events.proto

import type { Event as _herald_events_v1_Event, Event__Output as _herald_events_v1_Event__Output } from '../../../herald/events/v1/Event';

export interface EventsResponse {
  'events'?: (_herald_events_v1_Event)[];
}

export interface EventsResponse__Output {
  'events': (_herald_events_v1_Event__Output)[];
}
