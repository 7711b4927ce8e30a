// Original file: protos/messaging/v1/messaging.proto


export interface TemplateWrite {
  'id'?: (string);
  'fields_json'?: (string);
}

export interface TemplateWrite__Output {
  'id': (string);
  'fields_json': (string);
}
