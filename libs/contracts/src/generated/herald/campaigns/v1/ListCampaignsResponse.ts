// Original file: protos/campaigns/v1/campaigns.proto

import type { Campaign as _herald_campaigns_v1_Campaign, Campaign__Output as _herald_campaigns_v1_Campaign__Output } from '../../../herald/campaigns/v1/Campaign';
import type { Long } from '@grpc/proto-loader';

export interface ListCampaignsResponse {
  'campaigns'?: (_herald_campaigns_v1_Campaign)[];
  'total'?: (number | string | Long);
}

export interface ListCampaignsResponse__Output {
  'campaigns': (_herald_campaigns_v1_Campaign__Output)[];
  'total': (string);
}
