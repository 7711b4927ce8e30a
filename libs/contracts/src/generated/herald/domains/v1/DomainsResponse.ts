// Original file: protos/domains/v1/domains.proto

import type { Domain as _herald_domains_v1_Domain, Domain__Output as _herald_domains_v1_Domain__Output } from '../../../herald/domains/v1/Domain';

export interface DomainsResponse {
  'domains'?: (_herald_domains_v1_Domain)[];
}

export interface DomainsResponse__Output {
  'domains': (_herald_domains_v1_Domain__Output)[];
}
