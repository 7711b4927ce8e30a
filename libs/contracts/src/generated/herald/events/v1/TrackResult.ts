// Original file: protos/events/v1/events.proto

import type { TrackResponse as _herald_events_v1_TrackResponse, TrackResponse__Output as _herald_events_v1_TrackResponse__Output } from '../../../herald/events/v1/TrackResponse';
import type { Error as _herald_common_v1_Error, Error__Output as _herald_common_v1_Error__Output } from '../../../herald/common/v1/Error';

export interface TrackResult {
  'result'?: (_herald_events_v1_TrackResponse | null);
  'error'?: (_herald_common_v1_Error | null);
}

export interface TrackResult__Output {
  'result': (_herald_events_v1_TrackResponse__Output | null);
  'error': (_herald_common_v1_Error__Output | null);
}
