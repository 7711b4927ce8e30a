// Original file: protos/workflows/v1/workflows.proto


export interface Position {
  'x'?: (number | string);
  'y'?: (number | string);
}

export interface Position__Output {
  'x': (number);
  'y': (number);
}
