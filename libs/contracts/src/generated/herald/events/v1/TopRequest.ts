// Original file: protos/events/v1/events.proto


export interface TopRequest {
  'limit'?: (number);
  'start_date'?: (string);
  'end_date'?: (string);
}

export interface TopRequest__Output {
  'limit': (number);
  'start_date': (string);
  'end_date': (string);
}
