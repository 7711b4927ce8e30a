// Original file: protos/messaging/v1/messaging.proto


export interface ListTemplatesRequest {
  'page'?: (number);
  'page_size'?: (number);
  'search'?: (string);
  'type'?: (string);
}

export interface ListTemplatesRequest__Output {
  'page': (number);
  'page_size': (number);
  'search': (string);
  'type': (string);
}
