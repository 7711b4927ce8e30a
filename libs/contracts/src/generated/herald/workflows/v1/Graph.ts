// Original file: protos/workflows/v1/workflows.proto

import type { Step as _herald_workflows_v1_Step, Step__Output as _herald_workflows_v1_Step__Output } from '../../../herald/workflows/v1/Step';
import type { Transition as _herald_workflows_v1_Transition, Transition__Output as _herald_workflows_v1_Transition__Output } from '../../../herald/workflows/v1/Transition';

export interface Graph {
  'steps'?: (_herald_workflows_v1_Step)[];
  'transitions'?: (_herald_workflows_v1_Transition)[];
}

export interface Graph__Output {
  'steps': (_herald_workflows_v1_Step__Output)[];
  'transitions': (_herald_workflows_v1_Transition__Output)[];
}
