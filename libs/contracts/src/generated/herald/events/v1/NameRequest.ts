// Original file: protos/events/v1/events.proto


export interface NameRequest {
  'name'?: (string);
}

export interface NameRequest__Output {
  'name': (string);
}
