// Original file: protos/events/v1/events.proto


export interface ListEventsRequest {
  'event_name'?: (string);
  'limit'?: (number);
}

export interface ListEventsRequest__Output {
  'event_name': (string);
  'limit': (number);
}
