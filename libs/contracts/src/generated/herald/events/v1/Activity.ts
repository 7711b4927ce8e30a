// Original file: protos/events/v1/events.proto


export interface Activity {
  'id'?: (string);
  'type'?: (string);
  'timestamp'?: (string);
  'contact_id'?: (string);
  'contact_email'?: (string);
  'metadata_json'?: (string);
}

export interface Activity__Output {
  'id': (string);
  'type': (string);
  'timestamp': (string);
  'contact_id': (string);
  'contact_email': (string);
  'metadata_json': (string);
}
