// Original file: protos/contacts/v1/contacts.proto


export interface Contact {
  'id'?: (string);
  'email'?: (string);
  'subscribed'?: (boolean);
  'data_json'?: (string);
  'created_at'?: (string);
  'updated_at'?: (string);
}

export interface Contact__Output {
  'id': (string);
  'email': (string);
  'subscribed': (boolean);
  'data_json': (string);
  'created_at': (string);
  'updated_at': (string);
}
