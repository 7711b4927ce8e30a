// Original file: protos/contacts/v1/contacts.proto

import type { UpsertContactRequest as _herald_contacts_v1_UpsertContactRequest, UpsertContactRequest__Output as _herald_contacts_v1_UpsertContactRequest__Output } from '../../../herald/contacts/v1/UpsertContactRequest';

export interface UpsertContactsRequest {
  'items'?: (_herald_contacts_v1_UpsertContactRequest)[];
}

export interface UpsertContactsRequest__Output {
  'items': (_herald_contacts_v1_UpsertContactRequest__Output)[];
}
