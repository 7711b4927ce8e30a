// Original file: protos/domains/v1/domains.proto


export interface AddDomainRequest {
  'domain'?: (string);
  'dmarc_report_email'?: (string);
}

export interface AddDomainRequest__Output {
  'domain': (string);
  'dmarc_report_email': (string);
}
