// Original file: protos/campaigns/v1/campaigns.proto

import type { WarmupHold as _herald_campaigns_v1_WarmupHold, WarmupHold__Output as _herald_campaigns_v1_WarmupHold__Output } from '../../../herald/campaigns/v1/WarmupHold';
import type { Long } from '@grpc/proto-loader';

export interface Campaign {
  'id'?: (string);
  'name'?: (string);
  'description'?: (string);
  'subject'?: (string);
  'body'?: (string);
  'from_email'?: (string);
  'from_name'?: (string);
  'reply_to'?: (string);
  'template_id'?: (string);
  'audience_type'?: (string);
  'segment_id'?: (string);
  'audience_filter_json'?: (string);
  'status'?: (string);
  'scheduled_at'?: (string);
  'started_at'?: (string);
  'sent_at'?: (string);
  'cancelled_at'?: (string);
  'status_reason'?: (string);
  'total_recipients'?: (number | string | Long);
  'sent_count'?: (number | string | Long);
  'created_at'?: (string);
  'updated_at'?: (string);
  'expected_finish_at'?: (string);
  'held_by'?: (_herald_campaigns_v1_WarmupHold)[];
  '_description'?: "description";
  '_body'?: "body";
  '_from_name'?: "from_name";
  '_reply_to'?: "reply_to";
  '_template_id'?: "template_id";
  '_segment_id'?: "segment_id";
  '_audience_filter_json'?: "audience_filter_json";
  '_scheduled_at'?: "scheduled_at";
  '_started_at'?: "started_at";
  '_sent_at'?: "sent_at";
  '_cancelled_at'?: "cancelled_at";
  '_status_reason'?: "status_reason";
  '_expected_finish_at'?: "expected_finish_at";
}

export interface Campaign__Output {
  'id': (string);
  'name': (string);
  'description'?: (string);
  'subject': (string);
  'body'?: (string);
  'from_email': (string);
  'from_name'?: (string);
  'reply_to'?: (string);
  'template_id'?: (string);
  'audience_type': (string);
  'segment_id'?: (string);
  'audience_filter_json'?: (string);
  'status': (string);
  'scheduled_at'?: (string);
  'started_at'?: (string);
  'sent_at'?: (string);
  'cancelled_at'?: (string);
  'status_reason'?: (string);
  'total_recipients': (string);
  'sent_count': (string);
  'created_at': (string);
  'updated_at': (string);
  'expected_finish_at'?: (string);
  'held_by': (_herald_campaigns_v1_WarmupHold__Output)[];
  '_description'?: "description";
  '_body'?: "body";
  '_from_name'?: "from_name";
  '_reply_to'?: "reply_to";
  '_template_id'?: "template_id";
  '_segment_id'?: "segment_id";
  '_audience_filter_json'?: "audience_filter_json";
  '_scheduled_at'?: "scheduled_at";
  '_started_at'?: "started_at";
  '_sent_at'?: "sent_at";
  '_cancelled_at'?: "cancelled_at";
  '_status_reason'?: "status_reason";
  '_expected_finish_at'?: "expected_finish_at";
}
