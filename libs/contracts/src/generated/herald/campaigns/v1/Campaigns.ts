// Original file: protos/campaigns/v1/campaigns.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Campaign as _herald_campaigns_v1_Campaign, Campaign__Output as _herald_campaigns_v1_Campaign__Output } from '../../../herald/campaigns/v1/Campaign';
import type { CampaignId as _herald_campaigns_v1_CampaignId, CampaignId__Output as _herald_campaigns_v1_CampaignId__Output } from '../../../herald/campaigns/v1/CampaignId';
import type { CampaignWrite as _herald_campaigns_v1_CampaignWrite, CampaignWrite__Output as _herald_campaigns_v1_CampaignWrite__Output } from '../../../herald/campaigns/v1/CampaignWrite';
import type { Empty as _herald_common_v1_Empty, Empty__Output as _herald_common_v1_Empty__Output } from '../../../herald/common/v1/Empty';
import type { ListCampaignsRequest as _herald_campaigns_v1_ListCampaignsRequest, ListCampaignsRequest__Output as _herald_campaigns_v1_ListCampaignsRequest__Output } from '../../../herald/campaigns/v1/ListCampaignsRequest';
import type { ListCampaignsResponse as _herald_campaigns_v1_ListCampaignsResponse, ListCampaignsResponse__Output as _herald_campaigns_v1_ListCampaignsResponse__Output } from '../../../herald/campaigns/v1/ListCampaignsResponse';
import type { PreviewCampaignRequest as _herald_campaigns_v1_PreviewCampaignRequest, PreviewCampaignRequest__Output as _herald_campaigns_v1_PreviewCampaignRequest__Output } from '../../../herald/campaigns/v1/PreviewCampaignRequest';
import type { PreviewCampaignResponse as _herald_campaigns_v1_PreviewCampaignResponse, PreviewCampaignResponse__Output as _herald_campaigns_v1_PreviewCampaignResponse__Output } from '../../../herald/campaigns/v1/PreviewCampaignResponse';
import type { SendCampaignRequest as _herald_campaigns_v1_SendCampaignRequest, SendCampaignRequest__Output as _herald_campaigns_v1_SendCampaignRequest__Output } from '../../../herald/campaigns/v1/SendCampaignRequest';
import type { StatsResponse as _herald_campaigns_v1_StatsResponse, StatsResponse__Output as _herald_campaigns_v1_StatsResponse__Output } from '../../../herald/campaigns/v1/StatsResponse';
import type { TestCampaignRequest as _herald_campaigns_v1_TestCampaignRequest, TestCampaignRequest__Output as _herald_campaigns_v1_TestCampaignRequest__Output } from '../../../herald/campaigns/v1/TestCampaignRequest';

