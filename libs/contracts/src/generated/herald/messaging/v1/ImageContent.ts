// Original file: protos/messaging/v1/messaging.proto


export interface ImageContent {
  'data'?: (Buffer | Uint8Array | string);
  'content_type'?: (string);
}

export interface ImageContent__Output {
  'data': (Buffer);
  'content_type': (string);
}
