// Original file: protos/contacts/v1/contacts.proto


export interface MatchContactResponse {
  'matches'?: (boolean)[];
}

export interface MatchContactResponse__Output {
  'matches': (boolean)[];
}
