// Original file: protos/messaging/v1/messaging.proto

import type { Ref as _herald_common_v1_Ref, Ref__Output as _herald_common_v1_Ref__Output } from '../../../herald/common/v1/Ref';
import type { WorkflowStepRef as _herald_messaging_v1_WorkflowStepRef, WorkflowStepRef__Output as _herald_messaging_v1_WorkflowStepRef__Output } from '../../../herald/messaging/v1/WorkflowStepRef';

export interface TemplateUsageResponse {
  'campaigns'?: (_herald_common_v1_Ref)[];
  'workflow_steps'?: (_herald_messaging_v1_WorkflowStepRef)[];
}

export interface TemplateUsageResponse__Output {
  'campaigns': (_herald_common_v1_Ref__Output)[];
  'workflow_steps': (_herald_messaging_v1_WorkflowStepRef__Output)[];
}
