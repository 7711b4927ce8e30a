import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { BillingClient as _herald_billing_v1_BillingClient, BillingDefinition as _herald_billing_v1_BillingDefinition } from './herald/billing/v1/Billing';
import type { Json as _herald_billing_v1_Json, Json__Output as _herald_billing_v1_Json__Output } from './herald/billing/v1/Json';
import type { StatusResponse as _herald_billing_v1_StatusResponse, StatusResponse__Output as _herald_billing_v1_StatusResponse__Output } from './herald/billing/v1/StatusResponse';
import type { UrlResponse as _herald_billing_v1_UrlResponse, UrlResponse__Output as _herald_billing_v1_UrlResponse__Output } from './herald/billing/v1/UrlResponse';
import type { WebhookRequest as _herald_billing_v1_WebhookRequest, WebhookRequest__Output as _herald_billing_v1_WebhookRequest__Output } from './herald/billing/v1/WebhookRequest';
import type { Empty as _herald_common_v1_Empty, Empty__Output as _herald_common_v1_Empty__Output } from './herald/common/v1/Empty';
import type { Ref as _herald_common_v1_Ref, Ref__Output as _herald_common_v1_Ref__Output } from './herald/common/v1/Ref';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  herald: {
    billing: {
      v1: {
        Billing: SubtypeConstructor<typeof grpc.Client, _herald_billing_v1_BillingClient> & { service: _herald_billing_v1_BillingDefinition }
        Json: MessageTypeDefinition<_herald_billing_v1_Json, _herald_billing_v1_Json__Output>
        StatusResponse: MessageTypeDefinition<_herald_billing_v1_StatusResponse, _herald_billing_v1_StatusResponse__Output>
        UrlResponse: MessageTypeDefinition<_herald_billing_v1_UrlResponse, _herald_billing_v1_UrlResponse__Output>
        WebhookRequest: MessageTypeDefinition<_herald_billing_v1_WebhookRequest, _herald_billing_v1_WebhookRequest__Output>
      }
    }
    common: {
      v1: {
        Empty: MessageTypeDefinition<_herald_common_v1_Empty, _herald_common_v1_Empty__Output>
        Ref: MessageTypeDefinition<_herald_common_v1_Ref, _herald_common_v1_Ref__Output>
      }
    }
  }
}

