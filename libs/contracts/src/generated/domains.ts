import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Empty as _herald_common_v1_Empty, Empty__Output as _herald_common_v1_Empty__Output } from './herald/common/v1/Empty';
import type { Error as _herald_common_v1_Error, Error__Output as _herald_common_v1_Error__Output } from './herald/common/v1/Error';
import type { FieldError as _herald_common_v1_FieldError, FieldError__Output as _herald_common_v1_FieldError__Output } from './herald/common/v1/FieldError';
import type { Ref as _herald_common_v1_Ref, Ref__Output as _herald_common_v1_Ref__Output } from './herald/common/v1/Ref';
import type { AddDomainRequest as _herald_domains_v1_AddDomainRequest, AddDomainRequest__Output as _herald_domains_v1_AddDomainRequest__Output } from './herald/domains/v1/AddDomainRequest';
import type { CheckSenderRequest as _herald_domains_v1_CheckSenderRequest, CheckSenderRequest__Output as _herald_domains_v1_CheckSenderRequest__Output } from './herald/domains/v1/CheckSenderRequest';
import type { CheckSenderResponse as _herald_domains_v1_CheckSenderResponse, CheckSenderResponse__Output as _herald_domains_v1_CheckSenderResponse__Output } from './herald/domains/v1/CheckSenderResponse';
import type { DnsRecord as _herald_domains_v1_DnsRecord, DnsRecord__Output as _herald_domains_v1_DnsRecord__Output } from './herald/domains/v1/DnsRecord';
import type { Domain as _herald_domains_v1_Domain, Domain__Output as _herald_domains_v1_Domain__Output } from './herald/domains/v1/Domain';
import type { DomainIdRequest as _herald_domains_v1_DomainIdRequest, DomainIdRequest__Output as _herald_domains_v1_DomainIdRequest__Output } from './herald/domains/v1/DomainIdRequest';
import type { DomainResponse as _herald_domains_v1_DomainResponse, DomainResponse__Output as _herald_domains_v1_DomainResponse__Output } from './herald/domains/v1/DomainResponse';
import type { DomainsClient as _herald_domains_v1_DomainsClient, DomainsDefinition as _herald_domains_v1_DomainsDefinition } from './herald/domains/v1/Domains';
import type { DomainsResponse as _herald_domains_v1_DomainsResponse, DomainsResponse__Output as _herald_domains_v1_DomainsResponse__Output } from './herald/domains/v1/DomainsResponse';
import type { InboundDomainRequest as _herald_domains_v1_InboundDomainRequest, InboundDomainRequest__Output as _herald_domains_v1_InboundDomainRequest__Output } from './herald/domains/v1/InboundDomainRequest';
import type { InboundDomainResponse as _herald_domains_v1_InboundDomainResponse, InboundDomainResponse__Output as _herald_domains_v1_InboundDomainResponse__Output } from './herald/domains/v1/InboundDomainResponse';
import type { InboundRoute as _herald_domains_v1_InboundRoute, InboundRoute__Output as _herald_domains_v1_InboundRoute__Output } from './herald/domains/v1/InboundRoute';
import type { SigningKeyRequest as _herald_domains_v1_SigningKeyRequest, SigningKeyRequest__Output as _herald_domains_v1_SigningKeyRequest__Output } from './herald/domains/v1/SigningKeyRequest';
import type { SigningKeyResponse as _herald_domains_v1_SigningKeyResponse, SigningKeyResponse__Output as _herald_domains_v1_SigningKeyResponse__Output } from './herald/domains/v1/SigningKeyResponse';
import type { UpdateDomainRequest as _herald_domains_v1_UpdateDomainRequest, UpdateDomainRequest__Output as _herald_domains_v1_UpdateDomainRequest__Output } from './herald/domains/v1/UpdateDomainRequest';

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
    domains: {
      v1: {
        AddDomainRequest: MessageTypeDefinition<_herald_domains_v1_AddDomainRequest, _herald_domains_v1_AddDomainRequest__Output>
        CheckSenderRequest: MessageTypeDefinition<_herald_domains_v1_CheckSenderRequest, _herald_domains_v1_CheckSenderRequest__Output>
        CheckSenderResponse: MessageTypeDefinition<_herald_domains_v1_CheckSenderResponse, _herald_domains_v1_CheckSenderResponse__Output>
        DnsRecord: MessageTypeDefinition<_herald_domains_v1_DnsRecord, _herald_domains_v1_DnsRecord__Output>
        Domain: MessageTypeDefinition<_herald_domains_v1_Domain, _herald_domains_v1_Domain__Output>
        DomainIdRequest: MessageTypeDefinition<_herald_domains_v1_DomainIdRequest, _herald_domains_v1_DomainIdRequest__Output>
        DomainResponse: MessageTypeDefinition<_herald_domains_v1_DomainResponse, _herald_domains_v1_DomainResponse__Output>
        Domains: SubtypeConstructor<typeof grpc.Client, _herald_domains_v1_DomainsClient> & { service: _herald_domains_v1_DomainsDefinition }
        DomainsResponse: MessageTypeDefinition<_herald_domains_v1_DomainsResponse, _herald_domains_v1_DomainsResponse__Output>
        InboundDomainRequest: MessageTypeDefinition<_herald_domains_v1_InboundDomainRequest, _herald_domains_v1_InboundDomainRequest__Output>
        InboundDomainResponse: MessageTypeDefinition<_herald_domains_v1_InboundDomainResponse, _herald_domains_v1_InboundDomainResponse__Output>
        InboundRoute: MessageTypeDefinition<_herald_domains_v1_InboundRoute, _herald_domains_v1_InboundRoute__Output>
        SigningKeyRequest: MessageTypeDefinition<_herald_domains_v1_SigningKeyRequest, _herald_domains_v1_SigningKeyRequest__Output>
        SigningKeyResponse: MessageTypeDefinition<_herald_domains_v1_SigningKeyResponse, _herald_domains_v1_SigningKeyResponse__Output>
        UpdateDomainRequest: MessageTypeDefinition<_herald_domains_v1_UpdateDomainRequest, _herald_domains_v1_UpdateDomainRequest__Output>
      }
    }
  }
}

