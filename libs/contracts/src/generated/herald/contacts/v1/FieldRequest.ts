// Original file: protos/contacts/v1/contacts.proto


export interface FieldRequest {
  'field'?: (string);
  'limit'?: (number);
}

export interface FieldRequest__Output {
  'field': (string);
  'limit': (number);
}
