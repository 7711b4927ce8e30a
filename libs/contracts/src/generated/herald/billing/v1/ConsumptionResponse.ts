// Original file: protos/billing/v1/billing.proto

import type { Usage as _herald_billing_v1_Usage, Usage__Output as _herald_billing_v1_Usage__Output } from '../../../herald/billing/v1/Usage';

export interface ConsumptionResponse {
  'period_start'?: (string);
  'period_end'?: (string);
  'period'?: (string);
  'usage'?: (_herald_billing_v1_Usage | null);
}

export interface ConsumptionResponse__Output {
  'period_start': (string);
  'period_end': (string);
  'period': (string);
  'usage': (_herald_billing_v1_Usage__Output | null);
}
