// Original file: protos/domains/v1/domains.proto


export interface InboundDomainRequest {
  'domain'?: (string);
}

export interface InboundDomainRequest__Output {
  'domain': (string);
}
