// Original file: protos/billing/v1/billing.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CheckoutRequest as _herald_billing_v1_CheckoutRequest, CheckoutRequest__Output as _herald_billing_v1_CheckoutRequest__Output } from '../../../herald/billing/v1/CheckoutRequest';
import type { ConsumptionResponse as _herald_billing_v1_ConsumptionResponse, ConsumptionResponse__Output as _herald_billing_v1_ConsumptionResponse__Output } from '../../../herald/billing/v1/ConsumptionResponse';
import type { Empty as _herald_common_v1_Empty, Empty__Output as _herald_common_v1_Empty__Output } from '../../../herald/common/v1/Empty';
import type { InvoiceList as _herald_billing_v1_InvoiceList, InvoiceList__Output as _herald_billing_v1_InvoiceList__Output } from '../../../herald/billing/v1/InvoiceList';
import type { Limits as _herald_billing_v1_Limits, Limits__Output as _herald_billing_v1_Limits__Output } from '../../../herald/billing/v1/Limits';
import type { LimitsWrite as _herald_billing_v1_LimitsWrite, LimitsWrite__Output as _herald_billing_v1_LimitsWrite__Output } from '../../../herald/billing/v1/LimitsWrite';
import type { StatusResponse as _herald_billing_v1_StatusResponse, StatusResponse__Output as _herald_billing_v1_StatusResponse__Output } from '../../../herald/billing/v1/StatusResponse';
import type { UrlResponse as _herald_billing_v1_UrlResponse, UrlResponse__Output as _herald_billing_v1_UrlResponse__Output } from '../../../herald/billing/v1/UrlResponse';
import type { WebhookRequest as _herald_billing_v1_WebhookRequest, WebhookRequest__Output as _herald_billing_v1_WebhookRequest__Output } from '../../../herald/billing/v1/WebhookRequest';
import type { WebhookResponse as _herald_billing_v1_WebhookResponse, WebhookResponse__Output as _herald_billing_v1_WebhookResponse__Output } from '../../../herald/billing/v1/WebhookResponse';

