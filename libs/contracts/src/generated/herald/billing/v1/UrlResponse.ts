// Original file: protos/billing/v1/billing.proto


export interface UrlResponse {
  'url'?: (string);
}

export interface UrlResponse__Output {
  'url': (string);
}
