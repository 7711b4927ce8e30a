// Original file: protos/contacts/v1/contacts.proto


export interface AddSegmentMembersResponse {
  'added'?: (number);
  'created'?: (number);
  'not_found'?: (string)[];
}

export interface AddSegmentMembersResponse__Output {
  'added': (number);
  'created': (number);
  'not_found': (string)[];
}
