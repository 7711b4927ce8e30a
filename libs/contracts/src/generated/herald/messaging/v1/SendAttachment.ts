// Original file: protos/messaging/v1/messaging.proto


export interface SendAttachment {
  'filename'?: (string);
  'content'?: (Buffer | Uint8Array | string);
  'content_type'?: (string);
  'content_id'?: (string);
  'disposition'?: (string);
}

export interface SendAttachment__Output {
  'filename': (string);
  'content': (Buffer);
  'content_type': (string);
  'content_id': (string);
  'disposition': (string);
}
