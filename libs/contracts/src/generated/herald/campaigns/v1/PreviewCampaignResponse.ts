// Original file: protos/campaigns/v1/campaigns.proto

import type { PreviewContact as _herald_campaigns_v1_PreviewContact, PreviewContact__Output as _herald_campaigns_v1_PreviewContact__Output } from '../../../herald/campaigns/v1/PreviewContact';

export interface PreviewCampaignResponse {
  'subject'?: (string);
  'body'?: (string);
  'from_email'?: (string);
  'from_name'?: (string);
  'contacts'?: (_herald_campaigns_v1_PreviewContact)[];
  'contact'?: (_herald_campaigns_v1_PreviewContact | null);
  '_from_name'?: "from_name";
  '_contact'?: "contact";
}

export interface PreviewCampaignResponse__Output {
  'subject': (string);
  'body': (string);
  'from_email': (string);
  'from_name'?: (string);
  'contacts': (_herald_campaigns_v1_PreviewContact__Output)[];
  'contact'?: (_herald_campaigns_v1_PreviewContact__Output | null);
  '_from_name'?: "from_name";
  '_contact'?: "contact";
}
