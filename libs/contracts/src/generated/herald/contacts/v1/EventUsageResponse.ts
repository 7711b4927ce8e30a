// Original file: protos/contacts/v1/contacts.proto

import type { Ref as _herald_common_v1_Ref, Ref__Output as _herald_common_v1_Ref__Output } from '../../../herald/common/v1/Ref';

export interface EventUsageResponse {
  'segments'?: (_herald_common_v1_Ref)[];
  'workflows'?: (_herald_common_v1_Ref)[];
}

export interface EventUsageResponse__Output {
  'segments': (_herald_common_v1_Ref__Output)[];
  'workflows': (_herald_common_v1_Ref__Output)[];
}
