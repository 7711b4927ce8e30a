// Original file: protos/contacts/v1/contacts.proto


export interface SegmentRef {
  'id'?: (string);
}

export interface SegmentRef__Output {
  'id': (string);
}
