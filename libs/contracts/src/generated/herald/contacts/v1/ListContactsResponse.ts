// Original file: protos/contacts/v1/contacts.proto

import type { Contact as _herald_contacts_v1_Contact, Contact__Output as _herald_contacts_v1_Contact__Output } from '../../../herald/contacts/v1/Contact';
import type { Long } from '@grpc/proto-loader';

export interface ListContactsResponse {
  'contacts'?: (_herald_contacts_v1_Contact)[];
  'cursor'?: (string);
  'has_more'?: (boolean);
  'total'?: (number | string | Long);
}

export interface ListContactsResponse__Output {
  'contacts': (_herald_contacts_v1_Contact__Output)[];
  'cursor': (string);
  'has_more': (boolean);
  'total': (string);
}
