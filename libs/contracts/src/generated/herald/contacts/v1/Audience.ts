// Original file: protos/contacts/v1/contacts.proto


export interface Audience {
  'type'?: (string);
  'segment_id'?: (string);
  'condition_json'?: (string);
}

export interface Audience__Output {
  'type': (string);
  'segment_id': (string);
  'condition_json': (string);
}
