// Original file: protos/contacts/v1/contacts.proto


export interface MatchContactRequest {
  'contact_id'?: (string);
  'conditions_json'?: (string)[];
}

export interface MatchContactRequest__Output {
  'contact_id': (string);
  'conditions_json': (string)[];
}
