// Original file: protos/messaging/v1/messaging.proto

import type { Template as _herald_messaging_v1_Template, Template__Output as _herald_messaging_v1_Template__Output } from '../../../herald/messaging/v1/Template';

export interface TemplateResponse {
  'template'?: (_herald_messaging_v1_Template | null);
}

export interface TemplateResponse__Output {
  'template': (_herald_messaging_v1_Template__Output | null);
}
