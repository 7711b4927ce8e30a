// Original file: protos/common/v1/common.proto


export interface FieldError {
  'field'?: (string);
  'message'?: (string);
  'code'?: (string);
}

export interface FieldError__Output {
  'field': (string);
  'message': (string);
  'code': (string);
}
