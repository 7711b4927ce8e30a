// Original file: protos/messaging/v1/messaging.proto


export interface Template {
  'id'?: (string);
  'name'?: (string);
  'description'?: (string);
  'subject'?: (string);
  'body'?: (string);
  'from'?: (string);
  'from_name'?: (string);
  'reply_to'?: (string);
  'type'?: (string);
  'created_at'?: (string);
  'updated_at'?: (string);
  'design_json'?: (string);
}

export interface Template__Output {
  'id': (string);
  'name': (string);
  'description': (string);
  'subject': (string);
  'body': (string);
  'from': (string);
  'from_name': (string);
  'reply_to': (string);
  'type': (string);
  'created_at': (string);
  'updated_at': (string);
  'design_json': (string);
}
