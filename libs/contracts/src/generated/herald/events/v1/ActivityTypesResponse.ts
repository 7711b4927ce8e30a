// Original file: protos/events/v1/events.proto


export interface ActivityTypesResponse {
  'types'?: (string)[];
}

export interface ActivityTypesResponse__Output {
  'types': (string)[];
}
