// Original file: protos/common/v1/common.proto


export interface Ref {
  'id'?: (string);
  'name'?: (string);
}

export interface Ref__Output {
  'id': (string);
  'name': (string);
}
