// Original file: protos/contacts/v1/contacts.proto


export interface ListContactsRequest {
  'limit'?: (number);
  'cursor'?: (string);
  'search'?: (string);
  'subscribed'?: (boolean);
  '_subscribed'?: "subscribed";
}

export interface ListContactsRequest__Output {
  'limit': (number);
  'cursor': (string);
  'search': (string);
  'subscribed'?: (boolean);
  '_subscribed'?: "subscribed";
}
