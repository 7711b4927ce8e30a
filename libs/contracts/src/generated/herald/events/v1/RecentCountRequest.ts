// Original file: protos/events/v1/events.proto


export interface RecentCountRequest {
  'minutes'?: (number);
}

export interface RecentCountRequest__Output {
  'minutes': (number);
}
