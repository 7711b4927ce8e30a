// Original file: protos/messaging/v1/messaging.proto

import type { CampaignHold as _herald_messaging_v1_CampaignHold, CampaignHold__Output as _herald_messaging_v1_CampaignHold__Output } from '../../../herald/messaging/v1/CampaignHold';

export interface CampaignFinishResponse {
  'expected_finish_at'?: (string);
  'held_by'?: (_herald_messaging_v1_CampaignHold)[];
}

export interface CampaignFinishResponse__Output {
  'expected_finish_at': (string);
  'held_by': (_herald_messaging_v1_CampaignHold__Output)[];
}
