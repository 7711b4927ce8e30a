import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Campaign as _herald_campaigns_v1_Campaign, Campaign__Output as _herald_campaigns_v1_Campaign__Output } from './herald/campaigns/v1/Campaign';
import type { CampaignId as _herald_campaigns_v1_CampaignId, CampaignId__Output as _herald_campaigns_v1_CampaignId__Output } from './herald/campaigns/v1/CampaignId';
import type { CampaignWrite as _herald_campaigns_v1_CampaignWrite, CampaignWrite__Output as _herald_campaigns_v1_CampaignWrite__Output } from './herald/campaigns/v1/CampaignWrite';
import type { CampaignsClient as _herald_campaigns_v1_CampaignsClient, CampaignsDefinition as _herald_campaigns_v1_CampaignsDefinition } from './herald/campaigns/v1/Campaigns';
import type { ListCampaignsRequest as _herald_campaigns_v1_ListCampaignsRequest, ListCampaignsRequest__Output as _herald_campaigns_v1_ListCampaignsRequest__Output } from './herald/campaigns/v1/ListCampaignsRequest';
import type { ListCampaignsResponse as _herald_campaigns_v1_ListCampaignsResponse, ListCampaignsResponse__Output as _herald_campaigns_v1_ListCampaignsResponse__Output } from './herald/campaigns/v1/ListCampaignsResponse';
import type { PreviewCampaignRequest as _herald_campaigns_v1_PreviewCampaignRequest, PreviewCampaignRequest__Output as _herald_campaigns_v1_PreviewCampaignRequest__Output } from './herald/campaigns/v1/PreviewCampaignRequest';
import type { PreviewCampaignResponse as _herald_campaigns_v1_PreviewCampaignResponse, PreviewCampaignResponse__Output as _herald_campaigns_v1_PreviewCampaignResponse__Output } from './herald/campaigns/v1/PreviewCampaignResponse';
import type { PreviewContact as _herald_campaigns_v1_PreviewContact, PreviewContact__Output as _herald_campaigns_v1_PreviewContact__Output } from './herald/campaigns/v1/PreviewContact';
import type { SendCampaignRequest as _herald_campaigns_v1_SendCampaignRequest, SendCampaignRequest__Output as _herald_campaigns_v1_SendCampaignRequest__Output } from './herald/campaigns/v1/SendCampaignRequest';
import type { StatsResponse as _herald_campaigns_v1_StatsResponse, StatsResponse__Output as _herald_campaigns_v1_StatsResponse__Output } from './herald/campaigns/v1/StatsResponse';
import type { TestCampaignRequest as _herald_campaigns_v1_TestCampaignRequest, TestCampaignRequest__Output as _herald_campaigns_v1_TestCampaignRequest__Output } from './herald/campaigns/v1/TestCampaignRequest';
import type { WarmupHold as _herald_campaigns_v1_WarmupHold, WarmupHold__Output as _herald_campaigns_v1_WarmupHold__Output } from './herald/campaigns/v1/WarmupHold';
import type { Empty as _herald_common_v1_Empty, Empty__Output as _herald_common_v1_Empty__Output } from './herald/common/v1/Empty';
import type { Error as _herald_common_v1_Error, Error__Output as _herald_common_v1_Error__Output } from './herald/common/v1/Error';
import type { FieldError as _herald_common_v1_FieldError, FieldError__Output as _herald_common_v1_FieldError__Output } from './herald/common/v1/FieldError';
import type { Ref as _herald_common_v1_Ref, Ref__Output as _herald_common_v1_Ref__Output } from './herald/common/v1/Ref';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  herald: {
    campaigns: {
      v1: {
        Campaign: MessageTypeDefinition<_herald_campaigns_v1_Campaign, _herald_campaigns_v1_Campaign__Output>
        CampaignId: MessageTypeDefinition<_herald_campaigns_v1_CampaignId, _herald_campaigns_v1_CampaignId__Output>
        CampaignWrite: MessageTypeDefinition<_herald_campaigns_v1_CampaignWrite, _herald_campaigns_v1_CampaignWrite__Output>
        Campaigns: SubtypeConstructor<typeof grpc.Client, _herald_campaigns_v1_CampaignsClient> & { service: _herald_campaigns_v1_CampaignsDefinition }
        ListCampaignsRequest: MessageTypeDefinition<_herald_campaigns_v1_ListCampaignsRequest, _herald_campaigns_v1_ListCampaignsRequest__Output>
        ListCampaignsResponse: MessageTypeDefinition<_herald_campaigns_v1_ListCampaignsResponse, _herald_campaigns_v1_ListCampaignsResponse__Output>
        PreviewCampaignRequest: MessageTypeDefinition<_herald_campaigns_v1_PreviewCampaignRequest, _herald_campaigns_v1_PreviewCampaignRequest__Output>
        PreviewCampaignResponse: MessageTypeDefinition<_herald_campaigns_v1_PreviewCampaignResponse, _herald_campaigns_v1_PreviewCampaignResponse__Output>
        PreviewContact: MessageTypeDefinition<_herald_campaigns_v1_PreviewContact, _herald_campaigns_v1_PreviewContact__Output>
        SendCampaignRequest: MessageTypeDefinition<_herald_campaigns_v1_SendCampaignRequest, _herald_campaigns_v1_SendCampaignRequest__Output>
        StatsResponse: MessageTypeDefinition<_herald_campaigns_v1_StatsResponse, _herald_campaigns_v1_StatsResponse__Output>
        TestCampaignRequest: MessageTypeDefinition<_herald_campaigns_v1_TestCampaignRequest, _herald_campaigns_v1_TestCampaignRequest__Output>
        WarmupHold: MessageTypeDefinition<_herald_campaigns_v1_WarmupHold, _herald_campaigns_v1_WarmupHold__Output>
      }
    }
    common: {
      v1: {
        Empty: MessageTypeDefinition<_herald_common_v1_Empty, _herald_common_v1_Empty__Output>
        Error: MessageTypeDefinition<_herald_common_v1_Error, _herald_common_v1_Error__Output>
        FieldError: MessageTypeDefinition<_herald_common_v1_FieldError, _herald_common_v1_FieldError__Output>
        Ref: MessageTypeDefinition<_herald_common_v1_Ref, _herald_common_v1_Ref__Output>
      }
    }
  }
}

