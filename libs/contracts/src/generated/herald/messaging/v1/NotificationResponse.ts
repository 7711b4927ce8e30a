// Original file: protos/messaging/v1/messaging.proto

import type { InboundIds as _herald_messaging_v1_InboundIds, InboundIds__Output as _herald_messaging_v1_InboundIds__Output } from '../../../herald/messaging/v1/InboundIds';

export interface NotificationResponse {
  'outcome'?: (string);
  'subscription_arn'?: (string);
  'kind'?: (string);
  'email_id'?: (string);
  'inbound'?: (_herald_messaging_v1_InboundIds | null);
  '_subscription_arn'?: "subscription_arn";
  '_kind'?: "kind";
  '_email_id'?: "email_id";
}

export interface NotificationResponse__Output {
  'outcome': (string);
  'subscription_arn'?: (string);
  'kind'?: (string);
  'email_id'?: (string);
  'inbound': (_herald_messaging_v1_InboundIds__Output | null);
  '_subscription_arn'?: "subscription_arn";
  '_kind'?: "kind";
  '_email_id'?: "email_id";
}
