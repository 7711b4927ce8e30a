// Original file: protos/events/v1/events.proto


export interface TrackResponse {
  'contact_id'?: (string);
  'event_id'?: (string);
  'timestamp'?: (string);
}

export interface TrackResponse__Output {
  'contact_id': (string);
  'event_id': (string);
  'timestamp': (string);
}
