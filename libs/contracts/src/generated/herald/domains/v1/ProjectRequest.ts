// Original file: protos/domains/v1/domains.proto


export interface ProjectRequest {
  'project_id'?: (string);
}

export interface ProjectRequest__Output {
  'project_id': (string);
}
