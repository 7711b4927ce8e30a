// Original file: protos/workflows/v1/workflows.proto


export interface UpcomingRequest {
  'limit'?: (number);
}

export interface UpcomingRequest__Output {
  'limit': (number);
}
