// Original file: protos/contacts/v1/contacts.proto


export interface RemoveSegmentMembersResponse {
  'removed'?: (number);
}

export interface RemoveSegmentMembersResponse__Output {
  'removed': (number);
}
