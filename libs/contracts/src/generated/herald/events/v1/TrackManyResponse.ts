// Original file: protos/events/v1/events.proto

import type { TrackResult as _herald_events_v1_TrackResult, TrackResult__Output as _herald_events_v1_TrackResult__Output } from '../../../herald/events/v1/TrackResult';

export interface TrackManyResponse {
  'results'?: (_herald_events_v1_TrackResult)[];
}

export interface TrackManyResponse__Output {
  'results': (_herald_events_v1_TrackResult__Output)[];
}
