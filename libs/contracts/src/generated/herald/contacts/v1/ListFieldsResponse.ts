// Original file: protos/contacts/v1/contacts.proto

import type { Field as _herald_contacts_v1_Field, Field__Output as _herald_contacts_v1_Field__Output } from '../../../herald/contacts/v1/Field';

export interface ListFieldsResponse {
  'fields'?: (_herald_contacts_v1_Field)[];
}

export interface ListFieldsResponse__Output {
  'fields': (_herald_contacts_v1_Field__Output)[];
}
