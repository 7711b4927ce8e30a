// Original file: protos/messaging/v1/messaging.proto


export interface ListTemplatesRequest {
  'project_id'?: (string);
  'page'?: (number);
  'page_size'?: (number);
  'search'?: (string);
  'type'?: (string);
}

export interface ListTemplatesRequest__Output {
  'project_id': (string);
  'page': (number);
  'page_size': (number);
  'search': (string);
  'type': (string);
}
