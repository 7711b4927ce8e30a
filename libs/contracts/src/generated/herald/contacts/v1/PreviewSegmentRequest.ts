// Original file: protos/contacts/v1/contacts.proto


export interface PreviewSegmentRequest {
  'condition_json'?: (string);
}

export interface PreviewSegmentRequest__Output {
  'condition_json': (string);
}
