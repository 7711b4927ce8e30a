// Original file: protos/contacts/v1/contacts.proto


export interface GetContactRequest {
  'project_id'?: (string);
  'id'?: (string);
}

export interface GetContactRequest__Output {
  'project_id': (string);
  'id': (string);
}
