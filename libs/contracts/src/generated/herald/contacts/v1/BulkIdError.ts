// Original file: protos/contacts/v1/contacts.proto


export interface BulkIdError {
  'contact_id'?: (string);
  'reason'?: (string);
}

export interface BulkIdError__Output {
  'contact_id': (string);
  'reason': (string);
}
