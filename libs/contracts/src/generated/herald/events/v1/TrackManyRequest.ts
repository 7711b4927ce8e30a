// Original file: protos/events/v1/events.proto

import type { TrackRequest as _herald_events_v1_TrackRequest, TrackRequest__Output as _herald_events_v1_TrackRequest__Output } from '../../../herald/events/v1/TrackRequest';

export interface TrackManyRequest {
  'items'?: (_herald_events_v1_TrackRequest)[];
}

export interface TrackManyRequest__Output {
  'items': (_herald_events_v1_TrackRequest__Output)[];
}
