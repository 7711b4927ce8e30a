// Original file: protos/billing/v1/billing.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { Empty as _herald_common_v1_Empty, Empty__Output as _herald_common_v1_Empty__Output } from '../../../herald/common/v1/Empty';
import type { Json as _herald_billing_v1_Json, Json__Output as _herald_billing_v1_Json__Output } from '../../../herald/billing/v1/Json';
import type { StatusResponse as _herald_billing_v1_StatusResponse, StatusResponse__Output as _herald_billing_v1_StatusResponse__Output } from '../../../herald/billing/v1/StatusResponse';
import type { UrlResponse as _herald_billing_v1_UrlResponse, UrlResponse__Output as _herald_billing_v1_UrlResponse__Output } from '../../../herald/billing/v1/UrlResponse';
import type { WebhookRequest as _herald_billing_v1_WebhookRequest, WebhookRequest__Output as _herald_billing_v1_WebhookRequest__Output } from '../../../herald/billing/v1/WebhookRequest';

export interface BillingClient extends grpc.Client {
  BillingPortal(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  BillingPortal(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  BillingPortal(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  BillingPortal(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  billingPortal(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  billingPortal(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  billingPortal(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  billingPortal(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  
  Checkout(argument: _herald_billing_v1_Json, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  Checkout(argument: _herald_billing_v1_Json, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  Checkout(argument: _herald_billing_v1_Json, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  Checkout(argument: _herald_billing_v1_Json, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  checkout(argument: _herald_billing_v1_Json, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  checkout(argument: _herald_billing_v1_Json, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  checkout(argument: _herald_billing_v1_Json, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  checkout(argument: _herald_billing_v1_Json, callback: grpc.requestCallback<_herald_billing_v1_UrlResponse__Output>): grpc.ClientUnaryCall;
  
  Consumption(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  Consumption(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  Consumption(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  Consumption(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  consumption(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  consumption(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  consumption(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  consumption(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  
  GetLimits(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  GetLimits(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  GetLimits(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  GetLimits(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  getLimits(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  getLimits(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  getLimits(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  getLimits(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  
  HandleProviderWebhook(argument: _herald_billing_v1_WebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  HandleProviderWebhook(argument: _herald_billing_v1_WebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  HandleProviderWebhook(argument: _herald_billing_v1_WebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  HandleProviderWebhook(argument: _herald_billing_v1_WebhookRequest, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  handleProviderWebhook(argument: _herald_billing_v1_WebhookRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  handleProviderWebhook(argument: _herald_billing_v1_WebhookRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  handleProviderWebhook(argument: _herald_billing_v1_WebhookRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  handleProviderWebhook(argument: _herald_billing_v1_WebhookRequest, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  
  Invoices(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  Invoices(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  Invoices(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  Invoices(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  invoices(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  invoices(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  invoices(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  invoices(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  
  PutLimits(argument: _herald_billing_v1_Json, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  PutLimits(argument: _herald_billing_v1_Json, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  PutLimits(argument: _herald_billing_v1_Json, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  PutLimits(argument: _herald_billing_v1_Json, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  putLimits(argument: _herald_billing_v1_Json, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  putLimits(argument: _herald_billing_v1_Json, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  putLimits(argument: _herald_billing_v1_Json, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  putLimits(argument: _herald_billing_v1_Json, callback: grpc.requestCallback<_herald_billing_v1_Json__Output>): grpc.ClientUnaryCall;
  
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
  
  Checkout: grpc.handleUnaryCall<_herald_billing_v1_Json__Output, _herald_billing_v1_UrlResponse>;
  
  Consumption: grpc.handleUnaryCall<_herald_common_v1_Empty__Output, _herald_billing_v1_Json>;
  
  GetLimits: grpc.handleUnaryCall<_herald_common_v1_Empty__Output, _herald_billing_v1_Json>;
  
  HandleProviderWebhook: grpc.handleUnaryCall<_herald_billing_v1_WebhookRequest__Output, _herald_billing_v1_Json>;
  
  Invoices: grpc.handleUnaryCall<_herald_common_v1_Empty__Output, _herald_billing_v1_Json>;
  
  PutLimits: grpc.handleUnaryCall<_herald_billing_v1_Json__Output, _herald_billing_v1_Json>;
  
  Status: grpc.handleUnaryCall<_herald_common_v1_Empty__Output, _herald_billing_v1_StatusResponse>;
  
}

export interface BillingDefinition extends grpc.ServiceDefinition {
  BillingPortal: MethodDefinition<_herald_common_v1_Empty, _herald_billing_v1_UrlResponse, _herald_common_v1_Empty__Output, _herald_billing_v1_UrlResponse__Output>
  Checkout: MethodDefinition<_herald_billing_v1_Json, _herald_billing_v1_UrlResponse, _herald_billing_v1_Json__Output, _herald_billing_v1_UrlResponse__Output>
  Consumption: MethodDefinition<_herald_common_v1_Empty, _herald_billing_v1_Json, _herald_common_v1_Empty__Output, _herald_billing_v1_Json__Output>
  GetLimits: MethodDefinition<_herald_common_v1_Empty, _herald_billing_v1_Json, _herald_common_v1_Empty__Output, _herald_billing_v1_Json__Output>
  HandleProviderWebhook: MethodDefinition<_herald_billing_v1_WebhookRequest, _herald_billing_v1_Json, _herald_billing_v1_WebhookRequest__Output, _herald_billing_v1_Json__Output>
  Invoices: MethodDefinition<_herald_common_v1_Empty, _herald_billing_v1_Json, _herald_common_v1_Empty__Output, _herald_billing_v1_Json__Output>
  PutLimits: MethodDefinition<_herald_billing_v1_Json, _herald_billing_v1_Json, _herald_billing_v1_Json__Output, _herald_billing_v1_Json__Output>
  Status: MethodDefinition<_herald_common_v1_Empty, _herald_billing_v1_StatusResponse, _herald_common_v1_Empty__Output, _herald_billing_v1_StatusResponse__Output>
}
