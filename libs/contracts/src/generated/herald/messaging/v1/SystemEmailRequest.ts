// Original file: protos/messaging/v1/messaging.proto


export interface SystemEmailRequest {
  'to'?: (string);
  'subject'?: (string);
  'text'?: (string);
  'html'?: (string);
}

export interface SystemEmailRequest__Output {
  'to': (string);
  'subject': (string);
  'text': (string);
  'html': (string);
}
