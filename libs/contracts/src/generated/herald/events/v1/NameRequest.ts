// Original file: protos/events/v1/events.proto


export interface NameRequest {
  'project_id'?: (string);
  'name'?: (string);
}

export interface NameRequest__Output {
  'project_id': (string);
  'name': (string);
}
