// Original file: protos/messaging/v1/messaging.proto


export interface TrackRequest {
  'token'?: (string);
  'ip'?: (string);
  'user_agent'?: (string);
  'method'?: (string);
  'purpose'?: (string);
}

export interface TrackRequest__Output {
  'token': (string);
  'ip': (string);
  'user_agent': (string);
  'method': (string);
  'purpose': (string);
}
