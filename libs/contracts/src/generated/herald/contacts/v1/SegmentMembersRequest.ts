// Original file: protos/contacts/v1/contacts.proto


export interface SegmentMembersRequest {
  'id'?: (string);
  'emails'?: (string)[];
  'create_missing'?: (boolean);
  'subscribed'?: (boolean);
  '_subscribed'?: "subscribed";
}

export interface SegmentMembersRequest__Output {
  'id': (string);
  'emails': (string)[];
  'create_missing': (boolean);
  'subscribed'?: (boolean);
  '_subscribed'?: "subscribed";
}
