// Original file: protos/contacts/v1/contacts.proto

import type { UpsertContactResponse as _herald_contacts_v1_UpsertContactResponse, UpsertContactResponse__Output as _herald_contacts_v1_UpsertContactResponse__Output } from '../../../herald/contacts/v1/UpsertContactResponse';

export interface UpsertContactResult {
  'result'?: (_herald_contacts_v1_UpsertContactResponse | null);
  'error_json'?: (string);
}

export interface UpsertContactResult__Output {
  'result': (_herald_contacts_v1_UpsertContactResponse__Output | null);
  'error_json': (string);
}
