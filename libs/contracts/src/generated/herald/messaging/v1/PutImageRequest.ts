// Original file: protos/messaging/v1/messaging.proto


export interface PutImageRequest {
  'data'?: (Buffer | Uint8Array | string);
  'filename'?: (string);
}

export interface PutImageRequest__Output {
  'data': (Buffer);
  'filename': (string);
}
