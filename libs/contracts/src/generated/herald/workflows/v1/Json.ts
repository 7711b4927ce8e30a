// Original file: protos/workflows/v1/workflows.proto


export interface Json {
  'json'?: (string);
}

export interface Json__Output {
  'json': (string);
}
