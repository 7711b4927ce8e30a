// Original file: protos/billing/v1/billing.proto

import type { CategoryLimit as _herald_billing_v1_CategoryLimit, CategoryLimit__Output as _herald_billing_v1_CategoryLimit__Output } from '../../../herald/billing/v1/CategoryLimit';

export interface Limits {
  'transactional'?: (_herald_billing_v1_CategoryLimit | null);
  'campaigns'?: (_herald_billing_v1_CategoryLimit | null);
  'workflows'?: (_herald_billing_v1_CategoryLimit | null);
  'inbound'?: (_herald_billing_v1_CategoryLimit | null);
}

export interface Limits__Output {
  'transactional': (_herald_billing_v1_CategoryLimit__Output | null);
  'campaigns': (_herald_billing_v1_CategoryLimit__Output | null);
  'workflows': (_herald_billing_v1_CategoryLimit__Output | null);
  'inbound': (_herald_billing_v1_CategoryLimit__Output | null);
}
