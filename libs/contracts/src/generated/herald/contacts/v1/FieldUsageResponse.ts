// Original file: protos/contacts/v1/contacts.proto

import type { Ref as _herald_common_v1_Ref, Ref__Output as _herald_common_v1_Ref__Output } from '../../../herald/common/v1/Ref';

export interface FieldUsageResponse {
  'field'?: (string);
  'used_in_segments'?: (_herald_common_v1_Ref)[];
  'used_in_campaigns'?: (_herald_common_v1_Ref)[];
  'used_in_workflows'?: (_herald_common_v1_Ref)[];
}

export interface FieldUsageResponse__Output {
  'field': (string);
  'used_in_segments': (_herald_common_v1_Ref__Output)[];
  'used_in_campaigns': (_herald_common_v1_Ref__Output)[];
  'used_in_workflows': (_herald_common_v1_Ref__Output)[];
}
