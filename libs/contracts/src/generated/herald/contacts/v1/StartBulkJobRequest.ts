// Original file: protos/contacts/v1/contacts.proto


export interface StartBulkJobRequest {
  'operation'?: (string);
  'contact_ids'?: (string)[];
}

export interface StartBulkJobRequest__Output {
  'operation': (string);
  'contact_ids': (string)[];
}
