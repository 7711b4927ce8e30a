// Original file: protos/domains/v1/domains.proto


export interface UpdateDomainRequest {
  'id'?: (string);
  'dmarc_report_email'?: (string);
}

export interface UpdateDomainRequest__Output {
  'id': (string);
  'dmarc_report_email': (string);
}
