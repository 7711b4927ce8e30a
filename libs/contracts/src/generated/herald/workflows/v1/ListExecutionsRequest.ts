// Original file: protos/workflows/v1/workflows.proto


export interface ListExecutionsRequest {
  'workflow_id'?: (string);
  'status'?: (string);
  'page'?: (number);
  'page_size'?: (number);
}

export interface ListExecutionsRequest__Output {
  'workflow_id': (string);
  'status': (string);
  'page': (number);
  'page_size': (number);
}
