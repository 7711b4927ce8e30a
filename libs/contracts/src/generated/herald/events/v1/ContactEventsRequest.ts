// Original file: protos/events/v1/events.proto


export interface ContactEventsRequest {
  'contact_id'?: (string);
  'limit'?: (number);
}

export interface ContactEventsRequest__Output {
  'contact_id': (string);
  'limit': (number);
}
