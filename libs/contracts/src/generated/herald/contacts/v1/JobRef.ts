// Original file: protos/contacts/v1/contacts.proto


export interface JobRef {
  'job_id'?: (string);
}

export interface JobRef__Output {
  'job_id': (string);
}
