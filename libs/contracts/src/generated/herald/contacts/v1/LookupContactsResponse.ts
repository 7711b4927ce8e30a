// Original file: protos/contacts/v1/contacts.proto


export interface LookupContactsResponse {
  'found'?: (string)[];
  'not_found'?: (string)[];
}

export interface LookupContactsResponse__Output {
  'found': (string)[];
  'not_found': (string)[];
}
