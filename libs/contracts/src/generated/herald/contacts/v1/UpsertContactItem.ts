// Original file: protos/contacts/v1/contacts.proto


export interface UpsertContactItem {
  'project_id'?: (string);
  'email'?: (string);
  'subscribed'?: (boolean);
  'data_json'?: (string);
  'default_subscribed'?: (boolean);
  '_subscribed'?: "subscribed";
}

export interface UpsertContactItem__Output {
  'project_id': (string);
  'email': (string);
  'subscribed'?: (boolean);
  'data_json': (string);
  'default_subscribed': (boolean);
  '_subscribed'?: "subscribed";
}
