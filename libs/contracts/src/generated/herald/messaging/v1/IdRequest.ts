// Original file: protos/messaging/v1/messaging.proto


export interface IdRequest {
  'project_id'?: (string);
  'id'?: (string);
}

export interface IdRequest__Output {
  'project_id': (string);
  'id': (string);
}
