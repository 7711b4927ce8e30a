// Original file: protos/contacts/v1/contacts.proto

import type { UpsertContactItem as _herald_contacts_v1_UpsertContactItem, UpsertContactItem__Output as _herald_contacts_v1_UpsertContactItem__Output } from '../../../herald/contacts/v1/UpsertContactItem';

export interface UpsertContactsRequest {
  'items'?: (_herald_contacts_v1_UpsertContactItem)[];
}

export interface UpsertContactsRequest__Output {
  'items': (_herald_contacts_v1_UpsertContactItem__Output)[];
}
