// Original file: protos/messaging/v1/messaging.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CampaignFinishRequest as _herald_messaging_v1_CampaignFinishRequest, CampaignFinishRequest__Output as _herald_messaging_v1_CampaignFinishRequest__Output } from '../../../herald/messaging/v1/CampaignFinishRequest';
import type { CampaignFinishResponse as _herald_messaging_v1_CampaignFinishResponse, CampaignFinishResponse__Output as _herald_messaging_v1_CampaignFinishResponse__Output } from '../../../herald/messaging/v1/CampaignFinishResponse';
import type { CampaignProgressResponse as _herald_messaging_v1_CampaignProgressResponse, CampaignProgressResponse__Output as _herald_messaging_v1_CampaignProgressResponse__Output } from '../../../herald/messaging/v1/CampaignProgressResponse';
import type { CampaignRef as _herald_messaging_v1_CampaignRef, CampaignRef__Output as _herald_messaging_v1_CampaignRef__Output } from '../../../herald/messaging/v1/CampaignRef';
import type { CancelCampaignResponse as _herald_messaging_v1_CancelCampaignResponse, CancelCampaignResponse__Output as _herald_messaging_v1_CancelCampaignResponse__Output } from '../../../herald/messaging/v1/CancelCampaignResponse';
import type { ClickResponse as _herald_messaging_v1_ClickResponse, ClickResponse__Output as _herald_messaging_v1_ClickResponse__Output } from '../../../herald/messaging/v1/ClickResponse';
import type { ComplianceResponse as _herald_messaging_v1_ComplianceResponse, ComplianceResponse__Output as _herald_messaging_v1_ComplianceResponse__Output } from '../../../herald/messaging/v1/ComplianceResponse';
import type { DeliverabilityResponse as _herald_messaging_v1_DeliverabilityResponse, DeliverabilityResponse__Output as _herald_messaging_v1_DeliverabilityResponse__Output } from '../../../herald/messaging/v1/DeliverabilityResponse';
import type { DevMailboxRequest as _herald_messaging_v1_DevMailboxRequest, DevMailboxRequest__Output as _herald_messaging_v1_DevMailboxRequest__Output } from '../../../herald/messaging/v1/DevMailboxRequest';
import type { DevMailboxResponse as _herald_messaging_v1_DevMailboxResponse, DevMailboxResponse__Output as _herald_messaging_v1_DevMailboxResponse__Output } from '../../../herald/messaging/v1/DevMailboxResponse';
import type { Empty as _herald_common_v1_Empty, Empty__Output as _herald_common_v1_Empty__Output } from '../../../herald/common/v1/Empty';
import type { EnqueueCampaignRequest as _herald_messaging_v1_EnqueueCampaignRequest, EnqueueCampaignRequest__Output as _herald_messaging_v1_EnqueueCampaignRequest__Output } from '../../../herald/messaging/v1/EnqueueCampaignRequest';
import type { EnqueueCampaignResponse as _herald_messaging_v1_EnqueueCampaignResponse, EnqueueCampaignResponse__Output as _herald_messaging_v1_EnqueueCampaignResponse__Output } from '../../../herald/messaging/v1/EnqueueCampaignResponse';
import type { GetImageRequest as _herald_messaging_v1_GetImageRequest, GetImageRequest__Output as _herald_messaging_v1_GetImageRequest__Output } from '../../../herald/messaging/v1/GetImageRequest';
import type { GuardrailsResponse as _herald_messaging_v1_GuardrailsResponse, GuardrailsResponse__Output as _herald_messaging_v1_GuardrailsResponse__Output } from '../../../herald/messaging/v1/GuardrailsResponse';
import type { IdRequest as _herald_messaging_v1_IdRequest, IdRequest__Output as _herald_messaging_v1_IdRequest__Output } from '../../../herald/messaging/v1/IdRequest';
import type { ImageContent as _herald_messaging_v1_ImageContent, ImageContent__Output as _herald_messaging_v1_ImageContent__Output } from '../../../herald/messaging/v1/ImageContent';
import type { InboundMessage as _herald_messaging_v1_InboundMessage, InboundMessage__Output as _herald_messaging_v1_InboundMessage__Output } from '../../../herald/messaging/v1/InboundMessage';
import type { InboundRaw as _herald_messaging_v1_InboundRaw, InboundRaw__Output as _herald_messaging_v1_InboundRaw__Output } from '../../../herald/messaging/v1/InboundRaw';
import type { ListTemplatesRequest as _herald_messaging_v1_ListTemplatesRequest, ListTemplatesRequest__Output as _herald_messaging_v1_ListTemplatesRequest__Output } from '../../../herald/messaging/v1/ListTemplatesRequest';
import type { ListTemplatesResponse as _herald_messaging_v1_ListTemplatesResponse, ListTemplatesResponse__Output as _herald_messaging_v1_ListTemplatesResponse__Output } from '../../../herald/messaging/v1/ListTemplatesResponse';
import type { NotificationRequest as _herald_messaging_v1_NotificationRequest, NotificationRequest__Output as _herald_messaging_v1_NotificationRequest__Output } from '../../../herald/messaging/v1/NotificationRequest';
import type { NotificationResponse as _herald_messaging_v1_NotificationResponse, NotificationResponse__Output as _herald_messaging_v1_NotificationResponse__Output } from '../../../herald/messaging/v1/NotificationResponse';
import type { PutImageRequest as _herald_messaging_v1_PutImageRequest, PutImageRequest__Output as _herald_messaging_v1_PutImageRequest__Output } from '../../../herald/messaging/v1/PutImageRequest';
import type { SecurityResponse as _herald_messaging_v1_SecurityResponse, SecurityResponse__Output as _herald_messaging_v1_SecurityResponse__Output } from '../../../herald/messaging/v1/SecurityResponse';
import type { SendManyRequest as _herald_messaging_v1_SendManyRequest, SendManyRequest__Output as _herald_messaging_v1_SendManyRequest__Output } from '../../../herald/messaging/v1/SendManyRequest';
import type { SendManyResponse as _herald_messaging_v1_SendManyResponse, SendManyResponse__Output as _herald_messaging_v1_SendManyResponse__Output } from '../../../herald/messaging/v1/SendManyResponse';
import type { SetSubscriptionRequest as _herald_messaging_v1_SetSubscriptionRequest, SetSubscriptionRequest__Output as _herald_messaging_v1_SetSubscriptionRequest__Output } from '../../../herald/messaging/v1/SetSubscriptionRequest';
import type { StorageStatusResponse as _herald_messaging_v1_StorageStatusResponse, StorageStatusResponse__Output as _herald_messaging_v1_StorageStatusResponse__Output } from '../../../herald/messaging/v1/StorageStatusResponse';
import type { StoredImage as _herald_messaging_v1_StoredImage, StoredImage__Output as _herald_messaging_v1_StoredImage__Output } from '../../../herald/messaging/v1/StoredImage';
import type { SubscriptionResponse as _herald_messaging_v1_SubscriptionResponse, SubscriptionResponse__Output as _herald_messaging_v1_SubscriptionResponse__Output } from '../../../herald/messaging/v1/SubscriptionResponse';
import type { SystemEmailRequest as _herald_messaging_v1_SystemEmailRequest, SystemEmailRequest__Output as _herald_messaging_v1_SystemEmailRequest__Output } from '../../../herald/messaging/v1/SystemEmailRequest';
import type { TemplateResponse as _herald_messaging_v1_TemplateResponse, TemplateResponse__Output as _herald_messaging_v1_TemplateResponse__Output } from '../../../herald/messaging/v1/TemplateResponse';
import type { TemplateUsageResponse as _herald_messaging_v1_TemplateUsageResponse, TemplateUsageResponse__Output as _herald_messaging_v1_TemplateUsageResponse__Output } from '../../../herald/messaging/v1/TemplateUsageResponse';
import type { TemplateWrite as _herald_messaging_v1_TemplateWrite, TemplateWrite__Output as _herald_messaging_v1_TemplateWrite__Output } from '../../../herald/messaging/v1/TemplateWrite';
import type { TokenRequest as _herald_messaging_v1_TokenRequest, TokenRequest__Output as _herald_messaging_v1_TokenRequest__Output } from '../../../herald/messaging/v1/TokenRequest';
import type { TrackRequest as _herald_messaging_v1_TrackRequest, TrackRequest__Output as _herald_messaging_v1_TrackRequest__Output } from '../../../herald/messaging/v1/TrackRequest';
import type { VerifyRequest as _herald_messaging_v1_VerifyRequest, VerifyRequest__Output as _herald_messaging_v1_VerifyRequest__Output } from '../../../herald/messaging/v1/VerifyRequest';
import type { VerifyResponse as _herald_messaging_v1_VerifyResponse, VerifyResponse__Output as _herald_messaging_v1_VerifyResponse__Output } from '../../../herald/messaging/v1/VerifyResponse';
import type { WarmupResponse as _herald_messaging_v1_WarmupResponse, WarmupResponse__Output as _herald_messaging_v1_WarmupResponse__Output } from '../../../herald/messaging/v1/WarmupResponse';
import type { WarmupUpdate as _herald_messaging_v1_WarmupUpdate, WarmupUpdate__Output as _herald_messaging_v1_WarmupUpdate__Output } from '../../../herald/messaging/v1/WarmupUpdate';
import type { WorkflowEmailRequest as _herald_messaging_v1_WorkflowEmailRequest, WorkflowEmailRequest__Output as _herald_messaging_v1_WorkflowEmailRequest__Output } from '../../../herald/messaging/v1/WorkflowEmailRequest';
import type { WorkflowEmailResponse as _herald_messaging_v1_WorkflowEmailResponse, WorkflowEmailResponse__Output as _herald_messaging_v1_WorkflowEmailResponse__Output } from '../../../herald/messaging/v1/WorkflowEmailResponse';

