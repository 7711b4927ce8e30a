// Original file: protos/events/v1/events.proto

import type { Long } from '@grpc/proto-loader';

export interface CampaignPerformance {
  'id'?: (string);
  'subject'?: (string);
  'sent_count'?: (number | string | Long);
  'opened_count'?: (number | string | Long);
  'clicked_count'?: (number | string | Long);
  'open_rate'?: (number | string);
  'click_rate'?: (number | string);
  'human_opened_count'?: (number | string | Long);
  'human_clicked_count'?: (number | string | Long);
  'human_open_rate'?: (number | string);
  'human_click_rate'?: (number | string);
  'name'?: (string);
}

export interface CampaignPerformance__Output {
  'id': (string);
  'subject': (string);
  'sent_count': (string);
  'opened_count': (string);
  'clicked_count': (string);
  'open_rate': (number);
  'click_rate': (number);
  'human_opened_count': (string);
  'human_clicked_count': (string);
  'human_open_rate': (number);
  'human_click_rate': (number);
  'name': (string);
}
