// Original file: protos/messaging/v1/messaging.proto


export interface StorageStatusResponse {
  'enabled'?: (boolean);
  'kind'?: (string);
}

export interface StorageStatusResponse__Output {
  'enabled': (boolean);
  'kind': (string);
}