export interface BillingClient extends grpc.Client {
  BillingPortal(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  BillingPortal(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  BillingPortal(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  BillingPortal(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  billingPortal(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  billingPortal(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  billingPortal(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  billingPortal(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  
  Checkout(argument: _herald_billing_v1_CheckoutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  Checkout(argument: _herald_billing_v1_CheckoutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  Checkout(argument: _herald_billing_v1_CheckoutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  Checkout(argument: _herald_billing_v1_CheckoutRequest, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  checkout(argument: _herald_billing_v1_CheckoutRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  checkout(argument: _herald_billing_v1_CheckoutRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  checkout(argument: _herald_billing_v1_CheckoutRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  checkout(argument: _herald_billing_v1_CheckoutRequest, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  
  Consumption(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_ConsumptionResponse__Output>): grpc.ClientUnaryCall;
  Consumption(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_ConsumptionResponse__Output>): grpc.ClientUnaryCall;
  Consumption(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_ConsumptionResponse__Output>): grpc.ClientUnaryCall;
  Consumption(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_billing_v1_ConsumptionResponse__Output>): grpc.ClientUnaryCall;
  consumption(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_ConsumptionResponse__Output>): grpc.ClientUnaryCall;
  consumption(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_ConsumptionResponse__Output>): grpc.ClientUnaryCall;
  consumption(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_ConsumptionResponse__Output>): grpc.ClientUnaryCall;
  consumption(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_billing_v1_ConsumptionResponse__Output>): grpc.ClientUnaryCall;
  
  GetLimits(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Limits__Output>): grpc.ClientUnaryCall;
  GetLimits(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_Limits__Output>): grpc.ClientUnaryCall;
  GetLimits(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Limits__Output>): grpc.ClientUnaryCall;
  GetLimits(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_billing_v1_Limits__Output>): grpc.ClientUnaryCall;
  getLimits(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Limits__Output>): grpc.ClientUnaryCall;
  getLimits(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_Limits__Output>): grpc.ClientUnaryCall;
  getLimits(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Limits__Output>): grpc.ClientUnaryCall;
  getLimits(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_billing_v1_Limits__Output>): grpc.ClientUnaryCall;
  
  HandleProviderWebhook(argument: _herald_billing_v1_WebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_WebhookResponse__Output>): grpc.ClientUnaryCall;
  HandleProviderWebhook(argument: _herald_billing_v1_WebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_WebhookResponse__Output>): grpc.ClientUnaryCall;
  HandleProviderWebhook(argument: _herald_billing_v1_WebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_WebhookResponse__Output>): grpc.ClientUnaryCall;
  HandleProviderWebhook(argument: _herald_billing_v1_WebhookRequest, callback: grpc.requestCallback<_herald_billing_v1_WebhookResponse__Output>): grpc.ClientUnaryCall;
  handleProviderWebhook(argument: _herald_billing_v1_WebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_WebhookResponse__Output>): grpc.ClientUnaryCall;
  handleProviderWebhook(argument: _herald_billing_v1_WebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_WebhookResponse__Output>): grpc.ClientUnaryCall;
  handleProviderWebhook(argument: _herald_billing_v1_WebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_WebhookResponse__Output>): grpc.ClientUnaryCall;
  handleProviderWebhook(argument: _herald_billing_v1_WebhookRequest, callback: grpc.requestCallback<_herald_billing_v1_WebhookResponse__Output>): grpc.ClientUnaryCall;
  
  Invoices(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_InvoiceList__Output>): grpc.ClientUnaryCall;
  Invoices(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_InvoiceList__Output>): grpc.ClientUnaryCall;
  Invoices(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_InvoiceList__Output>): grpc.ClientUnaryCall;
  Invoices(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_billing_v1_InvoiceList__Output>): grpc.ClientUnaryCall;
  invoices(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_InvoiceList__Output>): grpc.ClientUnaryCall;
  invoices(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_InvoiceList__Output>): grpc.ClientUnaryCall;
  invoices(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_InvoiceList__Output>): grpc.ClientUnaryCall;
  invoices(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_billing_v1_InvoiceList__Output>): grpc.ClientUnaryCall;
  
  PutLimits(argument: _herald_billing_v1_LimitsWrite, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Limits__Output>): grpc.ClientUnaryCall;
  PutLimits(argument: _herald_billing_v1_LimitsWrite, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_Limits__Output>): grpc.ClientUnaryCall;
  PutLimits(argument: _herald_billing_v1_LimitsWrite, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Limits__Output>): grpc.ClientUnaryCall;
  PutLimits(argument: _herald_billing_v1_LimitsWrite, callback: grpc.requestCallback<_herald_billing_v1_Limits__Output>): grpc.ClientUnaryCall;
  putLimits(argument: _herald_billing_v1_LimitsWrite, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Limits__Output>): grpc.ClientUnaryCall;
  putLimits(argument: _herald_billing_v1_LimitsWrite, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_Limits__Output>): grpc.ClientUnaryCall;
  putLimits(argument: _herald_billing_v1_LimitsWrite, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Limits__Output>): grpc.ClientUnaryCall;
  putLimits(argument: _herald_billing_v1_LimitsWrite, callback: grpc.requestCallback<_herald_billing_v1_Limits__Output>): grpc.ClientUnaryCall;
  
  Status(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  Status(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  Status(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  Status(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_billing_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  status(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  status(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  status(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  status(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_billing_v1_StatusResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface BillingHandlers extends grpc.UntypedServiceImplementation {
  BillingPortal: grpc.handleUnaryCall<_herald_common_v1_Empty__Output, _herald_billing_v1_UrlResponse>;
  
  Checkout: grpc.handleUnaryCall<_herald_billing_v1_CheckoutRequest__Output, _herald_billing_v1_UrlResponse>;
  
  Consumption: grpc.handleUnaryCall<_herald_common_v1_Empty__Output, _herald_billing_v1_ConsumptionResponse>;
  
  GetLimits: grpc.handleUnaryCall<_herald_common_v1_Empty__Output, _herald_billing_v1_Limits>;
  
  HandleProviderWebhook: grpc.handleUnaryCall<_herald_billing_v1_WebhookRequest__Output, _herald_billing_v1_WebhookResponse>;
  
  Invoices: grpc.handleUnaryCall<_herald_common_v1_Empty__Output, _herald_billing_v1_InvoiceList>;
  
  PutLimits: grpc.handleUnaryCall<_herald_billing_v1_LimitsWrite__Output, _herald_billing_v1_Limits>;
  
  Status: grpc.handleUnaryCall<_herald_common_v1_Empty__Output, _herald_billing_v1_StatusResponse>;
  
}

export interface BillingDefinition extends grpc.ServiceDefinition {
  BillingPortal: MethodDefinition<_herald_common_v1_Empty, _herald_billing_v1_UrlResponse, _herald_common_v1_Empty__Output, _herald_billing_v1_UrlResponse__Output>
  Checkout: MethodDefinition<_herald_billing_v1_CheckoutRequest, _herald_billing_v1_UrlResponse, _herald_billing_v1_CheckoutRequest__Output, _herald_billing_v1_UrlResponse__Output>
  Consumption: MethodDefinition<_herald_common_v1_Empty, _herald_billing_v1_ConsumptionResponse, _herald_common_v1_Empty__Output, _herald_billing_v1_ConsumptionResponse__Output>
  GetLimits: MethodDefinition<_herald_common_v1_Empty, _herald_billing_v1_Limits, _herald_common_v1_Empty__Output, _herald_billing_v1_Limits__Output>
  HandleProviderWebhook: MethodDefinition<_herald_billing_v1_WebhookRequest, _herald_billing_v1_WebhookResponse, _herald_billing_v1_WebhookRequest__Output, _herald_billing_v1_WebhookResponse__Output>
  Invoices: MethodDefinition<_herald_common_v1_Empty, _herald_billing_v1_InvoiceList, _herald_common_v1_Empty__Output, _herald_billing_v1_InvoiceList__Output>
  PutLimits: MethodDefinition<_herald_billing_v1_LimitsWrite, _herald_billing_v1_Limits, _herald_billing_v1_LimitsWrite__Output, _herald_billing_v1_Limits__Output>
  Status: MethodDefinition<_herald_common_v1_Empty, _herald_billing_v1_StatusResponse, _herald_common_v1_Empty__Output, _herald_billing_v1_StatusResponse__Output>
}
