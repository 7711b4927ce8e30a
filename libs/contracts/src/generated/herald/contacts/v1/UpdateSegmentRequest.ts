// Original file: protos/contacts/v1/contacts.proto


export interface UpdateSegmentRequest {
  'id'?: (string);
  'name'?: (string);
  'description'?: (string);
  'clear_description'?: (boolean);
  'condition_json'?: (string);
  'track_membership'?: (boolean);
  '_name'?: "name";
  '_description'?: "description";
  '_track_membership'?: "track_membership";
}

export interface UpdateSegmentRequest__Output {
  'id': (string);
  'name'?: (string);
  'description'?: (string);
  'clear_description': (boolean);
  'condition_json': (string);
  'track_membership'?: (boolean);
  '_name'?: "name";
  '_description'?: "description";
  '_track_membership'?: "track_membership";
}
