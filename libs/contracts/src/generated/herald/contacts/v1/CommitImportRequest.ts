// Original file: protos/contacts/v1/contacts.proto

import type { Long } from '@grpc/proto-loader';

export interface CommitImportRequest {
  'job_id'?: (string);
  'chunks'?: (number);
  'bytes'?: (number | string | Long);
}

export interface CommitImportRequest__Output {
  'job_id': (string);
  'chunks': (number);
  'bytes': (string);
}
