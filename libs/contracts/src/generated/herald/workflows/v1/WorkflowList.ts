// Original file: protos/workflows/v1/workflows.proto

import type { Workflow as _herald_workflows_v1_Workflow, Workflow__Output as _herald_workflows_v1_Workflow__Output } from '../../../herald/workflows/v1/Workflow';
import type { Long } from '@grpc/proto-loader';

export interface WorkflowList {
  'workflows'?: (_herald_workflows_v1_Workflow)[];
  'total'?: (number | string | Long);
}

export interface WorkflowList__Output {
  'workflows': (_herald_workflows_v1_Workflow__Output)[];
  'total': (string);
}
