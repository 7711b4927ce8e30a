// Original file: protos/workflows/v1/workflows.proto


export interface WorkflowRef {
  'id'?: (string);
}

export interface WorkflowRef__Output {
  'id': (string);
}
