// Original file: protos/contacts/v1/contacts.proto

import type { Segment as _herald_contacts_v1_Segment, Segment__Output as _herald_contacts_v1_Segment__Output } from '../../../herald/contacts/v1/Segment';

export interface SegmentsResponse {
  'segments'?: (_herald_contacts_v1_Segment)[];
}

export interface SegmentsResponse__Output {
  'segments': (_herald_contacts_v1_Segment__Output)[];
}
