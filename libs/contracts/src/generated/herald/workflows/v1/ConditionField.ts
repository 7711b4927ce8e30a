// Original file: protos/workflows/v1/workflows.proto


export interface ConditionField {
  'field'?: (string);
  'type'?: (string);
  'category'?: (string);
}

export interface ConditionField__Output {
  'field': (string);
  'type': (string);
  'category': (string);
}
