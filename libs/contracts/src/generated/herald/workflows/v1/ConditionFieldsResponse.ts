// Original file: protos/workflows/v1/workflows.proto

import type { ConditionField as _herald_workflows_v1_ConditionField, ConditionField__Output as _herald_workflows_v1_ConditionField__Output } from '../../../herald/workflows/v1/ConditionField';

export interface ConditionFieldsResponse {
  'fields'?: (_herald_workflows_v1_ConditionField)[];
  'event_names'?: (string)[];
  'context_prefix'?: (string);
}

export interface ConditionFieldsResponse__Output {
  'fields': (_herald_workflows_v1_ConditionField__Output)[];
  'event_names': (string)[];
  'context_prefix': (string);
}
