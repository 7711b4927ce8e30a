// Original file: protos/contacts/v1/contacts.proto


export interface Field {
  'field'?: (string);
  'type'?: (string);
  'is_custom'?: (boolean);
  'coverage'?: (number | string);
}

export interface Field__Output {
  'field': (string);
  'type': (string);
  'is_custom': (boolean);
  'coverage': (number);
}
