// Original file: protos/contacts/v1/contacts.proto

import type { Audience as _herald_contacts_v1_Audience, Audience__Output as _herald_contacts_v1_Audience__Output } from '../../../herald/contacts/v1/Audience';

export interface AudienceRequest {
  'audience'?: (_herald_contacts_v1_Audience | null);
}

export interface AudienceRequest__Output {
  'audience': (_herald_contacts_v1_Audience__Output | null);
}
