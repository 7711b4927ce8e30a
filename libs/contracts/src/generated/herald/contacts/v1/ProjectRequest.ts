// Original file: protos/contacts/v1/contacts.proto


export interface ProjectRequest {
  'project_id'?: (string);
}

export interface ProjectRequest__Output {
  'project_id': (string);
}
