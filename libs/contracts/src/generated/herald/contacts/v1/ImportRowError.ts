// Original file: protos/contacts/v1/contacts.proto


export interface ImportRowError {
  'row'?: (number);
  'email'?: (string);
  'reason'?: (string);
}

export interface ImportRowError__Output {
  'row': (number);
  'email': (string);
  'reason': (string);
}
