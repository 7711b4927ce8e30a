// Original file: protos/events/v1/events.proto


export interface ActivityRequest {
  'cursor'?: (string);
  'limit'?: (number);
  'types'?: (string)[];
  'contact_id'?: (string);
  'start_date'?: (string);
  'end_date'?: (string);
}

export interface ActivityRequest__Output {
  'cursor': (string);
  'limit': (number);
  'types': (string)[];
  'contact_id': (string);
  'start_date': (string);
  'end_date': (string);
}
