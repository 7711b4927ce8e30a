// Original file: protos/events/v1/events.proto


export interface NamesResponse {
  'event_names'?: (string)[];
}

export interface NamesResponse__Output {
  'event_names': (string)[];
}
