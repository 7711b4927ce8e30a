// Original file: protos/workflows/v1/workflows.proto


export interface ListWorkflowsRequest {
  'page'?: (number);
  'page_size'?: (number);
  'enabled'?: (boolean);
  '_enabled'?: "enabled";
}

export interface ListWorkflowsRequest__Output {
  'page': (number);
  'page_size': (number);
  'enabled'?: (boolean);
  '_enabled'?: "enabled";
}
