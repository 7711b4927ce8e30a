// Original file: protos/contacts/v1/contacts.proto


export interface ListContactsRequest {
  'project_id'?: (string);
  'limit'?: (number);
  'cursor'?: (string);
  'search'?: (string);
  'subscribed'?: (boolean);
  '_subscribed'?: "subscribed";
}

export interface ListContactsRequest__Output {
  'project_id': (string);
  'limit': (number);
  'cursor': (string);
  'search': (string);
  'subscribed'?: (boolean);
  '_subscribed'?: "subscribed";
}
