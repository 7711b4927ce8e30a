// Original file: protos/contacts/v1/contacts.proto


export interface LookupContactsRequest {
  'project_id'?: (string);
  'emails'?: (string)[];
}

export interface LookupContactsRequest__Output {
  'project_id': (string);
  'emails': (string)[];
}
