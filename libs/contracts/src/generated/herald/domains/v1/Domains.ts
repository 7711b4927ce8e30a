// Original file: protos/domains/v1/domains.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AddDomainRequest as _herald_domains_v1_AddDomainRequest, AddDomainRequest__Output as _herald_domains_v1_AddDomainRequest__Output } from '../../../herald/domains/v1/AddDomainRequest';
import type { CheckSenderRequest as _herald_domains_v1_CheckSenderRequest, CheckSenderRequest__Output as _herald_domains_v1_CheckSenderRequest__Output } from '../../../herald/domains/v1/CheckSenderRequest';
import type { CheckSenderResponse as _herald_domains_v1_CheckSenderResponse, CheckSenderResponse__Output as _herald_domains_v1_CheckSenderResponse__Output } from '../../../herald/domains/v1/CheckSenderResponse';
import type { DomainIdRequest as _herald_domains_v1_DomainIdRequest, DomainIdRequest__Output as _herald_domains_v1_DomainIdRequest__Output } from '../../../herald/domains/v1/DomainIdRequest';
import type { DomainResponse as _herald_domains_v1_DomainResponse, DomainResponse__Output as _herald_domains_v1_DomainResponse__Output } from '../../../herald/domains/v1/DomainResponse';
import type { DomainsResponse as _herald_domains_v1_DomainsResponse, DomainsResponse__Output as _herald_domains_v1_DomainsResponse__Output } from '../../../herald/domains/v1/DomainsResponse';
import type { Empty as _herald_common_v1_Empty, Empty__Output as _herald_common_v1_Empty__Output } from '../../../herald/common/v1/Empty';
import type { InboundDomainRequest as _herald_domains_v1_InboundDomainRequest, InboundDomainRequest__Output as _herald_domains_v1_InboundDomainRequest__Output } from '../../../herald/domains/v1/InboundDomainRequest';
import type { InboundDomainResponse as _herald_domains_v1_InboundDomainResponse, InboundDomainResponse__Output as _herald_domains_v1_InboundDomainResponse__Output } from '../../../herald/domains/v1/InboundDomainResponse';
import type { SigningKeyRequest as _herald_domains_v1_SigningKeyRequest, SigningKeyRequest__Output as _herald_domains_v1_SigningKeyRequest__Output } from '../../../herald/domains/v1/SigningKeyRequest';
import type { SigningKeyResponse as _herald_domains_v1_SigningKeyResponse, SigningKeyResponse__Output as _herald_domains_v1_SigningKeyResponse__Output } from '../../../herald/domains/v1/SigningKeyResponse';
import type { UpdateDomainRequest as _herald_domains_v1_UpdateDomainRequest, UpdateDomainRequest__Output as _herald_domains_v1_UpdateDomainRequest__Output } from '../../../herald/domains/v1/UpdateDomainRequest';

