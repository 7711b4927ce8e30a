// Original file: protos/events/v1/events.proto

import type { TrackResponse as _herald_events_v1_TrackResponse, TrackResponse__Output as _herald_events_v1_TrackResponse__Output } from '../../../herald/events/v1/TrackResponse';

export interface TrackResult {
  'result'?: (_herald_events_v1_TrackResponse | null);
  'error_json'?: (string);
}

export interface TrackResult__Output {
  'result': (_herald_events_v1_TrackResponse__Output | null);
  'error_json': (string);
}
