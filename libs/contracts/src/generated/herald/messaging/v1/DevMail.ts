// Original file: protos/messaging/v1/messaging.proto


export interface DevMail {
  'id'?: (string);
  'email_id'?: (string);
  'to'?: (string);
  'from'?: (string);
  'subject'?: (string);
  'raw'?: (string);
  'received_at'?: (string);
}

export interface DevMail__Output {
  'id': (string);
  'email_id': (string);
  'to': (string);
  'from': (string);
  'subject': (string);
  'raw': (string);
  'received_at': (string);
}
