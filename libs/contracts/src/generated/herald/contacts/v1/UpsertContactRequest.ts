// Original file: protos/contacts/v1/contacts.proto


export interface UpsertContactRequest {
  'email'?: (string);
  'subscribed'?: (boolean);
  'data_json'?: (string);
  'default_subscribed'?: (boolean);
  '_subscribed'?: "subscribed";
}

export interface UpsertContactRequest__Output {
  'email': (string);
  'subscribed'?: (boolean);
  'data_json': (string);
  'default_subscribed': (boolean);
  '_subscribed'?: "subscribed";
}
