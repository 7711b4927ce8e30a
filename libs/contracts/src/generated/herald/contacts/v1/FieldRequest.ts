// Original file: protos/contacts/v1/contacts.proto


export interface FieldRequest {
  'project_id'?: (string);
  'field'?: (string);
  'limit'?: (number);
}

export interface FieldRequest__Output {
  'project_id': (string);
  'field': (string);
  'limit': (number);
}
