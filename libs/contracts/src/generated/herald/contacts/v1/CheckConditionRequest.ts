// Original file: protos/contacts/v1/contacts.proto


export interface CheckConditionRequest {
  'condition_json'?: (string);
  'path'?: (string);
}

export interface CheckConditionRequest__Output {
  'condition_json': (string);
  'path': (string);
}
