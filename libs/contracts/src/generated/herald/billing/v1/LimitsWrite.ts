// Original file: protos/billing/v1/billing.proto

import type { LimitChange as _herald_billing_v1_LimitChange, LimitChange__Output as _herald_billing_v1_LimitChange__Output } from '../../../herald/billing/v1/LimitChange';

export interface LimitsWrite {
  'transactional'?: (_herald_billing_v1_LimitChange | null);
  'campaigns'?: (_herald_billing_v1_LimitChange | null);
  'workflows'?: (_herald_billing_v1_LimitChange | null);
  'inbound'?: (_herald_billing_v1_LimitChange | null);
}

export interface LimitsWrite__Output {
  'transactional': (_herald_billing_v1_LimitChange__Output | null);
  'campaigns': (_herald_billing_v1_LimitChange__Output | null);
  'workflows': (_herald_billing_v1_LimitChange__Output | null);
  'inbound': (_herald_billing_v1_LimitChange__Output | null);
}
