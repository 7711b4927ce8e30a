// Original file: protos/events/v1/events.proto

import type { Long } from '@grpc/proto-loader';

export interface ActivityStatsResponse {
  'total_events'?: (number | string | Long);
  'total_emails_sent'?: (number | string | Long);
  'total_emails_opened'?: (number | string | Long);
  'total_emails_clicked'?: (number | string | Long);
  'total_workflows_started'?: (number | string | Long);
  'open_rate'?: (number | string);
  'click_rate'?: (number | string);
  'total_human_opened'?: (number | string | Long);
  'total_human_clicked'?: (number | string | Long);
  'human_open_rate'?: (number | string);
  'human_click_rate'?: (number | string);
}

export interface ActivityStatsResponse__Output {
  'total_events': (string);
  'total_emails_sent': (string);
  'total_emails_opened': (string);
  'total_emails_clicked': (string);
  'total_workflows_started': (string);
  'open_rate': (number);
  'click_rate': (number);
  'total_human_opened': (string);
  'total_human_clicked': (string);
  'human_open_rate': (number);
  'human_click_rate': (number);
}
