import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { BillingClient as _herald_billing_v1_BillingClient, BillingDefinition as _herald_billing_v1_BillingDefinition } from './herald/billing/v1/Billing';
import type { CategoryLimit as _herald_billing_v1_CategoryLimit, CategoryLimit__Output as _herald_billing_v1_CategoryLimit__Output } from './herald/billing/v1/CategoryLimit';
import type { CheckoutRequest as _herald_billing_v1_CheckoutRequest, CheckoutRequest__Output as _herald_billing_v1_CheckoutRequest__Output } from './herald/billing/v1/CheckoutRequest';
import type { ConsumptionResponse as _herald_billing_v1_ConsumptionResponse, ConsumptionResponse__Output as _herald_billing_v1_ConsumptionResponse__Output } from './herald/billing/v1/ConsumptionResponse';
import type { Invoice as _herald_billing_v1_Invoice, Invoice__Output as _herald_billing_v1_Invoice__Output } from './herald/billing/v1/Invoice';
import type { InvoiceList as _herald_billing_v1_InvoiceList, InvoiceList__Output as _herald_billing_v1_InvoiceList__Output } from './herald/billing/v1/InvoiceList';
import type { LimitChange as _herald_billing_v1_LimitChange, LimitChange__Output as _herald_billing_v1_LimitChange__Output } from './herald/billing/v1/LimitChange';
import type { Limits as _herald_billing_v1_Limits, Limits__Output as _herald_billing_v1_Limits__Output } from './herald/billing/v1/Limits';
import type { LimitsWrite as _herald_billing_v1_LimitsWrite, LimitsWrite__Output as _herald_billing_v1_LimitsWrite__Output } from './herald/billing/v1/LimitsWrite';
import type { StatusResponse as _herald_billing_v1_StatusResponse, StatusResponse__Output as _herald_billing_v1_StatusResponse__Output } from './herald/billing/v1/StatusResponse';
import type { UrlResponse as _herald_billing_v1_UrlResponse, UrlResponse__Output as _herald_billing_v1_UrlResponse__Output } from './herald/billing/v1/UrlResponse';
import type { Usage as _herald_billing_v1_Usage, Usage__Output as _herald_billing_v1_Usage__Output } from './herald/billing/v1/Usage';
import type { WebhookRequest as _herald_billing_v1_WebhookRequest, WebhookRequest__Output as _herald_billing_v1_WebhookRequest__Output } from './herald/billing/v1/WebhookRequest';
import type { WebhookResponse as _herald_billing_v1_WebhookResponse, WebhookResponse__Output as _herald_billing_v1_WebhookResponse__Output } from './herald/billing/v1/WebhookResponse';
import type { Empty as _herald_common_v1_Empty, Empty__Output as _herald_common_v1_Empty__Output } from './herald/common/v1/Empty';
import type { Error as _herald_common_v1_Error, Error__Output as _herald_common_v1_Error__Output } from './herald/common/v1/Error';
import type { FieldError as _herald_common_v1_FieldError, FieldError__Output as _herald_common_v1_FieldError__Output } from './herald/common/v1/FieldError';
import type { Ref as _herald_common_v1_Ref, Ref__Output as _herald_common_v1_Ref__Output } from './herald/common/v1/Ref';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  herald: {
    billing: {
      v1: {
        Billing: SubtypeConstructor<typeof grpc.Client, _herald_billing_v1_BillingClient> & { service: _herald_billing_v1_BillingDefinition }
        CategoryLimit: MessageTypeDefinition<_herald_billing_v1_CategoryLimit, _herald_billing_v1_CategoryLimit__Output>
        CheckoutRequest: MessageTypeDefinition<_herald_billing_v1_CheckoutRequest, _herald_billing_v1_CheckoutRequest__Output>
        ConsumptionResponse: MessageTypeDefinition<_herald_billing_v1_ConsumptionResponse, _herald_billing_v1_ConsumptionResponse__Output>
        Invoice: MessageTypeDefinition<_herald_billing_v1_Invoice, _herald_billing_v1_Invoice__Output>
        InvoiceList: MessageTypeDefinition<_herald_billing_v1_InvoiceList, _herald_billing_v1_InvoiceList__Output>
        LimitChange: MessageTypeDefinition<_herald_billing_v1_LimitChange, _herald_billing_v1_LimitChange__Output>
        Limits: MessageTypeDefinition<_herald_billing_v1_Limits, _herald_billing_v1_Limits__Output>
        LimitsWrite: MessageTypeDefinition<_herald_billing_v1_LimitsWrite, _herald_billing_v1_LimitsWrite__Output>
        StatusResponse: MessageTypeDefinition<_herald_billing_v1_StatusResponse, _herald_billing_v1_StatusResponse__Output>
        UrlResponse: MessageTypeDefinition<_herald_billing_v1_UrlResponse, _herald_billing_v1_UrlResponse__Output>
        Usage: MessageTypeDefinition<_herald_billing_v1_Usage, _herald_billing_v1_Usage__Output>
        WebhookRequest: MessageTypeDefinition<_herald_billing_v1_WebhookRequest, _herald_billing_v1_WebhookRequest__Output>
        WebhookResponse: MessageTypeDefinition<_herald_billing_v1_WebhookResponse, _herald_billing_v1_WebhookResponse__Output>
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

