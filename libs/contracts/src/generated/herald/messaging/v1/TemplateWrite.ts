// Original file: protos/messaging/v1/messaging.proto

import type { NullableString as _herald_messaging_v1_NullableString, NullableString__Output as _herald_messaging_v1_NullableString__Output } from '../../../herald/messaging/v1/NullableString';

export interface TemplateWrite {
  'id'?: (string);
  'name'?: (string);
  'description'?: (string);
  'subject'?: (string);
  'body'?: (string);
  'type'?: (string);
  'from'?: (_herald_messaging_v1_NullableString | null);
  'from_name'?: (_herald_messaging_v1_NullableString | null);
  'reply_to'?: (_herald_messaging_v1_NullableString | null);
  'design_json'?: (_herald_messaging_v1_NullableString | null);
  '_name'?: "name";
  '_description'?: "description";
  '_subject'?: "subject";
  '_body'?: "body";
  '_type'?: "type";
}

export interface TemplateWrite__Output {
  'id': (string);
  'name'?: (string);
  'description'?: (string);
  'subject'?: (string);
  'body'?: (string);
  'type'?: (string);
  'from': (_herald_messaging_v1_NullableString__Output | null);
  'from_name': (_herald_messaging_v1_NullableString__Output | null);
  'reply_to': (_herald_messaging_v1_NullableString__Output | null);
  'design_json': (_herald_messaging_v1_NullableString__Output | null);
  '_name'?: "name";
  '_description'?: "description";
  '_subject'?: "subject";
  '_body'?: "body";
  '_type'?: "type";
}
