// Original file: protos/messaging/v1/messaging.proto


export interface IdRequest {
  'id'?: (string);
}

export interface IdRequest__Output {
  'id': (string);
}
