// Original file: protos/messaging/v1/messaging.proto


export interface InboundRaw {
  'raw'?: (Buffer | Uint8Array | string);
}

export interface InboundRaw__Output {
  'raw': (Buffer);
}
