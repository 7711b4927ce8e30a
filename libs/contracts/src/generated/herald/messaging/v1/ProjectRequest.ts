// Original file: protos/messaging/v1/messaging.proto


export interface ProjectRequest {
  'project_id'?: (string);
}

export interface ProjectRequest__Output {
  'project_id': (string);
}
