// Original file: protos/messaging/v1/messaging.proto

import type { ComplianceCheck as _herald_messaging_v1_ComplianceCheck, ComplianceCheck__Output as _herald_messaging_v1_ComplianceCheck__Output } from '../../../herald/messaging/v1/ComplianceCheck';

export interface ComplianceResponse {
  'domain'?: (string);
  'checks'?: (_herald_messaging_v1_ComplianceCheck)[];
  'sent_24h'?: (number);
  'marketing_24h'?: (number);
  'checked_at'?: (string);
}

export interface ComplianceResponse__Output {
  'domain': (string);
  'checks': (_herald_messaging_v1_ComplianceCheck__Output)[];
  'sent_24h': (number);
  'marketing_24h': (number);
  'checked_at': (string);
}
