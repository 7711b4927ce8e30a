// Original file: protos/messaging/v1/messaging.proto


export interface DevMailboxRequest {
  'limit'?: (number);
}

export interface DevMailboxRequest__Output {
  'limit': (number);
}
