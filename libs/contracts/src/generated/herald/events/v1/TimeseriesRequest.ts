// Original file: protos/events/v1/events.proto


export interface TimeseriesRequest {
  'start_date'?: (string);
  'end_date'?: (string);
  'timezone'?: (string);
}

export interface TimeseriesRequest__Output {
  'start_date': (string);
  'end_date': (string);
  'timezone': (string);
}
