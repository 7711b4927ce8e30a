// Original file: protos/contacts/v1/contacts.proto


export interface CheckConditionResponse {
  'condition_json'?: (string);
}

export interface CheckConditionResponse__Output {
  'condition_json': (string);
}