export interface MessagingClient extends grpc.Client {
  CampaignFinish(argument: _herald_messaging_v1_CampaignFinishRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_CampaignFinishResponse__Output>): grpc.ClientUnaryCall;
  CampaignFinish(argument: _herald_messaging_v1_CampaignFinishRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_CampaignFinishResponse__Output>): grpc.ClientUnaryCall;
  CampaignFinish(argument: _herald_messaging_v1_CampaignFinishRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_CampaignFinishResponse__Output>): grpc.ClientUnaryCall;
  CampaignFinish(argument: _herald_messaging_v1_CampaignFinishRequest, callback: grpc.requestCallback<_herald_messaging_v1_CampaignFinishResponse__Output>): grpc.ClientUnaryCall;
  campaignFinish(argument: _herald_messaging_v1_CampaignFinishRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_CampaignFinishResponse__Output>): grpc.ClientUnaryCall;
  campaignFinish(argument: _herald_messaging_v1_CampaignFinishRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_CampaignFinishResponse__Output>): grpc.ClientUnaryCall;
  campaignFinish(argument: _herald_messaging_v1_CampaignFinishRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_CampaignFinishResponse__Output>): grpc.ClientUnaryCall;
  campaignFinish(argument: _herald_messaging_v1_CampaignFinishRequest, callback: grpc.requestCallback<_herald_messaging_v1_CampaignFinishResponse__Output>): grpc.ClientUnaryCall;
  
  CampaignProgress(argument: _herald_messaging_v1_CampaignRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_CampaignProgressResponse__Output>): grpc.ClientUnaryCall;
  CampaignProgress(argument: _herald_messaging_v1_CampaignRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_CampaignProgressResponse__Output>): grpc.ClientUnaryCall;
  CampaignProgress(argument: _herald_messaging_v1_CampaignRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_CampaignProgressResponse__Output>): grpc.ClientUnaryCall;
  CampaignProgress(argument: _herald_messaging_v1_CampaignRef, callback: grpc.requestCallback<_herald_messaging_v1_CampaignProgressResponse__Output>): grpc.ClientUnaryCall;
  campaignProgress(argument: _herald_messaging_v1_CampaignRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_CampaignProgressResponse__Output>): grpc.ClientUnaryCall;
  campaignProgress(argument: _herald_messaging_v1_CampaignRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_CampaignProgressResponse__Output>): grpc.ClientUnaryCall;
  campaignProgress(argument: _herald_messaging_v1_CampaignRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_CampaignProgressResponse__Output>): grpc.ClientUnaryCall;
  campaignProgress(argument: _herald_messaging_v1_CampaignRef, callback: grpc.requestCallback<_herald_messaging_v1_CampaignProgressResponse__Output>): grpc.ClientUnaryCall;
  
  CancelCampaign(argument: _herald_messaging_v1_CampaignRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_CancelCampaignResponse__Output>): grpc.ClientUnaryCall;
  CancelCampaign(argument: _herald_messaging_v1_CampaignRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_CancelCampaignResponse__Output>): grpc.ClientUnaryCall;
  CancelCampaign(argument: _herald_messaging_v1_CampaignRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_CancelCampaignResponse__Output>): grpc.ClientUnaryCall;
  CancelCampaign(argument: _herald_messaging_v1_CampaignRef, callback: grpc.requestCallback<_herald_messaging_v1_CancelCampaignResponse__Output>): grpc.ClientUnaryCall;
  cancelCampaign(argument: _herald_messaging_v1_CampaignRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_CancelCampaignResponse__Output>): grpc.ClientUnaryCall;
  cancelCampaign(argument: _herald_messaging_v1_CampaignRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_CancelCampaignResponse__Output>): grpc.ClientUnaryCall;
  cancelCampaign(argument: _herald_messaging_v1_CampaignRef, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_CancelCampaignResponse__Output>): grpc.ClientUnaryCall;
  cancelCampaign(argument: _herald_messaging_v1_CampaignRef, callback: grpc.requestCallback<_herald_messaging_v1_CancelCampaignResponse__Output>): grpc.ClientUnaryCall;
  
