// Original file: protos/workflows/v1/workflows.proto


export interface WaitingFor {
  'event'?: (string);
  'until'?: (string);
  '_event'?: "event";
  '_until'?: "until";
}

export interface WaitingFor__Output {
  'event'?: (string);
  'until'?: (string);
  '_event'?: "event";
  '_until'?: "until";
}
