// Original file: protos/messaging/v1/messaging.proto

import type { CampaignContent as _herald_messaging_v1_CampaignContent, CampaignContent__Output as _herald_messaging_v1_CampaignContent__Output } from '../../../herald/messaging/v1/CampaignContent';

export interface EnqueueCampaignRequest {
  'content'?: (_herald_messaging_v1_CampaignContent | null);
  'contact_ids'?: (string)[];
}

export interface EnqueueCampaignRequest__Output {
  'content': (_herald_messaging_v1_CampaignContent__Output | null);
  'contact_ids': (string)[];
}
