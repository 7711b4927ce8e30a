// Original file: protos/messaging/v1/messaging.proto


export interface DevMailboxRequest {
  'project_id'?: (string);
  'limit'?: (number);
}

export interface DevMailboxRequest__Output {
  'project_id': (string);
  'limit': (number);
}
