// Original file: protos/messaging/v1/messaging.proto

import type { InReplyTo as _herald_messaging_v1_InReplyTo, InReplyTo__Output as _herald_messaging_v1_InReplyTo__Output } from '../../../herald/messaging/v1/InReplyTo';
import type { Long } from '@grpc/proto-loader';

export interface InboundMessage {
  'id'?: (string);
  'via'?: (string);
  'contact_id'?: (string);
  'from'?: (string);
  'to'?: (string)[];
  'subject'?: (string);
  'message_id'?: (string);
  'snippet'?: (string);
  'attachments'?: (string)[];
  'auto_reply'?: (boolean);
  'in_reply_to'?: (_herald_messaging_v1_InReplyTo | null);
  'size'?: (number | string | Long);
  'raw_available'?: (boolean);
  'received_at'?: (string);
  '_message_id'?: "message_id";
}

export interface InboundMessage__Output {
  'id': (string);
  'via': (string);
  'contact_id': (string);
  'from': (string);
  'to': (string)[];
  'subject': (string);
  'message_id'?: (string);
  'snippet': (string);
  'attachments': (string)[];
  'auto_reply': (boolean);
  'in_reply_to': (_herald_messaging_v1_InReplyTo__Output | null);
  'size': (string);
  'raw_available': (boolean);
  'received_at': (string);
  '_message_id'?: "message_id";
}
