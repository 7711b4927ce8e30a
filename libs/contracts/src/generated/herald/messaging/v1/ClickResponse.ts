// Original file: protos/messaging/v1/messaging.proto


export interface ClickResponse {
  'url'?: (string);
}

export interface ClickResponse__Output {
  'url': (string);
}
