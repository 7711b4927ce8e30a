// Original file: protos/contacts/v1/contacts.proto


export interface BeginImportRequest {
  'filename'?: (string);
}

export interface BeginImportRequest__Output {
  'filename': (string);
}
