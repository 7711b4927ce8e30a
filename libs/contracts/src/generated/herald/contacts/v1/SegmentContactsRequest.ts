// Original file: protos/contacts/v1/contacts.proto


export interface SegmentContactsRequest {
  'id'?: (string);
  'page'?: (number);
  'page_size'?: (number);
}

export interface SegmentContactsRequest__Output {
  'id': (string);
  'page': (number);
  'page_size': (number);
}
