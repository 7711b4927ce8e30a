// Original file: protos/contacts/v1/contacts.proto


export interface CreateSegmentRequest {
  'name'?: (string);
  'description'?: (string);
  'type'?: (string);
  'condition_json'?: (string);
  'track_membership'?: (boolean);
  '_description'?: "description";
}

export interface CreateSegmentRequest__Output {
  'name': (string);
  'description'?: (string);
  'type': (string);
  'condition_json': (string);
  'track_membership': (boolean);
  '_description'?: "description";
}
