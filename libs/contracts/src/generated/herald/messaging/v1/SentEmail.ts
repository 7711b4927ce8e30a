// Original file: protos/messaging/v1/messaging.proto


export interface SentEmail {
  'contact_id'?: (string);
  'contact_email'?: (string);
  'email_id'?: (string);
}

export interface SentEmail__Output {
  'contact_id': (string);
  'contact_email': (string);
  'email_id': (string);
}
