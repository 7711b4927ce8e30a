// Original file: protos/messaging/v1/messaging.proto


export interface InboundIds {
  'ids'?: (string)[];
}

export interface InboundIds__Output {
  'ids': (string)[];
}
