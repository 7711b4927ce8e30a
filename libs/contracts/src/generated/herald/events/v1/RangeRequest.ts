// Original file: protos/events/v1/events.proto


export interface RangeRequest {
  'start_date'?: (string);
  'end_date'?: (string);
}

export interface RangeRequest__Output {
  'start_date': (string);
  'end_date': (string);
}
