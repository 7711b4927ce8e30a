// Original file: protos/messaging/v1/messaging.proto

import type { SendAddress as _herald_messaging_v1_SendAddress, SendAddress__Output as _herald_messaging_v1_SendAddress__Output } from '../../../herald/messaging/v1/SendAddress';
import type { SendAttachment as _herald_messaging_v1_SendAttachment, SendAttachment__Output as _herald_messaging_v1_SendAttachment__Output } from '../../../herald/messaging/v1/SendAttachment';

export interface SendRequest {
  'project_id'?: (string);
  'tracking'?: (string);
  'request_id'?: (string);
  'traceparent'?: (string);
  'to'?: (_herald_messaging_v1_SendAddress)[];
  'subject'?: (string);
  'body'?: (string);
  'template'?: (string);
  'subscribed'?: (boolean);
  'from'?: (_herald_messaging_v1_SendAddress | null);
  'name'?: (string);
  'reply'?: (string);
  'headers'?: ({[key: string]: string});
  'data_json'?: (string);
  'attachments'?: (_herald_messaging_v1_SendAttachment)[];
  'text'?: (string);
  '_subject'?: "subject";
  '_body'?: "body";
  '_template'?: "template";
  '_subscribed'?: "subscribed";
  '_name'?: "name";
  '_reply'?: "reply";
  '_data_json'?: "data_json";
  '_text'?: "text";
}

export interface SendRequest__Output {
  'project_id': (string);
  'tracking': (string);
  'request_id': (string);
  'traceparent': (string);
  'to': (_herald_messaging_v1_SendAddress__Output)[];
  'subject'?: (string);
  'body'?: (string);
  'template'?: (string);
  'subscribed'?: (boolean);
  'from': (_herald_messaging_v1_SendAddress__Output | null);
  'name'?: (string);
  'reply'?: (string);
  'headers': ({[key: string]: string});
  'data_json'?: (string);
  'attachments': (_herald_messaging_v1_SendAttachment__Output)[];
  'text'?: (string);
  '_subject'?: "subject";
  '_body'?: "body";
  '_template'?: "template";
  '_subscribed'?: "subscribed";
  '_name'?: "name";
  '_reply'?: "reply";
  '_data_json'?: "data_json";
  '_text'?: "text";
}
