// Original file: protos/events/v1/events.proto


export interface ProjectRequest {
  'project_id'?: (string);
}

export interface ProjectRequest__Output {
  'project_id': (string);
}
