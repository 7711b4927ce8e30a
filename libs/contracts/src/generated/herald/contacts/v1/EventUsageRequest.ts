// Original file: protos/contacts/v1/contacts.proto


export interface EventUsageRequest {
  'name'?: (string);
}

export interface EventUsageRequest__Output {
  'name': (string);
}
