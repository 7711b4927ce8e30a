// Original file: protos/contacts/v1/contacts.proto

import type { UpsertContactResult as _herald_contacts_v1_UpsertContactResult, UpsertContactResult__Output as _herald_contacts_v1_UpsertContactResult__Output } from '../../../herald/contacts/v1/UpsertContactResult';

export interface UpsertContactsResponse {
  'results'?: (_herald_contacts_v1_UpsertContactResult)[];
}

export interface UpsertContactsResponse__Output {
  'results': (_herald_contacts_v1_UpsertContactResult__Output)[];
}
