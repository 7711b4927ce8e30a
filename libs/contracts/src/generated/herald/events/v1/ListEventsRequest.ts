// Original file: protos/events/v1/events.proto


export interface ListEventsRequest {
  'project_id'?: (string);
  'event_name'?: (string);
  'limit'?: (number);
}

export interface ListEventsRequest__Output {
  'project_id': (string);
  'event_name': (string);
  'limit': (number);
}
