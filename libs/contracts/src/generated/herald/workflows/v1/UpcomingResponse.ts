// Original file: protos/workflows/v1/workflows.proto

import type { UpcomingExecution as _herald_workflows_v1_UpcomingExecution, UpcomingExecution__Output as _herald_workflows_v1_UpcomingExecution__Output } from '../../../herald/workflows/v1/UpcomingExecution';

export interface UpcomingResponse {
  'executions'?: (_herald_workflows_v1_UpcomingExecution)[];
}

export interface UpcomingResponse__Output {
  'executions': (_herald_workflows_v1_UpcomingExecution__Output)[];
}
