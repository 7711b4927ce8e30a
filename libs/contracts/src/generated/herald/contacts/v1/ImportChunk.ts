// Original file: protos/contacts/v1/contacts.proto


export interface ImportChunk {
  'job_id'?: (string);
  'seq'?: (number);
  'data'?: (Buffer | Uint8Array | string);
}

export interface ImportChunk__Output {
  'job_id': (string);
  'seq': (number);
  'data': (Buffer);
}
