// Original file: protos/contacts/v1/contacts.proto


export interface BatchGetContactsRequest {
  'ids'?: (string)[];
}

export interface BatchGetContactsRequest__Output {
  'ids': (string)[];
}
