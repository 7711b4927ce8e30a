// Original file: protos/contacts/v1/contacts.proto


export interface GetContactRequest {
  'id'?: (string);
}

export interface GetContactRequest__Output {
  'id': (string);
}
