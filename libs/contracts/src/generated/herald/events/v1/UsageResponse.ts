// Original file: protos/events/v1/events.proto

import type { Ref as _herald_common_v1_Ref, Ref__Output as _herald_common_v1_Ref__Output } from '../../../herald/common/v1/Ref';
import type { Long } from '@grpc/proto-loader';

export interface UsageResponse {
  'used_in_segments'?: (_herald_common_v1_Ref)[];
  'used_in_workflows'?: (_herald_common_v1_Ref)[];
  'total_count'?: (number | string | Long);
  'unique_contacts'?: (number | string | Long);
  'can_delete'?: (boolean);
}

export interface UsageResponse__Output {
  'used_in_segments': (_herald_common_v1_Ref__Output)[];
  'used_in_workflows': (_herald_common_v1_Ref__Output)[];
  'total_count': (string);
  'unique_contacts': (string);
  'can_delete': (boolean);
}