export interface CampaignsClient extends grpc.Client {
  CampaignStats(argument: _herald_campaigns_v1_CampaignId, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  CampaignStats(argument: _herald_campaigns_v1_CampaignId, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_campaigns_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  CampaignStats(argument: _herald_campaigns_v1_CampaignId, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  CampaignStats(argument: _herald_campaigns_v1_CampaignId, callback: grpc.requestCallback<_herald_campaigns_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  campaignStats(argument: _herald_campaigns_v1_CampaignId, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  campaignStats(argument: _herald_campaigns_v1_CampaignId, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_campaigns_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  campaignStats(argument: _herald_campaigns_v1_CampaignId, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  campaignStats(argument: _herald_campaigns_v1_CampaignId, callback: grpc.requestCallback<_herald_campaigns_v1_StatsResponse__Output>): grpc.ClientUnaryCall;
  
  CancelCampaign(argument: _herald_campaigns_v1_CampaignId, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  CancelCampaign(argument: _herald_campaigns_v1_CampaignId, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  CancelCampaign(argument: _herald_campaigns_v1_CampaignId, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  CancelCampaign(argument: _herald_campaigns_v1_CampaignId, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  cancelCampaign(argument: _herald_campaigns_v1_CampaignId, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  cancelCampaign(argument: _herald_campaigns_v1_CampaignId, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  cancelCampaign(argument: _herald_campaigns_v1_CampaignId, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  cancelCampaign(argument: _herald_campaigns_v1_CampaignId, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  
  CreateCampaign(argument: _herald_campaigns_v1_CampaignWrite, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  CreateCampaign(argument: _herald_campaigns_v1_CampaignWrite, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  CreateCampaign(argument: _herald_campaigns_v1_CampaignWrite, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  CreateCampaign(argument: _herald_campaigns_v1_CampaignWrite, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  createCampaign(argument: _herald_campaigns_v1_CampaignWrite, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  createCampaign(argument: _herald_campaigns_v1_CampaignWrite, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  createCampaign(argument: _herald_campaigns_v1_CampaignWrite, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  createCampaign(argument: _herald_campaigns_v1_CampaignWrite, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  
  DeleteCampaign(argument: _herald_campaigns_v1_CampaignId, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteCampaign(argument: _herald_campaigns_v1_CampaignId, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteCampaign(argument: _herald_campaigns_v1_CampaignId, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteCampaign(argument: _herald_campaigns_v1_CampaignId, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteCampaign(argument: _herald_campaigns_v1_CampaignId, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteCampaign(argument: _herald_campaigns_v1_CampaignId, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteCampaign(argument: _herald_campaigns_v1_CampaignId, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteCampaign(argument: _herald_campaigns_v1_CampaignId, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  DuplicateCampaign(argument: _herald_campaigns_v1_CampaignId, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  DuplicateCampaign(argument: _herald_campaigns_v1_CampaignId, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  DuplicateCampaign(argument: _herald_campaigns_v1_CampaignId, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  DuplicateCampaign(argument: _herald_campaigns_v1_CampaignId, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  duplicateCampaign(argument: _herald_campaigns_v1_CampaignId, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  duplicateCampaign(argument: _herald_campaigns_v1_CampaignId, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  duplicateCampaign(argument: _herald_campaigns_v1_CampaignId, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  duplicateCampaign(argument: _herald_campaigns_v1_CampaignId, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  
  GetCampaign(argument: _herald_campaigns_v1_CampaignId, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  GetCampaign(argument: _herald_campaigns_v1_CampaignId, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  GetCampaign(argument: _herald_campaigns_v1_CampaignId, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  GetCampaign(argument: _herald_campaigns_v1_CampaignId, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  getCampaign(argument: _herald_campaigns_v1_CampaignId, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  getCampaign(argument: _herald_campaigns_v1_CampaignId, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  getCampaign(argument: _herald_campaigns_v1_CampaignId, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  getCampaign(argument: _herald_campaigns_v1_CampaignId, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  
  ListCampaigns(argument: _herald_campaigns_v1_ListCampaignsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_ListCampaignsResponse__Output>): grpc.ClientUnaryCall;
  ListCampaigns(argument: _herald_campaigns_v1_ListCampaignsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_campaigns_v1_ListCampaignsResponse__Output>): grpc.ClientUnaryCall;
  ListCampaigns(argument: _herald_campaigns_v1_ListCampaignsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_ListCampaignsResponse__Output>): grpc.ClientUnaryCall;
  ListCampaigns(argument: _herald_campaigns_v1_ListCampaignsRequest, callback: grpc.requestCallback<_herald_campaigns_v1_ListCampaignsResponse__Output>): grpc.ClientUnaryCall;
  listCampaigns(argument: _herald_campaigns_v1_ListCampaignsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_ListCampaignsResponse__Output>): grpc.ClientUnaryCall;
  listCampaigns(argument: _herald_campaigns_v1_ListCampaignsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_campaigns_v1_ListCampaignsResponse__Output>): grpc.ClientUnaryCall;
  listCampaigns(argument: _herald_campaigns_v1_ListCampaignsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_ListCampaignsResponse__Output>): grpc.ClientUnaryCall;
  listCampaigns(argument: _herald_campaigns_v1_ListCampaignsRequest, callback: grpc.requestCallback<_herald_campaigns_v1_ListCampaignsResponse__Output>): grpc.ClientUnaryCall;
  
  PreviewCampaign(argument: _herald_campaigns_v1_PreviewCampaignRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_PreviewCampaignResponse__Output>): grpc.ClientUnaryCall;
  PreviewCampaign(argument: _herald_campaigns_v1_PreviewCampaignRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_campaigns_v1_PreviewCampaignResponse__Output>): grpc.ClientUnaryCall;
  PreviewCampaign(argument: _herald_campaigns_v1_PreviewCampaignRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_PreviewCampaignResponse__Output>): grpc.ClientUnaryCall;
  PreviewCampaign(argument: _herald_campaigns_v1_PreviewCampaignRequest, callback: grpc.requestCallback<_herald_campaigns_v1_PreviewCampaignResponse__Output>): grpc.ClientUnaryCall;
  previewCampaign(argument: _herald_campaigns_v1_PreviewCampaignRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_PreviewCampaignResponse__Output>): grpc.ClientUnaryCall;
  previewCampaign(argument: _herald_campaigns_v1_PreviewCampaignRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_campaigns_v1_PreviewCampaignResponse__Output>): grpc.ClientUnaryCall;
  previewCampaign(argument: _herald_campaigns_v1_PreviewCampaignRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_PreviewCampaignResponse__Output>): grpc.ClientUnaryCall;
  previewCampaign(argument: _herald_campaigns_v1_PreviewCampaignRequest, callback: grpc.requestCallback<_herald_campaigns_v1_PreviewCampaignResponse__Output>): grpc.ClientUnaryCall;
  
  SendCampaign(argument: _herald_campaigns_v1_SendCampaignRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  SendCampaign(argument: _herald_campaigns_v1_SendCampaignRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  SendCampaign(argument: _herald_campaigns_v1_SendCampaignRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  SendCampaign(argument: _herald_campaigns_v1_SendCampaignRequest, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  sendCampaign(argument: _herald_campaigns_v1_SendCampaignRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  sendCampaign(argument: _herald_campaigns_v1_SendCampaignRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  sendCampaign(argument: _herald_campaigns_v1_SendCampaignRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  sendCampaign(argument: _herald_campaigns_v1_SendCampaignRequest, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  
  TestCampaign(argument: _herald_campaigns_v1_TestCampaignRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  TestCampaign(argument: _herald_campaigns_v1_TestCampaignRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  TestCampaign(argument: _herald_campaigns_v1_TestCampaignRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  TestCampaign(argument: _herald_campaigns_v1_TestCampaignRequest, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  testCampaign(argument: _herald_campaigns_v1_TestCampaignRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  testCampaign(argument: _herald_campaigns_v1_TestCampaignRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  testCampaign(argument: _herald_campaigns_v1_TestCampaignRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  testCampaign(argument: _herald_campaigns_v1_TestCampaignRequest, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  UpdateCampaign(argument: _herald_campaigns_v1_CampaignWrite, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  UpdateCampaign(argument: _herald_campaigns_v1_CampaignWrite, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  UpdateCampaign(argument: _herald_campaigns_v1_CampaignWrite, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  UpdateCampaign(argument: _herald_campaigns_v1_CampaignWrite, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  updateCampaign(argument: _herald_campaigns_v1_CampaignWrite, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  updateCampaign(argument: _herald_campaigns_v1_CampaignWrite, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  updateCampaign(argument: _herald_campaigns_v1_CampaignWrite, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  updateCampaign(argument: _herald_campaigns_v1_CampaignWrite, callback: grpc.requestCallback<_herald_campaigns_v1_Campaign__Output>): grpc.ClientUnaryCall;
  
}

export interface CampaignsHandlers extends grpc.UntypedServiceImplementation {
  CampaignStats: grpc.handleUnaryCall<_herald_campaigns_v1_CampaignId__Output, _herald_campaigns_v1_StatsResponse>;
  
  CancelCampaign: grpc.handleUnaryCall<_herald_campaigns_v1_CampaignId__Output, _herald_campaigns_v1_Campaign>;
  
  CreateCampaign: grpc.handleUnaryCall<_herald_campaigns_v1_CampaignWrite__Output, _herald_campaigns_v1_Campaign>;
  
  DeleteCampaign: grpc.handleUnaryCall<_herald_campaigns_v1_CampaignId__Output, _herald_common_v1_Empty>;
  
  DuplicateCampaign: grpc.handleUnaryCall<_herald_campaigns_v1_CampaignId__Output, _herald_campaigns_v1_Campaign>;
  
  GetCampaign: grpc.handleUnaryCall<_herald_campaigns_v1_CampaignId__Output, _herald_campaigns_v1_Campaign>;
  
  ListCampaigns: grpc.handleUnaryCall<_herald_campaigns_v1_ListCampaignsRequest__Output, _herald_campaigns_v1_ListCampaignsResponse>;
  
  PreviewCampaign: grpc.handleUnaryCall<_herald_campaigns_v1_PreviewCampaignRequest__Output, _herald_campaigns_v1_PreviewCampaignResponse>;
  
  SendCampaign: grpc.handleUnaryCall<_herald_campaigns_v1_SendCampaignRequest__Output, _herald_campaigns_v1_Campaign>;
  
  TestCampaign: grpc.handleUnaryCall<_herald_campaigns_v1_TestCampaignRequest__Output, _herald_common_v1_Empty>;
  
  UpdateCampaign: grpc.handleUnaryCall<_herald_campaigns_v1_CampaignWrite__Output, _herald_campaigns_v1_Campaign>;
  
}

export interface CampaignsDefinition extends grpc.ServiceDefinition {
  CampaignStats: MethodDefinition<_herald_campaigns_v1_CampaignId, _herald_campaigns_v1_StatsResponse, _herald_campaigns_v1_CampaignId__Output, _herald_campaigns_v1_StatsResponse__Output>
  CancelCampaign: MethodDefinition<_herald_campaigns_v1_CampaignId, _herald_campaigns_v1_Campaign, _herald_campaigns_v1_CampaignId__Output, _herald_campaigns_v1_Campaign__Output>
  CreateCampaign: MethodDefinition<_herald_campaigns_v1_CampaignWrite, _herald_campaigns_v1_Campaign, _herald_campaigns_v1_CampaignWrite__Output, _herald_campaigns_v1_Campaign__Output>
  DeleteCampaign: MethodDefinition<_herald_campaigns_v1_CampaignId, _herald_common_v1_Empty, _herald_campaigns_v1_CampaignId__Output, _herald_common_v1_Empty__Output>
  DuplicateCampaign: MethodDefinition<_herald_campaigns_v1_CampaignId, _herald_campaigns_v1_Campaign, _herald_campaigns_v1_CampaignId__Output, _herald_campaigns_v1_Campaign__Output>
  GetCampaign: MethodDefinition<_herald_campaigns_v1_CampaignId, _herald_campaigns_v1_Campaign, _herald_campaigns_v1_CampaignId__Output, _herald_campaigns_v1_Campaign__Output>
  ListCampaigns: MethodDefinition<_herald_campaigns_v1_ListCampaignsRequest, _herald_campaigns_v1_ListCampaignsResponse, _herald_campaigns_v1_ListCampaignsRequest__Output, _herald_campaigns_v1_ListCampaignsResponse__Output>
  PreviewCampaign: MethodDefinition<_herald_campaigns_v1_PreviewCampaignRequest, _herald_campaigns_v1_PreviewCampaignResponse, _herald_campaigns_v1_PreviewCampaignRequest__Output, _herald_campaigns_v1_PreviewCampaignResponse__Output>
  SendCampaign: MethodDefinition<_herald_campaigns_v1_SendCampaignRequest, _herald_campaigns_v1_Campaign, _herald_campaigns_v1_SendCampaignRequest__Output, _herald_campaigns_v1_Campaign__Output>
  TestCampaign: MethodDefinition<_herald_campaigns_v1_TestCampaignRequest, _herald_common_v1_Empty, _herald_campaigns_v1_TestCampaignRequest__Output, _herald_common_v1_Empty__Output>
  UpdateCampaign: MethodDefinition<_herald_campaigns_v1_CampaignWrite, _herald_campaigns_v1_Campaign, _herald_campaigns_v1_CampaignWrite__Output, _herald_campaigns_v1_Campaign__Output>
}
