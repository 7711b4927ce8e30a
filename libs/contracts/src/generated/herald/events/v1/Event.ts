// Original file: protos/events/v1/events.proto


export interface Event {
  'id'?: (string);
  'name'?: (string);
  'data_json'?: (string);
  'contact_id'?: (string);
  'contact_email'?: (string);
  'created_at'?: (string);
}

export interface Event__Output {
  'id': (string);
  'name': (string);
  'data_json': (string);
  'contact_id': (string);
  'contact_email': (string);
  'created_at': (string);
}
