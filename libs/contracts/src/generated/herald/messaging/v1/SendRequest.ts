// Original file: protos/messaging/v1/messaging.proto


export interface SendRequest {
  'project_id'?: (string);
  'request_json'?: (string);
  'tracking'?: (string);
  'request_id'?: (string);
  'traceparent'?: (string);
}

export interface SendRequest__Output {
  'project_id': (string);
  'request_json': (string);
  'tracking': (string);
  'request_id': (string);
  'traceparent': (string);
}
