// Original file: protos/domains/v1/domains.proto


export interface SigningKeyResponse {
  'found'?: (boolean);
  'domain'?: (string);
  'selector'?: (string);
  'private_key_pem'?: (string);
  'return_path_domain'?: (string);
}

export interface SigningKeyResponse__Output {
  'found': (boolean);
  'domain': (string);
  'selector': (string);
  'private_key_pem': (string);
  'return_path_domain': (string);
}