export interface DomainsClient extends grpc.Client {
  AddDomain(argument: _herald_domains_v1_AddDomainRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  AddDomain(argument: _herald_domains_v1_AddDomainRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  AddDomain(argument: _herald_domains_v1_AddDomainRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  AddDomain(argument: _herald_domains_v1_AddDomainRequest, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  addDomain(argument: _herald_domains_v1_AddDomainRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  addDomain(argument: _herald_domains_v1_AddDomainRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  addDomain(argument: _herald_domains_v1_AddDomainRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  addDomain(argument: _herald_domains_v1_AddDomainRequest, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  
  CheckSender(argument: _herald_domains_v1_CheckSenderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_CheckSenderResponse__Output>): grpc.ClientUnaryCall;
  CheckSender(argument: _herald_domains_v1_CheckSenderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_domains_v1_CheckSenderResponse__Output>): grpc.ClientUnaryCall;
  CheckSender(argument: _herald_domains_v1_CheckSenderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_CheckSenderResponse__Output>): grpc.ClientUnaryCall;
  CheckSender(argument: _herald_domains_v1_CheckSenderRequest, callback: grpc.requestCallback<_herald_domains_v1_CheckSenderResponse__Output>): grpc.ClientUnaryCall;
  checkSender(argument: _herald_domains_v1_CheckSenderRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_CheckSenderResponse__Output>): grpc.ClientUnaryCall;
  checkSender(argument: _herald_domains_v1_CheckSenderRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_domains_v1_CheckSenderResponse__Output>): grpc.ClientUnaryCall;
  checkSender(argument: _herald_domains_v1_CheckSenderRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_CheckSenderResponse__Output>): grpc.ClientUnaryCall;
  checkSender(argument: _herald_domains_v1_CheckSenderRequest, callback: grpc.requestCallback<_herald_domains_v1_CheckSenderResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteDomain(argument: _herald_domains_v1_DomainIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteDomain(argument: _herald_domains_v1_DomainIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteDomain(argument: _herald_domains_v1_DomainIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteDomain(argument: _herald_domains_v1_DomainIdRequest, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteDomain(argument: _herald_domains_v1_DomainIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteDomain(argument: _herald_domains_v1_DomainIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteDomain(argument: _herald_domains_v1_DomainIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteDomain(argument: _herald_domains_v1_DomainIdRequest, callback: grpc.requestCallback<_herald_common_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  GetSigningKey(argument: _herald_domains_v1_SigningKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_SigningKeyResponse__Output>): grpc.ClientUnaryCall;
  GetSigningKey(argument: _herald_domains_v1_SigningKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_domains_v1_SigningKeyResponse__Output>): grpc.ClientUnaryCall;
  GetSigningKey(argument: _herald_domains_v1_SigningKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_SigningKeyResponse__Output>): grpc.ClientUnaryCall;
  GetSigningKey(argument: _herald_domains_v1_SigningKeyRequest, callback: grpc.requestCallback<_herald_domains_v1_SigningKeyResponse__Output>): grpc.ClientUnaryCall;
  getSigningKey(argument: _herald_domains_v1_SigningKeyRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_SigningKeyResponse__Output>): grpc.ClientUnaryCall;
  getSigningKey(argument: _herald_domains_v1_SigningKeyRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_domains_v1_SigningKeyResponse__Output>): grpc.ClientUnaryCall;
  getSigningKey(argument: _herald_domains_v1_SigningKeyRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_SigningKeyResponse__Output>): grpc.ClientUnaryCall;
  getSigningKey(argument: _herald_domains_v1_SigningKeyRequest, callback: grpc.requestCallback<_herald_domains_v1_SigningKeyResponse__Output>): grpc.ClientUnaryCall;
  
  InboundDomain(argument: _herald_domains_v1_InboundDomainRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_InboundDomainResponse__Output>): grpc.ClientUnaryCall;
  InboundDomain(argument: _herald_domains_v1_InboundDomainRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_domains_v1_InboundDomainResponse__Output>): grpc.ClientUnaryCall;
  InboundDomain(argument: _herald_domains_v1_InboundDomainRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_InboundDomainResponse__Output>): grpc.ClientUnaryCall;
  InboundDomain(argument: _herald_domains_v1_InboundDomainRequest, callback: grpc.requestCallback<_herald_domains_v1_InboundDomainResponse__Output>): grpc.ClientUnaryCall;
  inboundDomain(argument: _herald_domains_v1_InboundDomainRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_InboundDomainResponse__Output>): grpc.ClientUnaryCall;
  inboundDomain(argument: _herald_domains_v1_InboundDomainRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_domains_v1_InboundDomainResponse__Output>): grpc.ClientUnaryCall;
  inboundDomain(argument: _herald_domains_v1_InboundDomainRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_InboundDomainResponse__Output>): grpc.ClientUnaryCall;
  inboundDomain(argument: _herald_domains_v1_InboundDomainRequest, callback: grpc.requestCallback<_herald_domains_v1_InboundDomainResponse__Output>): grpc.ClientUnaryCall;
  
  ListDomains(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_DomainsResponse__Output>): grpc.ClientUnaryCall;
  ListDomains(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_domains_v1_DomainsResponse__Output>): grpc.ClientUnaryCall;
  ListDomains(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_DomainsResponse__Output>): grpc.ClientUnaryCall;
  ListDomains(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_domains_v1_DomainsResponse__Output>): grpc.ClientUnaryCall;
  listDomains(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_DomainsResponse__Output>): grpc.ClientUnaryCall;
  listDomains(argument: _herald_common_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_domains_v1_DomainsResponse__Output>): grpc.ClientUnaryCall;
  listDomains(argument: _herald_common_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_DomainsResponse__Output>): grpc.ClientUnaryCall;
  listDomains(argument: _herald_common_v1_Empty, callback: grpc.requestCallback<_herald_domains_v1_DomainsResponse__Output>): grpc.ClientUnaryCall;
  
  UpdateDomain(argument: _herald_domains_v1_UpdateDomainRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  UpdateDomain(argument: _herald_domains_v1_UpdateDomainRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  UpdateDomain(argument: _herald_domains_v1_UpdateDomainRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  UpdateDomain(argument: _herald_domains_v1_UpdateDomainRequest, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  updateDomain(argument: _herald_domains_v1_UpdateDomainRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  updateDomain(argument: _herald_domains_v1_UpdateDomainRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  updateDomain(argument: _herald_domains_v1_UpdateDomainRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  updateDomain(argument: _herald_domains_v1_UpdateDomainRequest, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  
  VerifyDomain(argument: _herald_domains_v1_DomainIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  VerifyDomain(argument: _herald_domains_v1_DomainIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  VerifyDomain(argument: _herald_domains_v1_DomainIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  VerifyDomain(argument: _herald_domains_v1_DomainIdRequest, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  verifyDomain(argument: _herald_domains_v1_DomainIdRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  verifyDomain(argument: _herald_domains_v1_DomainIdRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  verifyDomain(argument: _herald_domains_v1_DomainIdRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  verifyDomain(argument: _herald_domains_v1_DomainIdRequest, callback: grpc.requestCallback<_herald_domains_v1_DomainResponse__Output>): grpc.ClientUnaryCall;
  
}

export interface DomainsHandlers extends grpc.UntypedServiceImplementation {
  AddDomain: grpc.handleUnaryCall<_herald_domains_v1_AddDomainRequest__Output, _herald_domains_v1_DomainResponse>;
  
  CheckSender: grpc.handleUnaryCall<_herald_domains_v1_CheckSenderRequest__Output, _herald_domains_v1_CheckSenderResponse>;
  
  DeleteDomain: grpc.handleUnaryCall<_herald_domains_v1_DomainIdRequest__Output, _herald_common_v1_Empty>;
  
  GetSigningKey: grpc.handleUnaryCall<_herald_domains_v1_SigningKeyRequest__Output, _herald_domains_v1_SigningKeyResponse>;
  
  InboundDomain: grpc.handleUnaryCall<_herald_domains_v1_InboundDomainRequest__Output, _herald_domains_v1_InboundDomainResponse>;
  
  ListDomains: grpc.handleUnaryCall<_herald_common_v1_Empty__Output, _herald_domains_v1_DomainsResponse>;
  
  UpdateDomain: grpc.handleUnaryCall<_herald_domains_v1_UpdateDomainRequest__Output, _herald_domains_v1_DomainResponse>;
  
  VerifyDomain: grpc.handleUnaryCall<_herald_domains_v1_DomainIdRequest__Output, _herald_domains_v1_DomainResponse>;
  
}

export interface DomainsDefinition extends grpc.ServiceDefinition {
  AddDomain: MethodDefinition<_herald_domains_v1_AddDomainRequest, _herald_domains_v1_DomainResponse, _herald_domains_v1_AddDomainRequest__Output, _herald_domains_v1_DomainResponse__Output>
  CheckSender: MethodDefinition<_herald_domains_v1_CheckSenderRequest, _herald_domains_v1_CheckSenderResponse, _herald_domains_v1_CheckSenderRequest__Output, _herald_domains_v1_CheckSenderResponse__Output>
  DeleteDomain: MethodDefinition<_herald_domains_v1_DomainIdRequest, _herald_common_v1_Empty, _herald_domains_v1_DomainIdRequest__Output, _herald_common_v1_Empty__Output>
  GetSigningKey: MethodDefinition<_herald_domains_v1_SigningKeyRequest, _herald_domains_v1_SigningKeyResponse, _herald_domains_v1_SigningKeyRequest__Output, _herald_domains_v1_SigningKeyResponse__Output>
  InboundDomain: MethodDefinition<_herald_domains_v1_InboundDomainRequest, _herald_domains_v1_InboundDomainResponse, _herald_domains_v1_InboundDomainRequest__Output, _herald_domains_v1_InboundDomainResponse__Output>
  ListDomains: MethodDefinition<_herald_common_v1_Empty, _herald_domains_v1_DomainsResponse, _herald_common_v1_Empty__Output, _herald_domains_v1_DomainsResponse__Output>
  UpdateDomain: MethodDefinition<_herald_domains_v1_UpdateDomainRequest, _herald_domains_v1_DomainResponse, _herald_domains_v1_UpdateDomainRequest__Output, _herald_domains_v1_DomainResponse__Output>
  VerifyDomain: MethodDefinition<_herald_domains_v1_DomainIdRequest, _herald_domains_v1_DomainResponse, _herald_domains_v1_DomainIdRequest__Output, _herald_domains_v1_DomainResponse__Output>
}
