// Original file: protos/contacts/v1/contacts.proto


export interface BatchGetContactsRequest {
  'project_id'?: (string);
  'ids'?: (string)[];
}

export interface BatchGetContactsRequest__Output {
  'project_id': (string);
  'ids': (string)[];
}
