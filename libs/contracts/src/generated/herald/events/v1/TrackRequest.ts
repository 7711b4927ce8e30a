// Original file: protos/events/v1/events.proto


export interface TrackRequest {
  'project_id'?: (string);
  'email'?: (string);
  'event'?: (string);
  'subscribed'?: (boolean);
  'data_json'?: (string);
  'traceparent'?: (string);
  '_subscribed'?: "subscribed";
}

export interface TrackRequest__Output {
  'project_id': (string);
  'email': (string);
  'event': (string);
  'subscribed'?: (boolean);
  'data_json': (string);
  'traceparent': (string);
  '_subscribed'?: "subscribed";
}
