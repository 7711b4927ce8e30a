// Original file: protos/events/v1/events.proto


export interface UpcomingRequest {
  'limit'?: (number);
}

export interface UpcomingRequest__Output {
  'limit': (number);
}
