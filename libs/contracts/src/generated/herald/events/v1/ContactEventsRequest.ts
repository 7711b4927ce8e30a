// Original file: protos/events/v1/events.proto


export interface ContactEventsRequest {
  'project_id'?: (string);
  'contact_id'?: (string);
  'limit'?: (number);
}

export interface ContactEventsRequest__Output {
  'project_id': (string);
  'contact_id': (string);
  'limit': (number);
}
