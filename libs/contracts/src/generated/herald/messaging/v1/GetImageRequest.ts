// Original file: protos/messaging/v1/messaging.proto


export interface GetImageRequest {
  'key'?: (string);
}

export interface GetImageRequest__Output {
  'key': (string);
}
