// Original file: protos/events/v1/events.proto

import type { CampaignPerformance as _herald_events_v1_CampaignPerformance, CampaignPerformance__Output as _herald_events_v1_CampaignPerformance__Output } from '../../../herald/events/v1/CampaignPerformance';

export interface TopCampaignsResponse {
  'campaigns'?: (_herald_events_v1_CampaignPerformance)[];
}

export interface TopCampaignsResponse__Output {
  'campaigns': (_herald_events_v1_CampaignPerformance__Output)[];
}
