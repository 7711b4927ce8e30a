// Original file: protos/workflows/v1/workflows.proto


export interface ExecutionRef {
  'workflow_id'?: (string);
  'execution_id'?: (string);
}

export interface ExecutionRef__Output {
  'workflow_id': (string);
  'execution_id': (string);
}
