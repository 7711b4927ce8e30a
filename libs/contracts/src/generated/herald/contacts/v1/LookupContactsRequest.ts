// Original file: protos/contacts/v1/contacts.proto


export interface LookupContactsRequest {
  'emails'?: (string)[];
}

export interface LookupContactsRequest__Output {
  'emails': (string)[];
}
