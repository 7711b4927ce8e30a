// Original file: protos/domains/v1/domains.proto

import type { InboundRoute as _herald_domains_v1_InboundRoute, InboundRoute__Output as _herald_domains_v1_InboundRoute__Output } from '../../../herald/domains/v1/InboundRoute';

export interface InboundDomainResponse {
  'routes'?: (_herald_domains_v1_InboundRoute)[];
}

export interface InboundDomainResponse__Output {
  'routes': (_herald_domains_v1_InboundRoute__Output)[];
}
