// Original file: protos/contacts/v1/contacts.proto


export interface AudienceIdsResponse {
  'ids'?: (string)[];
}

export interface AudienceIdsResponse__Output {
  'ids': (string)[];
}
