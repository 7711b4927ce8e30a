// Original file: protos/domains/v1/domains.proto

import type { DnsRecord as _herald_domains_v1_DnsRecord, DnsRecord__Output as _herald_domains_v1_DnsRecord__Output } from '../../../herald/domains/v1/DnsRecord';

export interface Domain {
  'id'?: (string);
  'domain'?: (string);
  'verified'?: (boolean);
  'records'?: (_herald_domains_v1_DnsRecord)[];
  'created_at'?: (string);
  'verified_at'?: (string);
  'last_checked_at'?: (string);
  'dmarc_report_email'?: (string);
}

export interface Domain__Output {
  'id': (string);
  'domain': (string);
  'verified': (boolean);
  'records': (_herald_domains_v1_DnsRecord__Output)[];
  'created_at': (string);
  'verified_at': (string);
  'last_checked_at': (string);
  'dmarc_report_email': (string);
}
