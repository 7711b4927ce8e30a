// Original file: protos/messaging/v1/messaging.proto


export interface JsonResponse {
  'json'?: (string);
}

export interface JsonResponse__Output {
  'json': (string);
}
