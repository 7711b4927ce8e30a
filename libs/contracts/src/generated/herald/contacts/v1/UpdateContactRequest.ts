// Original file: protos/contacts/v1/contacts.proto


export interface UpdateContactRequest {
  'id'?: (string);
  'email'?: (string);
  'subscribed'?: (boolean);
  'data_json'?: (string);
  '_email'?: "email";
  '_subscribed'?: "subscribed";
}

export interface UpdateContactRequest__Output {
  'id': (string);
  'email'?: (string);
  'subscribed'?: (boolean);
  'data_json': (string);
  '_email'?: "email";
  '_subscribed'?: "subscribed";
}
