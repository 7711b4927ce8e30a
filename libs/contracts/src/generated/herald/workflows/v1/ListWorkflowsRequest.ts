// Original file: protos/workflows/v1/workflows.proto


export interface ListWorkflowsRequest {
  'page'?: (number);
  'page_size'?: (number);
}

export interface ListWorkflowsRequest__Output {
  'page': (number);
  'page_size': (number);
}