  CheckSender(argument: _herald_messaging_v1_VerifyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  CheckSender(argument: _herald_messaging_v1_VerifyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  CheckSender(argument: _herald_messaging_v1_VerifyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  CheckSender(argument: _herald_messaging_v1_VerifyRequest, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  checkSender(argument: _herald_messaging_v1_VerifyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  checkSender(argument: _herald_messaging_v1_VerifyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  checkSender(argument: _herald_messaging_v1_VerifyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  checkSender(argument: _herald_messaging_v1_VerifyRequest, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  CreateTemplate(argument: _herald_messaging_v1_TemplateWrite, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  CreateTemplate(argument: _herald_messaging_v1_TemplateWrite, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  CreateTemplate(argument: _herald_messaging_v1_TemplateWrite, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  CreateTemplate(argument: _herald_messaging_v1_TemplateWrite, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  createTemplate(argument: _herald_messaging_v1_TemplateWrite, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  createTemplate(argument: _herald_messaging_v1_TemplateWrite, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  createTemplate(argument: _herald_messaging_v1_TemplateWrite, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  createTemplate(argument: _herald_messaging_v1_TemplateWrite, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteTemplate(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteTemplate(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteTemplate(argument: _herald_messaging_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteTemplate(argument: _herald_messaging_v1_IdRequest, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteTemplate(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteTemplate(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteTemplate(argument: _herald_messaging_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteTemplate(argument: _herald_messaging_v1_IdRequest, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  Deliverability(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_DeliverabilityResponse__Output>): grpc.ClientUnaryCall;
  Deliverability(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_DeliverabilityResponse__Output>): grpc.ClientUnaryCall;
  Deliverability(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_DeliverabilityResponse__Output>): grpc.ClientUnaryCall;
  Deliverability(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_messaging_v1_DeliverabilityResponse__Output>): grpc.ClientUnaryCall;
  deliverability(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_DeliverabilityResponse__Output>): grpc.ClientUnaryCall;
  deliverability(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_DeliverabilityResponse__Output>): grpc.ClientUnaryCall;
  deliverability(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_DeliverabilityResponse__Output>): grpc.ClientUnaryCall;
  deliverability(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_messaging_v1_DeliverabilityResponse__Output>): grpc.ClientUnaryCall;
  
  DevMailbox(argument: _herald_messaging_v1_DevMailboxRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_DevMailboxResponse__Output>): grpc.ClientUnaryCall;
  DevMailbox(argument: _herald_messaging_v1_DevMailboxRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_DevMailboxResponse__Output>): grpc.ClientUnaryCall;
  DevMailbox(argument: _herald_messaging_v1_DevMailboxRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_DevMailboxResponse__Output>): grpc.ClientUnaryCall;
  DevMailbox(argument: _herald_messaging_v1_DevMailboxRequest, callback: grpc.requestCallback<_herald_messaging_v1_DevMailboxResponse__Output>): grpc.ClientUnaryCall;
  devMailbox(argument: _herald_messaging_v1_DevMailboxRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_DevMailboxResponse__Output>): grpc.ClientUnaryCall;
  devMailbox(argument: _herald_messaging_v1_DevMailboxRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_DevMailboxResponse__Output>): grpc.ClientUnaryCall;
  devMailbox(argument: _herald_messaging_v1_DevMailboxRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_DevMailboxResponse__Output>): grpc.ClientUnaryCall;
  devMailbox(argument: _herald_messaging_v1_DevMailboxRequest, callback: grpc.requestCallback<_herald_messaging_v1_DevMailboxResponse__Output>): grpc.ClientUnaryCall;
  
  DomainCompliance(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_ComplianceResponse__Output>): grpc.ClientUnaryCall;
  DomainCompliance(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_ComplianceResponse__Output>): grpc.ClientUnaryCall;
  DomainCompliance(argument: _herald_messaging_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_ComplianceResponse__Output>): grpc.ClientUnaryCall;
  DomainCompliance(argument: _herald_messaging_v1_IdRequest, callback: grpc.requestCallback<_herald_messaging_v1_ComplianceResponse__Output>): grpc.ClientUnaryCall;
  domainCompliance(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_ComplianceResponse__Output>): grpc.ClientUnaryCall;
  domainCompliance(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_ComplianceResponse__Output>): grpc.ClientUnaryCall;
  domainCompliance(argument: _herald_messaging_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_ComplianceResponse__Output>): grpc.ClientUnaryCall;
  domainCompliance(argument: _herald_messaging_v1_IdRequest, callback: grpc.requestCallback<_herald_messaging_v1_ComplianceResponse__Output>): grpc.ClientUnaryCall;
  
  DomainGuardrails(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_GuardrailsResponse__Output>): grpc.ClientUnaryCall;
  DomainGuardrails(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_GuardrailsResponse__Output>): grpc.ClientUnaryCall;
  DomainGuardrails(argument: _herald_messaging_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_GuardrailsResponse__Output>): grpc.ClientUnaryCall;
  DomainGuardrails(argument: _herald_messaging_v1_IdRequest, callback: grpc.requestCallback<_herald_messaging_v1_GuardrailsResponse__Output>): grpc.ClientUnaryCall;
  domainGuardrails(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_GuardrailsResponse__Output>): grpc.ClientUnaryCall;
  domainGuardrails(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_GuardrailsResponse__Output>): grpc.ClientUnaryCall;
  domainGuardrails(argument: _herald_messaging_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_GuardrailsResponse__Output>): grpc.ClientUnaryCall;
  domainGuardrails(argument: _herald_messaging_v1_IdRequest, callback: grpc.requestCallback<_herald_messaging_v1_GuardrailsResponse__Output>): grpc.ClientUnaryCall;
  
  DomainWarmup(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_WarmupResponse__Output>): grpc.ClientUnaryCall;
  DomainWarmup(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_WarmupResponse__Output>): grpc.ClientUnaryCall;
  DomainWarmup(argument: _herald_messaging_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_WarmupResponse__Output>): grpc.ClientUnaryCall;
  DomainWarmup(argument: _herald_messaging_v1_IdRequest, callback: grpc.requestCallback<_herald_messaging_v1_WarmupResponse__Output>): grpc.ClientUnaryCall;
  domainWarmup(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_WarmupResponse__Output>): grpc.ClientUnaryCall;
  domainWarmup(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_WarmupResponse__Output>): grpc.ClientUnaryCall;
  domainWarmup(argument: _herald_messaging_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_WarmupResponse__Output>): grpc.ClientUnaryCall;
  domainWarmup(argument: _herald_messaging_v1_IdRequest, callback: grpc.requestCallback<_herald_messaging_v1_WarmupResponse__Output>): grpc.ClientUnaryCall;
  
  DuplicateTemplate(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  DuplicateTemplate(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  DuplicateTemplate(argument: _herald_messaging_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  DuplicateTemplate(argument: _herald_messaging_v1_IdRequest, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  duplicateTemplate(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  duplicateTemplate(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  duplicateTemplate(argument: _herald_messaging_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  duplicateTemplate(argument: _herald_messaging_v1_IdRequest, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  
  EnqueueCampaign(argument: _herald_messaging_v1_EnqueueCampaignRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_EnqueueCampaignResponse__Output>): grpc.ClientUnaryCall;
  EnqueueCampaign(argument: _herald_messaging_v1_EnqueueCampaignRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_EnqueueCampaignResponse__Output>): grpc.ClientUnaryCall;
  EnqueueCampaign(argument: _herald_messaging_v1_EnqueueCampaignRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_EnqueueCampaignResponse__Output>): grpc.ClientUnaryCall;
  EnqueueCampaign(argument: _herald_messaging_v1_EnqueueCampaignRequest, callback: grpc.requestCallback<_herald_messaging_v1_EnqueueCampaignResponse__Output>): grpc.ClientUnaryCall;
  enqueueCampaign(argument: _herald_messaging_v1_EnqueueCampaignRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_EnqueueCampaignResponse__Output>): grpc.ClientUnaryCall;
  enqueueCampaign(argument: _herald_messaging_v1_EnqueueCampaignRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_EnqueueCampaignResponse__Output>): grpc.ClientUnaryCall;
  enqueueCampaign(argument: _herald_messaging_v1_EnqueueCampaignRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_EnqueueCampaignResponse__Output>): grpc.ClientUnaryCall;
  enqueueCampaign(argument: _herald_messaging_v1_EnqueueCampaignRequest, callback: grpc.requestCallback<_herald_messaging_v1_EnqueueCampaignResponse__Output>): grpc.ClientUnaryCall;
  
  GetImage(argument: _herald_messaging_v1_GetImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_ImageContent__Output>): grpc.ClientUnaryCall;
  GetImage(argument: _herald_messaging_v1_GetImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_ImageContent__Output>): grpc.ClientUnaryCall;
  GetImage(argument: _herald_messaging_v1_GetImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_ImageContent__Output>): grpc.ClientUnaryCall;
  GetImage(argument: _herald_messaging_v1_GetImageRequest, callback: grpc.requestCallback<_herald_messaging_v1_ImageContent__Output>): grpc.ClientUnaryCall;
  getImage(argument: _herald_messaging_v1_GetImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_ImageContent__Output>): grpc.ClientUnaryCall;
  getImage(argument: _herald_messaging_v1_GetImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_ImageContent__Output>): grpc.ClientUnaryCall;
  getImage(argument: _herald_messaging_v1_GetImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_ImageContent__Output>): grpc.ClientUnaryCall;
  getImage(argument: _herald_messaging_v1_GetImageRequest, callback: grpc.requestCallback<_herald_messaging_v1_ImageContent__Output>): grpc.ClientUnaryCall;
  
  GetInbound(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_InboundMessage__Output>): grpc.ClientUnaryCall;
  GetInbound(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_InboundMessage__Output>): grpc.ClientUnaryCall;
  GetInbound(argument: _herald_messaging_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_InboundMessage__Output>): grpc.ClientUnaryCall;
  GetInbound(argument: _herald_messaging_v1_IdRequest, callback: grpc.requestCallback<_herald_messaging_v1_InboundMessage__Output>): grpc.ClientUnaryCall;
  getInbound(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_InboundMessage__Output>): grpc.ClientUnaryCall;
  getInbound(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_InboundMessage__Output>): grpc.ClientUnaryCall;
  getInbound(argument: _herald_messaging_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_InboundMessage__Output>): grpc.ClientUnaryCall;
  getInbound(argument: _herald_messaging_v1_IdRequest, callback: grpc.requestCallback<_herald_messaging_v1_InboundMessage__Output>): grpc.ClientUnaryCall;
  
  GetInboundRaw(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_InboundRaw__Output>): grpc.ClientUnaryCall;
  GetInboundRaw(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_InboundRaw__Output>): grpc.ClientUnaryCall;
  GetInboundRaw(argument: _herald_messaging_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_InboundRaw__Output>): grpc.ClientUnaryCall;
  GetInboundRaw(argument: _herald_messaging_v1_IdRequest, callback: grpc.requestCallback<_herald_messaging_v1_InboundRaw__Output>): grpc.ClientUnaryCall;
  getInboundRaw(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_InboundRaw__Output>): grpc.ClientUnaryCall;
  getInboundRaw(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_InboundRaw__Output>): grpc.ClientUnaryCall;
  getInboundRaw(argument: _herald_messaging_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_InboundRaw__Output>): grpc.ClientUnaryCall;
  getInboundRaw(argument: _herald_messaging_v1_IdRequest, callback: grpc.requestCallback<_herald_messaging_v1_InboundRaw__Output>): grpc.ClientUnaryCall;
  
  GetSubscription(argument: _herald_messaging_v1_TokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_SubscriptionResponse__Output>): grpc.ClientUnaryCall;
  GetSubscription(argument: _herald_messaging_v1_TokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_SubscriptionResponse__Output>): grpc.ClientUnaryCall;
  GetSubscription(argument: _herald_messaging_v1_TokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_SubscriptionResponse__Output>): grpc.ClientUnaryCall;
  GetSubscription(argument: _herald_messaging_v1_TokenRequest, callback: grpc.requestCallback<_herald_messaging_v1_SubscriptionResponse__Output>): grpc.ClientUnaryCall;
  getSubscription(argument: _herald_messaging_v1_TokenRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_SubscriptionResponse__Output>): grpc.ClientUnaryCall;
  getSubscription(argument: _herald_messaging_v1_TokenRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_SubscriptionResponse__Output>): grpc.ClientUnaryCall;
  getSubscription(argument: _herald_messaging_v1_TokenRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_SubscriptionResponse__Output>): grpc.ClientUnaryCall;
  getSubscription(argument: _herald_messaging_v1_TokenRequest, callback: grpc.requestCallback<_herald_messaging_v1_SubscriptionResponse__Output>): grpc.ClientUnaryCall;
  
  GetTemplate(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  GetTemplate(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  GetTemplate(argument: _herald_messaging_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  GetTemplate(argument: _herald_messaging_v1_IdRequest, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  getTemplate(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  getTemplate(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  getTemplate(argument: _herald_messaging_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  getTemplate(argument: _herald_messaging_v1_IdRequest, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  
  HandleMailNotification(argument: _herald_messaging_v1_NotificationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_NotificationResponse__Output>): grpc.ClientUnaryCall;
  HandleMailNotification(argument: _herald_messaging_v1_NotificationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_NotificationResponse__Output>): grpc.ClientUnaryCall;
  HandleMailNotification(argument: _herald_messaging_v1_NotificationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_NotificationResponse__Output>): grpc.ClientUnaryCall;
  HandleMailNotification(argument: _herald_messaging_v1_NotificationRequest, callback: grpc.requestCallback<_herald_messaging_v1_NotificationResponse__Output>): grpc.ClientUnaryCall;
  handleMailNotification(argument: _herald_messaging_v1_NotificationRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_NotificationResponse__Output>): grpc.ClientUnaryCall;
  handleMailNotification(argument: _herald_messaging_v1_NotificationRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_NotificationResponse__Output>): grpc.ClientUnaryCall;
  handleMailNotification(argument: _herald_messaging_v1_NotificationRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_NotificationResponse__Output>): grpc.ClientUnaryCall;
  handleMailNotification(argument: _herald_messaging_v1_NotificationRequest, callback: grpc.requestCallback<_herald_messaging_v1_NotificationResponse__Output>): grpc.ClientUnaryCall;
  
  ListTemplates(argument: _herald_messaging_v1_ListTemplatesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_ListTemplatesResponse__Output>): grpc.ClientUnaryCall;
  ListTemplates(argument: _herald_messaging_v1_ListTemplatesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_ListTemplatesResponse__Output>): grpc.ClientUnaryCall;
  ListTemplates(argument: _herald_messaging_v1_ListTemplatesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_ListTemplatesResponse__Output>): grpc.ClientUnaryCall;
  ListTemplates(argument: _herald_messaging_v1_ListTemplatesRequest, callback: grpc.requestCallback<_herald_messaging_v1_ListTemplatesResponse__Output>): grpc.ClientUnaryCall;
  listTemplates(argument: _herald_messaging_v1_ListTemplatesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_ListTemplatesResponse__Output>): grpc.ClientUnaryCall;
  listTemplates(argument: _herald_messaging_v1_ListTemplatesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_ListTemplatesResponse__Output>): grpc.ClientUnaryCall;
  listTemplates(argument: _herald_messaging_v1_ListTemplatesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_ListTemplatesResponse__Output>): grpc.ClientUnaryCall;
  listTemplates(argument: _herald_messaging_v1_ListTemplatesRequest, callback: grpc.requestCallback<_herald_messaging_v1_ListTemplatesResponse__Output>): grpc.ClientUnaryCall;
  
  PutImage(argument: _herald_messaging_v1_PutImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_StoredImage__Output>): grpc.ClientUnaryCall;
  PutImage(argument: _herald_messaging_v1_PutImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_StoredImage__Output>): grpc.ClientUnaryCall;
  PutImage(argument: _herald_messaging_v1_PutImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_StoredImage__Output>): grpc.ClientUnaryCall;
  PutImage(argument: _herald_messaging_v1_PutImageRequest, callback: grpc.requestCallback<_herald_messaging_v1_StoredImage__Output>): grpc.ClientUnaryCall;
  putImage(argument: _herald_messaging_v1_PutImageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_StoredImage__Output>): grpc.ClientUnaryCall;
  putImage(argument: _herald_messaging_v1_PutImageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_StoredImage__Output>): grpc.ClientUnaryCall;
  putImage(argument: _herald_messaging_v1_PutImageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_StoredImage__Output>): grpc.ClientUnaryCall;
  putImage(argument: _herald_messaging_v1_PutImageRequest, callback: grpc.requestCallback<_herald_messaging_v1_StoredImage__Output>): grpc.ClientUnaryCall;
  
  RecordClick(argument: _herald_messaging_v1_TrackRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_ClickResponse__Output>): grpc.ClientUnaryCall;
  RecordClick(argument: _herald_messaging_v1_TrackRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_ClickResponse__Output>): grpc.ClientUnaryCall;
  RecordClick(argument: _herald_messaging_v1_TrackRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_ClickResponse__Output>): grpc.ClientUnaryCall;
  RecordClick(argument: _herald_messaging_v1_TrackRequest, callback: grpc.requestCallback<_herald_messaging_v1_ClickResponse__Output>): grpc.ClientUnaryCall;
  recordClick(argument: _herald_messaging_v1_TrackRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_ClickResponse__Output>): grpc.ClientUnaryCall;
  recordClick(argument: _herald_messaging_v1_TrackRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_ClickResponse__Output>): grpc.ClientUnaryCall;
  recordClick(argument: _herald_messaging_v1_TrackRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_ClickResponse__Output>): grpc.ClientUnaryCall;
  recordClick(argument: _herald_messaging_v1_TrackRequest, callback: grpc.requestCallback<_herald_messaging_v1_ClickResponse__Output>): grpc.ClientUnaryCall;
  
  RecordOpen(argument: _herald_messaging_v1_TrackRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  RecordOpen(argument: _herald_messaging_v1_TrackRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  RecordOpen(argument: _herald_messaging_v1_TrackRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  RecordOpen(argument: _herald_messaging_v1_TrackRequest, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  recordOpen(argument: _herald_messaging_v1_TrackRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  recordOpen(argument: _herald_messaging_v1_TrackRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  recordOpen(argument: _herald_messaging_v1_TrackRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  recordOpen(argument: _herald_messaging_v1_TrackRequest, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  ResumeDomain(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_GuardrailsResponse__Output>): grpc.ClientUnaryCall;
  ResumeDomain(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_GuardrailsResponse__Output>): grpc.ClientUnaryCall;
  ResumeDomain(argument: _herald_messaging_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_GuardrailsResponse__Output>): grpc.ClientUnaryCall;
  ResumeDomain(argument: _herald_messaging_v1_IdRequest, callback: grpc.requestCallback<_herald_messaging_v1_GuardrailsResponse__Output>): grpc.ClientUnaryCall;
  resumeDomain(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_GuardrailsResponse__Output>): grpc.ClientUnaryCall;
  resumeDomain(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_GuardrailsResponse__Output>): grpc.ClientUnaryCall;
  resumeDomain(argument: _herald_messaging_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_GuardrailsResponse__Output>): grpc.ClientUnaryCall;
  resumeDomain(argument: _herald_messaging_v1_IdRequest, callback: grpc.requestCallback<_herald_messaging_v1_GuardrailsResponse__Output>): grpc.ClientUnaryCall;
  
  Security(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_SecurityResponse__Output>): grpc.ClientUnaryCall;
  Security(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_SecurityResponse__Output>): grpc.ClientUnaryCall;
  Security(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_SecurityResponse__Output>): grpc.ClientUnaryCall;
  Security(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_messaging_v1_SecurityResponse__Output>): grpc.ClientUnaryCall;
  security(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_SecurityResponse__Output>): grpc.ClientUnaryCall;
  security(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_SecurityResponse__Output>): grpc.ClientUnaryCall;
  security(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_SecurityResponse__Output>): grpc.ClientUnaryCall;
  security(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_messaging_v1_SecurityResponse__Output>): grpc.ClientUnaryCall;
  
  SendMany(argument: _herald_messaging_v1_SendManyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_SendManyResponse__Output>): grpc.ClientUnaryCall;
  SendMany(argument: _herald_messaging_v1_SendManyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_SendManyResponse__Output>): grpc.ClientUnaryCall;
  SendMany(argument: _herald_messaging_v1_SendManyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_SendManyResponse__Output>): grpc.ClientUnaryCall;
  SendMany(argument: _herald_messaging_v1_SendManyRequest, callback: grpc.requestCallback<_herald_messaging_v1_SendManyResponse__Output>): grpc.ClientUnaryCall;
  sendMany(argument: _herald_messaging_v1_SendManyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_SendManyResponse__Output>): grpc.ClientUnaryCall;
  sendMany(argument: _herald_messaging_v1_SendManyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_SendManyResponse__Output>): grpc.ClientUnaryCall;
  sendMany(argument: _herald_messaging_v1_SendManyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_SendManyResponse__Output>): grpc.ClientUnaryCall;
  sendMany(argument: _herald_messaging_v1_SendManyRequest, callback: grpc.requestCallback<_herald_messaging_v1_SendManyResponse__Output>): grpc.ClientUnaryCall;
  
  SendSystemEmail(argument: _herald_messaging_v1_SystemEmailRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  SendSystemEmail(argument: _herald_messaging_v1_SystemEmailRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  SendSystemEmail(argument: _herald_messaging_v1_SystemEmailRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  SendSystemEmail(argument: _herald_messaging_v1_SystemEmailRequest, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  sendSystemEmail(argument: _herald_messaging_v1_SystemEmailRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  sendSystemEmail(argument: _herald_messaging_v1_SystemEmailRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  sendSystemEmail(argument: _herald_messaging_v1_SystemEmailRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  sendSystemEmail(argument: _herald_messaging_v1_SystemEmailRequest, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  SendWorkflowEmail(argument: _herald_messaging_v1_WorkflowEmailRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_WorkflowEmailResponse__Output>): grpc.ClientUnaryCall;
  SendWorkflowEmail(argument: _herald_messaging_v1_WorkflowEmailRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_WorkflowEmailResponse__Output>): grpc.ClientUnaryCall;
  SendWorkflowEmail(argument: _herald_messaging_v1_WorkflowEmailRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_WorkflowEmailResponse__Output>): grpc.ClientUnaryCall;
  SendWorkflowEmail(argument: _herald_messaging_v1_WorkflowEmailRequest, callback: grpc.requestCallback<_herald_messaging_v1_WorkflowEmailResponse__Output>): grpc.ClientUnaryCall;
  sendWorkflowEmail(argument: _herald_messaging_v1_WorkflowEmailRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_WorkflowEmailResponse__Output>): grpc.ClientUnaryCall;
  sendWorkflowEmail(argument: _herald_messaging_v1_WorkflowEmailRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_WorkflowEmailResponse__Output>): grpc.ClientUnaryCall;
  sendWorkflowEmail(argument: _herald_messaging_v1_WorkflowEmailRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_WorkflowEmailResponse__Output>): grpc.ClientUnaryCall;
  sendWorkflowEmail(argument: _herald_messaging_v1_WorkflowEmailRequest, callback: grpc.requestCallback<_herald_messaging_v1_WorkflowEmailResponse__Output>): grpc.ClientUnaryCall;
  
  SetSubscription(argument: _herald_messaging_v1_SetSubscriptionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_SubscriptionResponse__Output>): grpc.ClientUnaryCall;
  SetSubscription(argument: _herald_messaging_v1_SetSubscriptionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_SubscriptionResponse__Output>): grpc.ClientUnaryCall;
  SetSubscription(argument: _herald_messaging_v1_SetSubscriptionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_SubscriptionResponse__Output>): grpc.ClientUnaryCall;
  SetSubscription(argument: _herald_messaging_v1_SetSubscriptionRequest, callback: grpc.requestCallback<_herald_messaging_v1_SubscriptionResponse__Output>): grpc.ClientUnaryCall;
  setSubscription(argument: _herald_messaging_v1_SetSubscriptionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_SubscriptionResponse__Output>): grpc.ClientUnaryCall;
  setSubscription(argument: _herald_messaging_v1_SetSubscriptionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_SubscriptionResponse__Output>): grpc.ClientUnaryCall;
  setSubscription(argument: _herald_messaging_v1_SetSubscriptionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_SubscriptionResponse__Output>): grpc.ClientUnaryCall;
  setSubscription(argument: _herald_messaging_v1_SetSubscriptionRequest, callback: grpc.requestCallback<_herald_messaging_v1_SubscriptionResponse__Output>): grpc.ClientUnaryCall;
  
  StorageStatus(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_StorageStatusResponse__Output>): grpc.ClientUnaryCall;
  StorageStatus(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_StorageStatusResponse__Output>): grpc.ClientUnaryCall;
  StorageStatus(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_StorageStatusResponse__Output>): grpc.ClientUnaryCall;
  StorageStatus(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_messaging_v1_StorageStatusResponse__Output>): grpc.ClientUnaryCall;
  storageStatus(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_StorageStatusResponse__Output>): grpc.ClientUnaryCall;
  storageStatus(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_StorageStatusResponse__Output>): grpc.ClientUnaryCall;
  storageStatus(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_StorageStatusResponse__Output>): grpc.ClientUnaryCall;
  storageStatus(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_messaging_v1_StorageStatusResponse__Output>): grpc.ClientUnaryCall;
  
  TemplateUsage(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_TemplateUsageResponse__Output>): grpc.ClientUnaryCall;
  TemplateUsage(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_TemplateUsageResponse__Output>): grpc.ClientUnaryCall;
  TemplateUsage(argument: _herald_messaging_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_TemplateUsageResponse__Output>): grpc.ClientUnaryCall;
  TemplateUsage(argument: _herald_messaging_v1_IdRequest, callback: grpc.requestCallback<_herald_messaging_v1_TemplateUsageResponse__Output>): grpc.ClientUnaryCall;
  templateUsage(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_TemplateUsageResponse__Output>): grpc.ClientUnaryCall;
  templateUsage(argument: _herald_messaging_v1_IdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_TemplateUsageResponse__Output>): grpc.ClientUnaryCall;
  templateUsage(argument: _herald_messaging_v1_IdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_TemplateUsageResponse__Output>): grpc.ClientUnaryCall;
  templateUsage(argument: _herald_messaging_v1_IdRequest, callback: grpc.requestCallback<_herald_messaging_v1_TemplateUsageResponse__Output>): grpc.ClientUnaryCall;
  
  UpdateTemplate(argument: _herald_messaging_v1_TemplateWrite, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  UpdateTemplate(argument: _herald_messaging_v1_TemplateWrite, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  UpdateTemplate(argument: _herald_messaging_v1_TemplateWrite, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  UpdateTemplate(argument: _herald_messaging_v1_TemplateWrite, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  updateTemplate(argument: _herald_messaging_v1_TemplateWrite, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  updateTemplate(argument: _herald_messaging_v1_TemplateWrite, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  updateTemplate(argument: _herald_messaging_v1_TemplateWrite, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  updateTemplate(argument: _herald_messaging_v1_TemplateWrite, callback: grpc.requestCallback<_herald_messaging_v1_TemplateResponse__Output>): grpc.ClientUnaryCall;
  
  UpdateWarmup(argument: _herald_messaging_v1_WarmupUpdate, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_WarmupResponse__Output>): grpc.ClientUnaryCall;
  UpdateWarmup(argument: _herald_messaging_v1_WarmupUpdate, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_WarmupResponse__Output>): grpc.ClientUnaryCall;
  UpdateWarmup(argument: _herald_messaging_v1_WarmupUpdate, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_WarmupResponse__Output>): grpc.ClientUnaryCall;
  UpdateWarmup(argument: _herald_messaging_v1_WarmupUpdate, callback: grpc.requestCallback<_herald_messaging_v1_WarmupResponse__Output>): grpc.ClientUnaryCall;
  updateWarmup(argument: _herald_messaging_v1_WarmupUpdate, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_WarmupResponse__Output>): grpc.ClientUnaryCall;
  updateWarmup(argument: _herald_messaging_v1_WarmupUpdate, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_WarmupResponse__Output>): grpc.ClientUnaryCall;
  updateWarmup(argument: _herald_messaging_v1_WarmupUpdate, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_WarmupResponse__Output>): grpc.ClientUnaryCall;
  updateWarmup(argument: _herald_messaging_v1_WarmupUpdate, callback: grpc.requestCallback<_herald_messaging_v1_WarmupResponse__Output>): grpc.ClientUnaryCall;
  
  Verify(argument: _herald_messaging_v1_VerifyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_VerifyResponse__Output>): grpc.ClientUnaryCall;
  Verify(argument: _herald_messaging_v1_VerifyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_VerifyResponse__Output>): grpc.ClientUnaryCall;
  Verify(argument: _herald_messaging_v1_VerifyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_VerifyResponse__Output>): grpc.ClientUnaryCall;
  Verify(argument: _herald_messaging_v1_VerifyRequest, callback: grpc.requestCallback<_herald_messaging_v1_VerifyResponse__Output>): grpc.ClientUnaryCall;
  verify(argument: _herald_messaging_v1_VerifyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_VerifyResponse__Output>): grpc.ClientUnaryCall;
  verify(argument: _herald_messaging_v1_VerifyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_messaging_v1_VerifyResponse__Output>): grpc.ClientUnaryCall;
  verify(argument: _herald_messaging_v1_VerifyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_messaging_v1_VerifyResponse__Output>): grpc.ClientUnaryCall;
  verify(argument: _herald_messaging_v1_VerifyRequest, callback: grpc.requestCallback<_herald_messaging_v1_VerifyResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface MessagingHandlers extends grpc.UntypedServiceImplementation {
  CampaignFinish: grpc.handleUnaryCall<_herald_messaging_v1_CampaignFinishRequest__Output, _herald_messaging_v1_CampaignFinishResponse>;
  
  CampaignProgress: grpc.handleUnaryCall<_herald_messaging_v1_CampaignRef__Output, _herald_messaging_v1_CampaignProgressResponse>;
  
  CancelCampaign: grpc.handleUnaryCall<_herald_messaging_v1_CampaignRef__Output, _herald_messaging_v1_CancelCampaignResponse>;
  
  CheckSender: grpc.handleUnaryCall<_herald_messaging_v1_VerifyRequest__Output, _herald_common_v1_Empty>;
  
  CreateTemplate: grpc.handleUnaryCall<_herald_messaging_v1_TemplateWrite__Output, _herald_messaging_v1_TemplateResponse>;
  
  DeleteTemplate: grpc.handleUnaryCall<_herald_messaging_v1_IdRequest__Output, _herald_common_v1_Empty>;
  
  Deliverability: grpc.handleUnaryCall<_herald_common_v1_Empty__Output, _herald_messaging_v1_DeliverabilityResponse>;
  
  DevMailbox: grpc.handleUnaryCall<_herald_messaging_v1_DevMailboxRequest__Output, _herald_messaging_v1_DevMailboxResponse>;
  
  DomainCompliance: grpc.handleUnaryCall<_herald_messaging_v1_IdRequest__Output, _herald_messaging_v1_ComplianceResponse>;
  
  DomainGuardrails: grpc.handleUnaryCall<_herald_messaging_v1_IdRequest__Output, _herald_messaging_v1_GuardrailsResponse>;
  
  DomainWarmup: grpc.handleUnaryCall<_herald_messaging_v1_IdRequest__Output, _herald_messaging_v1_WarmupResponse>;
  
  DuplicateTemplate: grpc.handleUnaryCall<_herald_messaging_v1_IdRequest__Output, _herald_messaging_v1_TemplateResponse>;
  
  EnqueueCampaign: grpc.handleUnaryCall<_herald_messaging_v1_EnqueueCampaignRequest__Output, _herald_messaging_v1_EnqueueCampaignResponse>;
  
  GetImage: grpc.handleUnaryCall<_herald_messaging_v1_GetImageRequest__Output, _herald_messaging_v1_ImageContent>;
  
  GetInbound: grpc.handleUnaryCall<_herald_messaging_v1_IdRequest__Output, _herald_messaging_v1_InboundMessage>;
  
  GetInboundRaw: grpc.handleUnaryCall<_herald_messaging_v1_IdRequest__Output, _herald_messaging_v1_InboundRaw>;
  
  GetSubscription: grpc.handleUnaryCall<_herald_messaging_v1_TokenRequest__Output, _herald_messaging_v1_SubscriptionResponse>;
  
  GetTemplate: grpc.handleUnaryCall<_herald_messaging_v1_IdRequest__Output, _herald_messaging_v1_TemplateResponse>;
  
  HandleMailNotification: grpc.handleUnaryCall<_herald_messaging_v1_NotificationRequest__Output, _herald_messaging_v1_NotificationResponse>;
  
  ListTemplates: grpc.handleUnaryCall<_herald_messaging_v1_ListTemplatesRequest__Output, _herald_messaging_v1_ListTemplatesResponse>;
  
  PutImage: grpc.handleUnaryCall<_herald_messaging_v1_PutImageRequest__Output, _herald_messaging_v1_StoredImage>;
  
  RecordClick: grpc.handleUnaryCall<_herald_messaging_v1_TrackRequest__Output, _herald_messaging_v1_ClickResponse>;
  
  RecordOpen: grpc.handleUnaryCall<_herald_messaging_v1_TrackRequest__Output, _herald_common_v1_Empty>;
  
  ResumeDomain: grpc.handleUnaryCall<_herald_messaging_v1_IdRequest__Output, _herald_messaging_v1_GuardrailsResponse>;
  
  Security: grpc.handleUnaryCall<_herald_common_v1_Empty__Output, _herald_messaging_v1_SecurityResponse>;
  
  SendMany: grpc.handleUnaryCall<_herald_messaging_v1_SendManyRequest__Output, _herald_messaging_v1_SendManyResponse>;
  
  SendSystemEmail: grpc.handleUnaryCall<_herald_messaging_v1_SystemEmailRequest__Output, _herald_common_v1_Empty>;
  
  SendWorkflowEmail: grpc.handleUnaryCall<_herald_messaging_v1_WorkflowEmailRequest__Output, _herald_messaging_v1_WorkflowEmailResponse>;
  
  SetSubscription: grpc.handleUnaryCall<_herald_messaging_v1_SetSubscriptionRequest__Output, _herald_messaging_v1_SubscriptionResponse>;
  
  StorageStatus: grpc.handleUnaryCall<_herald_common_v1_Empty__Output, _herald_messaging_v1_StorageStatusResponse>;
  
  TemplateUsage: grpc.handleUnaryCall<_herald_messaging_v1_IdRequest__Output, _herald_messaging_v1_TemplateUsageResponse>;
  
  UpdateTemplate: grpc.handleUnaryCall<_herald_messaging_v1_TemplateWrite__Output, _herald_messaging_v1_TemplateResponse>;
  
  UpdateWarmup: grpc.handleUnaryCall<_herald_messaging_v1_WarmupUpdate__Output, _herald_messaging_v1_WarmupResponse>;
  
  Verify: grpc.handleUnaryCall<_herald_messaging_v1_VerifyRequest__Output, _herald_messaging_v1_VerifyResponse>;
  
}

export interface MessagingDefinition extends grpc.ServiceDefinition {
  CampaignFinish: MethodDefinition<_herald_messaging_v1_CampaignFinishRequest, _herald_messaging_v1_CampaignFinishResponse, _herald_messaging_v1_CampaignFinishRequest__Output, _herald_messaging_v1_CampaignFinishResponse__Output>
  CampaignProgress: MethodDefinition<_herald_messaging_v1_CampaignRef, _herald_messaging_v1_CampaignProgressResponse, _herald_messaging_v1_CampaignRef__Output, _herald_messaging_v1_CampaignProgressResponse__Output>
  CancelCampaign: MethodDefinition<_herald_messaging_v1_CampaignRef, _herald_messaging_v1_CancelCampaignResponse, _herald_messaging_v1_CampaignRef__Output, _herald_messaging_v1_CancelCampaignResponse__Output>
  CheckSender: MethodDefinition<_herald_messaging_v1_VerifyRequest, _herald_common_v1_Empty, _herald_messaging_v1_VerifyRequest__Output, _herald_common_v1_Empty__Output>
  CreateTemplate: MethodDefinition<_herald_messaging_v1_TemplateWrite, _herald_messaging_v1_TemplateResponse, _herald_messaging_v1_TemplateWrite__Output, _herald_messaging_v1_TemplateResponse__Output>
  DeleteTemplate: MethodDefinition<_herald_messaging_v1_IdRequest, _herald_common_v1_Empty, _herald_messaging_v1_IdRequest__Output, _herald_common_v1_Empty__Output>
  Deliverability: MethodDefinition<_herald_common_v1_Empty, _herald_messaging_v1_DeliverabilityResponse, _herald_common_v1_Empty__Output, _herald_messaging_v1_DeliverabilityResponse__Output>
  DevMailbox: MethodDefinition<_herald_messaging_v1_DevMailboxRequest, _herald_messaging_v1_DevMailboxResponse, _herald_messaging_v1_DevMailboxRequest__Output, _herald_messaging_v1_DevMailboxResponse__Output>
  DomainCompliance: MethodDefinition<_herald_messaging_v1_IdRequest, _herald_messaging_v1_ComplianceResponse, _herald_messaging_v1_IdRequest__Output, _herald_messaging_v1_ComplianceResponse__Output>
  DomainGuardrails: MethodDefinition<_herald_messaging_v1_IdRequest, _herald_messaging_v1_GuardrailsResponse, _herald_messaging_v1_IdRequest__Output, _herald_messaging_v1_GuardrailsResponse__Output>
  DomainWarmup: MethodDefinition<_herald_messaging_v1_IdRequest, _herald_messaging_v1_WarmupResponse, _herald_messaging_v1_IdRequest__Output, _herald_messaging_v1_WarmupResponse__Output>
  DuplicateTemplate: MethodDefinition<_herald_messaging_v1_IdRequest, _herald_messaging_v1_TemplateResponse, _herald_messaging_v1_IdRequest__Output, _herald_messaging_v1_TemplateResponse__Output>
  EnqueueCampaign: MethodDefinition<_herald_messaging_v1_EnqueueCampaignRequest, _herald_messaging_v1_EnqueueCampaignResponse, _herald_messaging_v1_EnqueueCampaignRequest__Output, _herald_messaging_v1_EnqueueCampaignResponse__Output>
  GetImage: MethodDefinition<_herald_messaging_v1_GetImageRequest, _herald_messaging_v1_ImageContent, _herald_messaging_v1_GetImageRequest__Output, _herald_messaging_v1_ImageContent__Output>
  GetInbound: MethodDefinition<_herald_messaging_v1_IdRequest, _herald_messaging_v1_InboundMessage, _herald_messaging_v1_IdRequest__Output, _herald_messaging_v1_InboundMessage__Output>
  GetInboundRaw: MethodDefinition<_herald_messaging_v1_IdRequest, _herald_messaging_v1_InboundRaw, _herald_messaging_v1_IdRequest__Output, _herald_messaging_v1_InboundRaw__Output>
  GetSubscription: MethodDefinition<_herald_messaging_v1_TokenRequest, _herald_messaging_v1_SubscriptionResponse, _herald_messaging_v1_TokenRequest__Output, _herald_messaging_v1_SubscriptionResponse__Output>
  GetTemplate: MethodDefinition<_herald_messaging_v1_IdRequest, _herald_messaging_v1_TemplateResponse, _herald_messaging_v1_IdRequest__Output, _herald_messaging_v1_TemplateResponse__Output>
  HandleMailNotification: MethodDefinition<_herald_messaging_v1_NotificationRequest, _herald_messaging_v1_NotificationResponse, _herald_messaging_v1_NotificationRequest__Output, _herald_messaging_v1_NotificationResponse__Output>
  ListTemplates: MethodDefinition<_herald_messaging_v1_ListTemplatesRequest, _herald_messaging_v1_ListTemplatesResponse, _herald_messaging_v1_ListTemplatesRequest__Output, _herald_messaging_v1_ListTemplatesResponse__Output>
  PutImage: MethodDefinition<_herald_messaging_v1_PutImageRequest, _herald_messaging_v1_StoredImage, _herald_messaging_v1_PutImageRequest__Output, _herald_messaging_v1_StoredImage__Output>
  RecordClick: MethodDefinition<_herald_messaging_v1_TrackRequest, _herald_messaging_v1_ClickResponse, _herald_messaging_v1_TrackRequest__Output, _herald_messaging_v1_ClickResponse__Output>
  RecordOpen: MethodDefinition<_herald_messaging_v1_TrackRequest, _herald_common_v1_Empty, _herald_messaging_v1_TrackRequest__Output, _herald_common_v1_Empty__Output>
  ResumeDomain: MethodDefinition<_herald_messaging_v1_IdRequest, _herald_messaging_v1_GuardrailsResponse, _herald_messaging_v1_IdRequest__Output, _herald_messaging_v1_GuardrailsResponse__Output>
  Security: MethodDefinition<_herald_common_v1_Empty, _herald_messaging_v1_SecurityResponse, _herald_common_v1_Empty__Output, _herald_messaging_v1_SecurityResponse__Output>
  SendMany: MethodDefinition<_herald_messaging_v1_SendManyRequest, _herald_messaging_v1_SendManyResponse, _herald_messaging_v1_SendManyRequest__Output, _herald_messaging_v1_SendManyResponse__Output>
  SendSystemEmail: MethodDefinition<_herald_messaging_v1_SystemEmailRequest, _herald_common_v1_Empty, _herald_messaging_v1_SystemEmailRequest__Output, _herald_common_v1_Empty__Output>
  SendWorkflowEmail: MethodDefinition<_herald_messaging_v1_WorkflowEmailRequest, _herald_messaging_v1_WorkflowEmailResponse, _herald_messaging_v1_WorkflowEmailRequest__Output, _herald_messaging_v1_WorkflowEmailResponse__Output>
  SetSubscription: MethodDefinition<_herald_messaging_v1_SetSubscriptionRequest, _herald_messaging_v1_SubscriptionResponse, _herald_messaging_v1_SetSubscriptionRequest__Output, _herald_messaging_v1_SubscriptionResponse__Output>
  StorageStatus: MethodDefinition<_herald_common_v1_Empty, _herald_messaging_v1_StorageStatusResponse, _herald_common_v1_Empty__Output, _herald_messaging_v1_StorageStatusResponse__Output>
  TemplateUsage: MethodDefinition<_herald_messaging_v1_IdRequest, _herald_messaging_v1_TemplateUsageResponse, _herald_messaging_v1_IdRequest__Output, _herald_messaging_v1_TemplateUsageResponse__Output>
  UpdateTemplate: MethodDefinition<_herald_messaging_v1_TemplateWrite, _herald_messaging_v1_TemplateResponse, _herald_messaging_v1_TemplateWrite__Output, _herald_messaging_v1_TemplateResponse__Output>
  UpdateWarmup: MethodDefinition<_herald_messaging_v1_WarmupUpdate, _herald_messaging_v1_WarmupResponse, _herald_messaging_v1_WarmupUpdate__Output, _herald_messaging_v1_WarmupResponse__Output>
  Verify: MethodDefinition<_herald_messaging_v1_VerifyRequest, _herald_messaging_v1_VerifyResponse, _herald_messaging_v1_VerifyRequest__Output, _herald_messaging_v1_VerifyResponse__Output>
}
