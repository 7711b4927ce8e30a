// Original file: protos/workflows/v1/workflows.proto

import type { Execution as _herald_workflows_v1_Execution, Execution__Output as _herald_workflows_v1_Execution__Output } from '../../../herald/workflows/v1/Execution';
import type { Long } from '@grpc/proto-loader';

export interface ExecutionList {
  'executions'?: (_herald_workflows_v1_Execution)[];
  'total'?: (number | string | Long);
}

export interface ExecutionList__Output {
  'executions': (_herald_workflows_v1_Execution__Output)[];
  'total': (string);
}
