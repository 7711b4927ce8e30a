// Original file: protos/messaging/v1/messaging.proto

import type { Template as _herald_messaging_v1_Template, Template__Output as _herald_messaging_v1_Template__Output } from '../../../herald/messaging/v1/Template';
import type { Long } from '@grpc/proto-loader';

export interface ListTemplatesResponse {
  'templates'?: (_herald_messaging_v1_Template)[];
  'total'?: (number | string | Long);
  'page'?: (number);
  'page_size'?: (number);
  'total_pages'?: (number);
}

export interface ListTemplatesResponse__Output {
  'templates': (_herald_messaging_v1_Template__Output)[];
  'total': (string);
  'page': (number);
  'page_size': (number);
  'total_pages': (number);
}
