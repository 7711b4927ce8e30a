// Original file: protos/contacts/v1/contacts.proto

import type { Contact as _herald_contacts_v1_Contact, Contact__Output as _herald_contacts_v1_Contact__Output } from '../../../herald/contacts/v1/Contact';
import type { Long } from '@grpc/proto-loader';

export interface SegmentContactsResponse {
  'contacts'?: (_herald_contacts_v1_Contact)[];
  'total'?: (number | string | Long);
  'page'?: (number);
  'page_size'?: (number);
}

export interface SegmentContactsResponse__Output {
  'contacts': (_herald_contacts_v1_Contact__Output)[];
  'total': (string);
  'page': (number);
  'page_size': (number);
}
