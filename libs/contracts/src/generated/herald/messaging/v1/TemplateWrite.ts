// Original file: protos/messaging/v1/messaging.proto


export interface TemplateWrite {
  'project_id'?: (string);
  'id'?: (string);
  'fields_json'?: (string);
}

export interface TemplateWrite__Output {
  'project_id': (string);
  'id': (string);
  'fields_json': (string);
}
