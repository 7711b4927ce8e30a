// Original file: protos/campaigns/v1/campaigns.proto

import type { Long } from '@grpc/proto-loader';

export interface StatsResponse {
  'total_recipients'?: (number | string | Long);
  'sent'?: (number | string | Long);
  'delivered'?: (number | string | Long);
  'opened'?: (number | string | Long);
  'clicked'?: (number | string | Long);
  'bounced'?: (number | string | Long);
  'complained'?: (number | string | Long);
  'unsubscribed'?: (number | string | Long);
  'failed'?: (number | string | Long);
  'replied'?: (number | string | Long);
  'human_opened'?: (number | string | Long);
  'human_clicked'?: (number | string | Long);
}

export interface StatsResponse__Output {
  'total_recipients': (string);
  'sent': (string);
  'delivered': (string);
  'opened': (string);
  'clicked': (string);
  'bounced': (string);
  'complained': (string);
  'unsubscribed': (string);
  'failed': (string);
  'replied': (string);
  'human_opened': (string);
  'human_clicked': (string);
}
