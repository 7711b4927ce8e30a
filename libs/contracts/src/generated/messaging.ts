import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Empty as _herald_common_v1_Empty, Empty__Output as _herald_common_v1_Empty__Output } from './herald/common/v1/Empty';
import type { Error as _herald_common_v1_Error, Error__Output as _herald_common_v1_Error__Output } from './herald/common/v1/Error';
import type { FieldError as _herald_common_v1_FieldError, FieldError__Output as _herald_common_v1_FieldError__Output } from './herald/common/v1/FieldError';
import type { Ref as _herald_common_v1_Ref, Ref__Output as _herald_common_v1_Ref__Output } from './herald/common/v1/Ref';
import type { CampaignContent as _herald_messaging_v1_CampaignContent, CampaignContent__Output as _herald_messaging_v1_CampaignContent__Output } from './herald/messaging/v1/CampaignContent';
import type { CampaignFinishRequest as _herald_messaging_v1_CampaignFinishRequest, CampaignFinishRequest__Output as _herald_messaging_v1_CampaignFinishRequest__Output } from './herald/messaging/v1/CampaignFinishRequest';
import type { CampaignFinishResponse as _herald_messaging_v1_CampaignFinishResponse, CampaignFinishResponse__Output as _herald_messaging_v1_CampaignFinishResponse__Output } from './herald/messaging/v1/CampaignFinishResponse';
import type { CampaignHold as _herald_messaging_v1_CampaignHold, CampaignHold__Output as _herald_messaging_v1_CampaignHold__Output } from './herald/messaging/v1/CampaignHold';
import type { CampaignProgressResponse as _herald_messaging_v1_CampaignProgressResponse, CampaignProgressResponse__Output as _herald_messaging_v1_CampaignProgressResponse__Output } from './herald/messaging/v1/CampaignProgressResponse';
import type { CampaignRef as _herald_messaging_v1_CampaignRef, CampaignRef__Output as _herald_messaging_v1_CampaignRef__Output } from './herald/messaging/v1/CampaignRef';
import type { CancelCampaignResponse as _herald_messaging_v1_CancelCampaignResponse, CancelCampaignResponse__Output as _herald_messaging_v1_CancelCampaignResponse__Output } from './herald/messaging/v1/CancelCampaignResponse';
import type { ClickResponse as _herald_messaging_v1_ClickResponse, ClickResponse__Output as _herald_messaging_v1_ClickResponse__Output } from './herald/messaging/v1/ClickResponse';
import type { ComplianceCheck as _herald_messaging_v1_ComplianceCheck, ComplianceCheck__Output as _herald_messaging_v1_ComplianceCheck__Output } from './herald/messaging/v1/ComplianceCheck';
import type { ComplianceResponse as _herald_messaging_v1_ComplianceResponse, ComplianceResponse__Output as _herald_messaging_v1_ComplianceResponse__Output } from './herald/messaging/v1/ComplianceResponse';
import type { DeliverabilityResponse as _herald_messaging_v1_DeliverabilityResponse, DeliverabilityResponse__Output as _herald_messaging_v1_DeliverabilityResponse__Output } from './herald/messaging/v1/DeliverabilityResponse';
import type { DevMail as _herald_messaging_v1_DevMail, DevMail__Output as _herald_messaging_v1_DevMail__Output } from './herald/messaging/v1/DevMail';
import type { DevMailboxRequest as _herald_messaging_v1_DevMailboxRequest, DevMailboxRequest__Output as _herald_messaging_v1_DevMailboxRequest__Output } from './herald/messaging/v1/DevMailboxRequest';
import type { DevMailboxResponse as _herald_messaging_v1_DevMailboxResponse, DevMailboxResponse__Output as _herald_messaging_v1_DevMailboxResponse__Output } from './herald/messaging/v1/DevMailboxResponse';
import type { EnqueueCampaignRequest as _herald_messaging_v1_EnqueueCampaignRequest, EnqueueCampaignRequest__Output as _herald_messaging_v1_EnqueueCampaignRequest__Output } from './herald/messaging/v1/EnqueueCampaignRequest';
import type { EnqueueCampaignResponse as _herald_messaging_v1_EnqueueCampaignResponse, EnqueueCampaignResponse__Output as _herald_messaging_v1_EnqueueCampaignResponse__Output } from './herald/messaging/v1/EnqueueCampaignResponse';
import type { GetImageRequest as _herald_messaging_v1_GetImageRequest, GetImageRequest__Output as _herald_messaging_v1_GetImageRequest__Output } from './herald/messaging/v1/GetImageRequest';
import type { GuardrailThresholds as _herald_messaging_v1_GuardrailThresholds, GuardrailThresholds__Output as _herald_messaging_v1_GuardrailThresholds__Output } from './herald/messaging/v1/GuardrailThresholds';
import type { GuardrailWindow as _herald_messaging_v1_GuardrailWindow, GuardrailWindow__Output as _herald_messaging_v1_GuardrailWindow__Output } from './herald/messaging/v1/GuardrailWindow';
import type { GuardrailsResponse as _herald_messaging_v1_GuardrailsResponse, GuardrailsResponse__Output as _herald_messaging_v1_GuardrailsResponse__Output } from './herald/messaging/v1/GuardrailsResponse';
import type { IdRequest as _herald_messaging_v1_IdRequest, IdRequest__Output as _herald_messaging_v1_IdRequest__Output } from './herald/messaging/v1/IdRequest';
import type { ImageContent as _herald_messaging_v1_ImageContent, ImageContent__Output as _herald_messaging_v1_ImageContent__Output } from './herald/messaging/v1/ImageContent';
import type { InReplyTo as _herald_messaging_v1_InReplyTo, InReplyTo__Output as _herald_messaging_v1_InReplyTo__Output } from './herald/messaging/v1/InReplyTo';
import type { InboundIds as _herald_messaging_v1_InboundIds, InboundIds__Output as _herald_messaging_v1_InboundIds__Output } from './herald/messaging/v1/InboundIds';
import type { InboundMessage as _herald_messaging_v1_InboundMessage, InboundMessage__Output as _herald_messaging_v1_InboundMessage__Output } from './herald/messaging/v1/InboundMessage';
import type { InboundRaw as _herald_messaging_v1_InboundRaw, InboundRaw__Output as _herald_messaging_v1_InboundRaw__Output } from './herald/messaging/v1/InboundRaw';
import type { ListTemplatesRequest as _herald_messaging_v1_ListTemplatesRequest, ListTemplatesRequest__Output as _herald_messaging_v1_ListTemplatesRequest__Output } from './herald/messaging/v1/ListTemplatesRequest';
import type { ListTemplatesResponse as _herald_messaging_v1_ListTemplatesResponse, ListTemplatesResponse__Output as _herald_messaging_v1_ListTemplatesResponse__Output } from './herald/messaging/v1/ListTemplatesResponse';
import type { MessagingClient as _herald_messaging_v1_MessagingClient, MessagingDefinition as _herald_messaging_v1_MessagingDefinition } from './herald/messaging/v1/Messaging';
import type { NotificationRequest as _herald_messaging_v1_NotificationRequest, NotificationRequest__Output as _herald_messaging_v1_NotificationRequest__Output } from './herald/messaging/v1/NotificationRequest';
import type { NotificationResponse as _herald_messaging_v1_NotificationResponse, NotificationResponse__Output as _herald_messaging_v1_NotificationResponse__Output } from './herald/messaging/v1/NotificationResponse';
import type { NullableString as _herald_messaging_v1_NullableString, NullableString__Output as _herald_messaging_v1_NullableString__Output } from './herald/messaging/v1/NullableString';
import type { PutImageRequest as _herald_messaging_v1_PutImageRequest, PutImageRequest__Output as _herald_messaging_v1_PutImageRequest__Output } from './herald/messaging/v1/PutImageRequest';
import type { ReputationLevels as _herald_messaging_v1_ReputationLevels, ReputationLevels__Output as _herald_messaging_v1_ReputationLevels__Output } from './herald/messaging/v1/ReputationLevels';
import type { ReputationWindow as _herald_messaging_v1_ReputationWindow, ReputationWindow__Output as _herald_messaging_v1_ReputationWindow__Output } from './herald/messaging/v1/ReputationWindow';
import type { SecurityResponse as _herald_messaging_v1_SecurityResponse, SecurityResponse__Output as _herald_messaging_v1_SecurityResponse__Output } from './herald/messaging/v1/SecurityResponse';
import type { SendAddress as _herald_messaging_v1_SendAddress, SendAddress__Output as _herald_messaging_v1_SendAddress__Output } from './herald/messaging/v1/SendAddress';
import type { SendAttachment as _herald_messaging_v1_SendAttachment, SendAttachment__Output as _herald_messaging_v1_SendAttachment__Output } from './herald/messaging/v1/SendAttachment';
import type { SendManyRequest as _herald_messaging_v1_SendManyRequest, SendManyRequest__Output as _herald_messaging_v1_SendManyRequest__Output } from './herald/messaging/v1/SendManyRequest';
import type { SendManyResponse as _herald_messaging_v1_SendManyResponse, SendManyResponse__Output as _herald_messaging_v1_SendManyResponse__Output } from './herald/messaging/v1/SendManyResponse';
import type { SendRequest as _herald_messaging_v1_SendRequest, SendRequest__Output as _herald_messaging_v1_SendRequest__Output } from './herald/messaging/v1/SendRequest';
import type { SendResponse as _herald_messaging_v1_SendResponse, SendResponse__Output as _herald_messaging_v1_SendResponse__Output } from './herald/messaging/v1/SendResponse';
import type { SendResult as _herald_messaging_v1_SendResult, SendResult__Output as _herald_messaging_v1_SendResult__Output } from './herald/messaging/v1/SendResult';
import type { SentEmail as _herald_messaging_v1_SentEmail, SentEmail__Output as _herald_messaging_v1_SentEmail__Output } from './herald/messaging/v1/SentEmail';
import type { SetSubscriptionRequest as _herald_messaging_v1_SetSubscriptionRequest, SetSubscriptionRequest__Output as _herald_messaging_v1_SetSubscriptionRequest__Output } from './herald/messaging/v1/SetSubscriptionRequest';
import type { ShapingLane as _herald_messaging_v1_ShapingLane, ShapingLane__Output as _herald_messaging_v1_ShapingLane__Output } from './herald/messaging/v1/ShapingLane';
import type { StorageStatusResponse as _herald_messaging_v1_StorageStatusResponse, StorageStatusResponse__Output as _herald_messaging_v1_StorageStatusResponse__Output } from './herald/messaging/v1/StorageStatusResponse';
import type { StoredImage as _herald_messaging_v1_StoredImage, StoredImage__Output as _herald_messaging_v1_StoredImage__Output } from './herald/messaging/v1/StoredImage';
import type { SubscriptionResponse as _herald_messaging_v1_SubscriptionResponse, SubscriptionResponse__Output as _herald_messaging_v1_SubscriptionResponse__Output } from './herald/messaging/v1/SubscriptionResponse';
import type { SystemEmailRequest as _herald_messaging_v1_SystemEmailRequest, SystemEmailRequest__Output as _herald_messaging_v1_SystemEmailRequest__Output } from './herald/messaging/v1/SystemEmailRequest';
import type { Template as _herald_messaging_v1_Template, Template__Output as _herald_messaging_v1_Template__Output } from './herald/messaging/v1/Template';
import type { TemplateResponse as _herald_messaging_v1_TemplateResponse, TemplateResponse__Output as _herald_messaging_v1_TemplateResponse__Output } from './herald/messaging/v1/TemplateResponse';
import type { TemplateUsageResponse as _herald_messaging_v1_TemplateUsageResponse, TemplateUsageResponse__Output as _herald_messaging_v1_TemplateUsageResponse__Output } from './herald/messaging/v1/TemplateUsageResponse';
import type { TemplateWrite as _herald_messaging_v1_TemplateWrite, TemplateWrite__Output as _herald_messaging_v1_TemplateWrite__Output } from './herald/messaging/v1/TemplateWrite';
import type { TokenRequest as _herald_messaging_v1_TokenRequest, TokenRequest__Output as _herald_messaging_v1_TokenRequest__Output } from './herald/messaging/v1/TokenRequest';
import type { TrackRequest as _herald_messaging_v1_TrackRequest, TrackRequest__Output as _herald_messaging_v1_TrackRequest__Output } from './herald/messaging/v1/TrackRequest';
import type { VerifyRequest as _herald_messaging_v1_VerifyRequest, VerifyRequest__Output as _herald_messaging_v1_VerifyRequest__Output } from './herald/messaging/v1/VerifyRequest';
import type { VerifyResponse as _herald_messaging_v1_VerifyResponse, VerifyResponse__Output as _herald_messaging_v1_VerifyResponse__Output } from './herald/messaging/v1/VerifyResponse';
import type { WarmupPlan as _herald_messaging_v1_WarmupPlan, WarmupPlan__Output as _herald_messaging_v1_WarmupPlan__Output } from './herald/messaging/v1/WarmupPlan';
import type { WarmupProvider as _herald_messaging_v1_WarmupProvider, WarmupProvider__Output as _herald_messaging_v1_WarmupProvider__Output } from './herald/messaging/v1/WarmupProvider';
import type { WarmupResponse as _herald_messaging_v1_WarmupResponse, WarmupResponse__Output as _herald_messaging_v1_WarmupResponse__Output } from './herald/messaging/v1/WarmupResponse';
import type { WarmupUpdate as _herald_messaging_v1_WarmupUpdate, WarmupUpdate__Output as _herald_messaging_v1_WarmupUpdate__Output } from './herald/messaging/v1/WarmupUpdate';
import type { WorkflowEmailRequest as _herald_messaging_v1_WorkflowEmailRequest, WorkflowEmailRequest__Output as _herald_messaging_v1_WorkflowEmailRequest__Output } from './herald/messaging/v1/WorkflowEmailRequest';
import type { WorkflowEmailResponse as _herald_messaging_v1_WorkflowEmailResponse, WorkflowEmailResponse__Output as _herald_messaging_v1_WorkflowEmailResponse__Output } from './herald/messaging/v1/WorkflowEmailResponse';
import type { WorkflowStepRef as _herald_messaging_v1_WorkflowStepRef, WorkflowStepRef__Output as _herald_messaging_v1_WorkflowStepRef__Output } from './herald/messaging/v1/WorkflowStepRef';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  herald: {
    common: {
      v1: {
        Empty: MessageTypeDefinition<_herald_common_v1_Empty, _herald_common_v1_Empty__Output>
        Error: MessageTypeDefinition<_herald_common_v1_Error, _herald_common_v1_Error__Output>
        FieldError: MessageTypeDefinition<_herald_common_v1_FieldError, _herald_common_v1_FieldError__Output>
        Ref: MessageTypeDefinition<_herald_common_v1_Ref, _herald_common_v1_Ref__Output>
      }
    }
    messaging: {
      v1: {
        CampaignContent: MessageTypeDefinition<_herald_messaging_v1_CampaignContent, _herald_messaging_v1_CampaignContent__Output>
        CampaignFinishRequest: MessageTypeDefinition<_herald_messaging_v1_CampaignFinishRequest, _herald_messaging_v1_CampaignFinishRequest__Output>
        CampaignFinishResponse: MessageTypeDefinition<_herald_messaging_v1_CampaignFinishResponse, _herald_messaging_v1_CampaignFinishResponse__Output>
        CampaignHold: MessageTypeDefinition<_herald_messaging_v1_CampaignHold, _herald_messaging_v1_CampaignHold__Output>
        CampaignProgressResponse: MessageTypeDefinition<_herald_messaging_v1_CampaignProgressResponse, _herald_messaging_v1_CampaignProgressResponse__Output>
        CampaignRef: MessageTypeDefinition<_herald_messaging_v1_CampaignRef, _herald_messaging_v1_CampaignRef__Output>
        CancelCampaignResponse: MessageTypeDefinition<_herald_messaging_v1_CancelCampaignResponse, _herald_messaging_v1_CancelCampaignResponse__Output>
        ClickResponse: MessageTypeDefinition<_herald_messaging_v1_ClickResponse, _herald_messaging_v1_ClickResponse__Output>
        ComplianceCheck: MessageTypeDefinition<_herald_messaging_v1_ComplianceCheck, _herald_messaging_v1_ComplianceCheck__Output>
        ComplianceResponse: MessageTypeDefinition<_herald_messaging_v1_ComplianceResponse, _herald_messaging_v1_ComplianceResponse__Output>
        DeliverabilityResponse: MessageTypeDefinition<_herald_messaging_v1_DeliverabilityResponse, _herald_messaging_v1_DeliverabilityResponse__Output>
        DevMail: MessageTypeDefinition<_herald_messaging_v1_DevMail, _herald_messaging_v1_DevMail__Output>
        DevMailboxRequest: MessageTypeDefinition<_herald_messaging_v1_DevMailboxRequest, _herald_messaging_v1_DevMailboxRequest__Output>
        DevMailboxResponse: MessageTypeDefinition<_herald_messaging_v1_DevMailboxResponse, _herald_messaging_v1_DevMailboxResponse__Output>
        EnqueueCampaignRequest: MessageTypeDefinition<_herald_messaging_v1_EnqueueCampaignRequest, _herald_messaging_v1_EnqueueCampaignRequest__Output>
        EnqueueCampaignResponse: MessageTypeDefinition<_herald_messaging_v1_EnqueueCampaignResponse, _herald_messaging_v1_EnqueueCampaignResponse__Output>
        GetImageRequest: MessageTypeDefinition<_herald_messaging_v1_GetImageRequest, _herald_messaging_v1_GetImageRequest__Output>
        GuardrailThresholds: MessageTypeDefinition<_herald_messaging_v1_GuardrailThresholds, _herald_messaging_v1_GuardrailThresholds__Output>
        GuardrailWindow: MessageTypeDefinition<_herald_messaging_v1_GuardrailWindow, _herald_messaging_v1_GuardrailWindow__Output>
        GuardrailsResponse: MessageTypeDefinition<_herald_messaging_v1_GuardrailsResponse, _herald_messaging_v1_GuardrailsResponse__Output>
        IdRequest: MessageTypeDefinition<_herald_messaging_v1_IdRequest, _herald_messaging_v1_IdRequest__Output>
        ImageContent: MessageTypeDefinition<_herald_messaging_v1_ImageContent, _herald_messaging_v1_ImageContent__Output>
        InReplyTo: MessageTypeDefinition<_herald_messaging_v1_InReplyTo, _herald_messaging_v1_InReplyTo__Output>
        InboundIds: MessageTypeDefinition<_herald_messaging_v1_InboundIds, _herald_messaging_v1_InboundIds__Output>
        InboundMessage: MessageTypeDefinition<_herald_messaging_v1_InboundMessage, _herald_messaging_v1_InboundMessage__Output>
        InboundRaw: MessageTypeDefinition<_herald_messaging_v1_InboundRaw, _herald_messaging_v1_InboundRaw__Output>
        ListTemplatesRequest: MessageTypeDefinition<_herald_messaging_v1_ListTemplatesRequest, _herald_messaging_v1_ListTemplatesRequest__Output>
        ListTemplatesResponse: MessageTypeDefinition<_herald_messaging_v1_ListTemplatesResponse, _herald_messaging_v1_ListTemplatesResponse__Output>
        Messaging: SubtypeConstructor<typeof grpc.Client, _herald_messaging_v1_MessagingClient> & { service: _herald_messaging_v1_MessagingDefinition }
        NotificationRequest: MessageTypeDefinition<_herald_messaging_v1_NotificationRequest, _herald_messaging_v1_NotificationRequest__Output>
        NotificationResponse: MessageTypeDefinition<_herald_messaging_v1_NotificationResponse, _herald_messaging_v1_NotificationResponse__Output>
        NullableString: MessageTypeDefinition<_herald_messaging_v1_NullableString, _herald_messaging_v1_NullableString__Output>
        PutImageRequest: MessageTypeDefinition<_herald_messaging_v1_PutImageRequest, _herald_messaging_v1_PutImageRequest__Output>
        ReputationLevels: MessageTypeDefinition<_herald_messaging_v1_ReputationLevels, _herald_messaging_v1_ReputationLevels__Output>
        ReputationWindow: MessageTypeDefinition<_herald_messaging_v1_ReputationWindow, _herald_messaging_v1_ReputationWindow__Output>
        SecurityResponse: MessageTypeDefinition<_herald_messaging_v1_SecurityResponse, _herald_messaging_v1_SecurityResponse__Output>
        SendAddress: MessageTypeDefinition<_herald_messaging_v1_SendAddress, _herald_messaging_v1_SendAddress__Output>
        SendAttachment: MessageTypeDefinition<_herald_messaging_v1_SendAttachment, _herald_messaging_v1_SendAttachment__Output>
        SendManyRequest: MessageTypeDefinition<_herald_messaging_v1_SendManyRequest, _herald_messaging_v1_SendManyRequest__Output>
        SendManyResponse: MessageTypeDefinition<_herald_messaging_v1_SendManyResponse, _herald_messaging_v1_SendManyResponse__Output>
        SendRequest: MessageTypeDefinition<_herald_messaging_v1_SendRequest, _herald_messaging_v1_SendRequest__Output>
        SendResponse: MessageTypeDefinition<_herald_messaging_v1_SendResponse, _herald_messaging_v1_SendResponse__Output>
        SendResult: MessageTypeDefinition<_herald_messaging_v1_SendResult, _herald_messaging_v1_SendResult__Output>
        SentEmail: MessageTypeDefinition<_herald_messaging_v1_SentEmail, _herald_messaging_v1_SentEmail__Output>
        SetSubscriptionRequest: MessageTypeDefinition<_herald_messaging_v1_SetSubscriptionRequest, _herald_messaging_v1_SetSubscriptionRequest__Output>
        ShapingLane: MessageTypeDefinition<_herald_messaging_v1_ShapingLane, _herald_messaging_v1_ShapingLane__Output>
        StorageStatusResponse: MessageTypeDefinition<_herald_messaging_v1_StorageStatusResponse, _herald_messaging_v1_StorageStatusResponse__Output>
        StoredImage: MessageTypeDefinition<_herald_messaging_v1_StoredImage, _herald_messaging_v1_StoredImage__Output>
        SubscriptionResponse: MessageTypeDefinition<_herald_messaging_v1_SubscriptionResponse, _herald_messaging_v1_SubscriptionResponse__Output>
        SystemEmailRequest: MessageTypeDefinition<_herald_messaging_v1_SystemEmailRequest, _herald_messaging_v1_SystemEmailRequest__Output>
        Template: MessageTypeDefinition<_herald_messaging_v1_Template, _herald_messaging_v1_Template__Output>
        TemplateResponse: MessageTypeDefinition<_herald_messaging_v1_TemplateResponse, _herald_messaging_v1_TemplateResponse__Output>
        TemplateUsageResponse: MessageTypeDefinition<_herald_messaging_v1_TemplateUsageResponse, _herald_messaging_v1_TemplateUsageResponse__Output>
        TemplateWrite: MessageTypeDefinition<_herald_messaging_v1_TemplateWrite, _herald_messaging_v1_TemplateWrite__Output>
        TokenRequest: MessageTypeDefinition<_herald_messaging_v1_TokenRequest, _herald_messaging_v1_TokenRequest__Output>
        TrackRequest: MessageTypeDefinition<_herald_messaging_v1_TrackRequest, _herald_messaging_v1_TrackRequest__Output>
        VerifyRequest: MessageTypeDefinition<_herald_messaging_v1_VerifyRequest, _herald_messaging_v1_VerifyRequest__Output>
        VerifyResponse: MessageTypeDefinition<_herald_messaging_v1_VerifyResponse, _herald_messaging_v1_VerifyResponse__Output>
        WarmupPlan: MessageTypeDefinition<_herald_messaging_v1_WarmupPlan, _herald_messaging_v1_WarmupPlan__Output>
        WarmupProvider: MessageTypeDefinition<_herald_messaging_v1_WarmupProvider, _herald_messaging_v1_WarmupProvider__Output>
        WarmupResponse: MessageTypeDefinition<_herald_messaging_v1_WarmupResponse, _herald_messaging_v1_WarmupResponse__Output>
        WarmupUpdate: MessageTypeDefinition<_herald_messaging_v1_WarmupUpdate, _herald_messaging_v1_WarmupUpdate__Output>
        WorkflowEmailRequest: MessageTypeDefinition<_herald_messaging_v1_WorkflowEmailRequest, _herald_messaging_v1_WorkflowEmailRequest__Output>
        WorkflowEmailResponse: MessageTypeDefinition<_herald_messaging_v1_WorkflowEmailResponse, _herald_messaging_v1_WorkflowEmailResponse__Output>
        WorkflowStepRef: MessageTypeDefinition<_herald_messaging_v1_WorkflowStepRef, _herald_messaging_v1_WorkflowStepRef__Output>
      }
    }
  }
}

